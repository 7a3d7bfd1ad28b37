// The awarded platform key (spec 000 §2 "platform instructions"): the key with a copy button, and how
// to use it on its platform (Steam: Activate a Product; Xbox: Redeem a code; PlayStation, Epic: their
// stores). Keys are shown left to right in every language.
import type { Beta } from '@portal/contract/calls/entities';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { CopyButton } from './copy-button.tsx';
import { PLATFORM_NAME, keyInstructions } from './platform-text.ts';

export function PlatformKeyPanel({ platformCode }: { platformCode: NonNullable<Beta['platform_code']> }) {
  const { t } = useTranslation();
  const headingId = useId();
  const platform = t(PLATFORM_NAME[platformCode.platform]);
  const { steps, link } = keyInstructions(platformCode.platform);
  return (
    <section className="playtest-key" aria-labelledby={headingId}>
      <h4 id={headingId} className="playtest-key-title">
        {t('playtests.keyTitle', { platform })}
      </h4>
      <div className="playtest-key-row">
        <code className="playtest-key-code" dir="ltr" translate="no">
          {platformCode.code}
        </code>
        <CopyButton text={platformCode.code} label={t('playtests.copyKey', { platform })} />
      </div>
      <p className="playtest-key-how">{t('playtests.instructionsTitle')}</p>
      <ol className="playtest-steps">
        {steps.map((step) => (
          <li key={step}>{t(step)}</li>
        ))}
      </ol>
      {link ? (
        <p>
          <a href={link.url} target="_blank" rel="noopener noreferrer">
            {t(link.label)}
          </a>
        </p>
      ) : null}
    </section>
  );
}
