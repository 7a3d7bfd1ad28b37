// force_verify (spec 000 §4 "OAuth authorize"): a player who was already signed in proves it is them
// again before the game gets a code: with an authenticator code when two-factor is on, else with a
// code emailed to them. Both go to PUT /sessions/me/verify, as turning two-factor off does.
import { sendSignInEmail } from '@portal/contract/calls/sessions';
import { verifySession } from '@portal/contract/calls/sessions-mfa';
import { useEffect, useRef, useState } from 'react';
import { SignedInAs } from '../../flows/auth-game.tsx';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { useServices, useSession } from '../../lib/services.tsx';
import { CodeField } from '../../components/ui/field.tsx';
import { FormError, SubmitForm } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { AuthenticatorCodeField } from '../../components/ui/authenticator-code-field.tsx';

export function ForceVerify({
  gameName,
  onVerified,
  onSignedOut,
}: {
  gameName: string;
  onVerified: () => Promise<void>;
  onSignedOut: () => void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const account = useSession().account;
  const email = account?.email ?? '';
  const withAuthenticator = account?.mfa_active === true;
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const codeField = useRef<HTMLDivElement>(null);
  useStepFocus('force-verify');
  // The send button gives way to the code field: focus goes there.
  useEffect(() => {
    if (sent) codeField.current?.querySelector('input')?.focus();
  }, [sent]);
  const send = useSubmit(async () => {
    await services.api.call(sendSignInEmail, { body: { email } });
    setSent(true);
  });
  const verify = useSubmit(async () => {
    await services.api.call(verifySession, {
      body: withAuthenticator ? { code_type: 'mfa_code', code } : { code_type: 'email_code', code: code.trim() },
    });
    await onVerified();
  });
  return (
    <Page title={t('oauth.verify.title')}>
      <p className="lead-text">{t('oauth.verify.intro', { game: gameName })}</p>
      <SignedInAs onSignedOut={onSignedOut} />
      {withAuthenticator ? (
        <SubmitForm submit={verify} label={t('oauth.verify.submit')}>
          <AuthenticatorCodeField value={code} onChange={setCode} />
        </SubmitForm>
      ) : !sent ? (
        <>
          <p>{t('oauth.verify.emailIntro', { email })}</p>
          <FormError error={send.error} />
          <div className="actions">
            <button type="button" className="button" onClick={() => void send.run()} disabled={send.pending}>
              {t('oauth.verify.send')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p role="status">{t('oauth.verify.sent', { email })}</p>
          <div ref={codeField}>
            <SubmitForm submit={verify} label={t('oauth.verify.submit')}>
              <CodeField value={code} onChange={setCode} />
            </SubmitForm>
          </div>
          <div className="form-links">
            <button type="button" className="link-button link" onClick={() => void send.run()} disabled={send.pending}>
              {t('oauth.verify.resend')}
            </button>
          </div>
          <FormError error={send.error} />
        </>
      )}
    </Page>
  );
}
