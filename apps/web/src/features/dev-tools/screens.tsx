// Developer tools (feature flag dev_tools): the debug session settings and the mail outbox.
import { useId, useState } from 'react';
import type { ComponentType } from 'react';
import type { ScreenId } from '../../lib/router/route-table.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Page } from '../../components/ui/page.tsx';
import { useServices } from '../../lib/services.tsx';
import { debugSettings, saveDebugSettings } from '../../lib/environment.ts';
import type { DebugSettings } from '../../lib/environment.ts';

interface OutboxMail {
  id: string;
  subject: string;
  code: string | null;
  link: string | null;
  created_at: string;
}

function Outbox() {
  const { t } = useTranslation();
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [mails, setMails] = useState<OutboxMail[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = async () => {
    setFailed(false);
    try {
      const response = await fetch(`/dev/outbox?to=${encodeURIComponent(email)}`);
      if (!response.ok) throw new Error(String(response.status));
      setMails((await response.json()) as OutboxMail[]);
    } catch {
      setFailed(true);
    }
  };
  return (
    <section aria-labelledby="outbox-title" className="card">
      <h2 id="outbox-title">{t('devTools.outbox.title')}</h2>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void load();
        }}
      >
        <label htmlFor={inputId}>{t('devTools.outbox.email')}</label>
        <input id={inputId} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit" className="button button-small">
          {t('devTools.outbox.show')}
        </button>
      </form>
      {failed ? <p role="alert">{t('error.generic')}</p> : null}
      {mails !== null && mails.length === 0 ? <p>{t('devTools.outbox.empty')}</p> : null}
      {mails && mails.length > 0 ? (
        <ul className="outbox">
          {mails.map((mail) => (
            <li key={mail.id}>
              <strong>{mail.subject}</strong>
              {mail.code ? <code dir="ltr">{mail.code}</code> : null}
              {mail.link ? (
                <a href={mail.link} dir="ltr">
                  {mail.link}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function DebugSettingsForm() {
  const { t } = useTranslation();
  const { debug } = useServices();
  const [settings, setSettings] = useState<DebugSettings>(() => debugSettings(debug));
  const toggle = (key: keyof DebugSettings) => {
    const next = { ...settings, [key]: !settings[key] };
    setSettings(next);
    saveDebugSettings(next);
  };
  return (
    <section aria-labelledby="debug-title" className="card">
      <h2 id="debug-title">{t('devTools.debug.title')}</h2>
      <p>{t(debug ? 'devTools.debug.on' : 'devTools.debug.off')}</p>
      {(['isRegistrationFlagged', 'refreshRequired', 'showPlatforms'] as const).map((key) => (
        <label key={key} className="checkbox">
          <input type="checkbox" checked={settings[key]} disabled={!debug} onChange={() => toggle(key)} />
          {t(`devTools.debug.${key}`)}
        </label>
      ))}
    </section>
  );
}

function DevTools() {
  const { t } = useTranslation();
  return (
    <Page title={t('screen.dev-tools.title')}>
      <div className="stack">
        <DebugSettingsForm />
        <Outbox />
      </div>
    </Page>
  );
}

const SCREENS: Record<ScreenId<'dev-tools'>, ComponentType> = { 'dev-tools': DevTools };

export default function Screens({ id }: { id: ScreenId<'dev-tools'> }) {
  const Screen = SCREENS[id];
  return <Screen />;
}
