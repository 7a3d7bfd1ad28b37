// The second step of signing in to an account with two-factor on (spec 000 §2 "Two-factor"): the
// authenticator code, or another way: a backup code (/backup-code) or a code sent by email.
import { getCurrentSession, sendSignInEmail } from '@portal/contract/calls/sessions';
import { completeMfa, verifySession } from '@portal/contract/calls/sessions-mfa';
import { useState } from 'react';
import { continueFlow, signedIn } from '../../app/flows/continue-flow.ts';
import { useServices, useSession } from '../../lib/services.tsx';
import { AuthenticatorCodeField } from '../../components/ui/authenticator-code-field.tsx';
import { CodeField, TextField } from '../../components/ui/field.tsx';
import { SubmitForm } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { href } from '../../app/routing/route-table.ts';

function CancelSignIn() {
  const { t } = useTranslation();
  const { logout } = useServices();
  return (
    <button type="button" className="link-button link" onClick={() => void logout()}>
      {t('twoFactor.cancel')}
    </button>
  );
}

export function TwoFactor() {
  const { t } = useTranslation();
  const services = useServices();
  const session = useSession();
  const [code, setCode] = useState('');
  const [otherWays, setOtherWays] = useState(false);
  const [emailSent, setEmailSent] = useState(false);
  const [emailCode, setEmailCode] = useState('');
  const email = session.account?.email ?? services.flow.get().data.email ?? '';
  const submit = useSubmit(async () => {
    const answer = await services.api.call(completeMfa, { body: { code_type: 'mfa_code', code } });
    signedIn(services, answer);
    await continueFlow(services);
  });
  const sendEmail = useSubmit(async () => {
    await services.api.call(sendSignInEmail, { body: { email } });
    setEmailSent(true);
  });
  const verifyEmail = useSubmit(async () => {
    await services.api.call(verifySession, { body: { code_type: 'email_code', code: emailCode } });
    const current = await services.api.call(getCurrentSession);
    const accessToken = services.session.get().accessToken;
    if (accessToken) services.session.setTokens({ accessToken, mfaRequired: current.mfa_required });
    services.session.setAccount(current.account);
    await continueFlow(services);
  });
  return (
    <Page title={t('screen.two-factor.title')}>
      <p className="lead-text">{t('twoFactor.intro')}</p>
      <SubmitForm submit={submit} label={t('twoFactor.verify')}>
        <AuthenticatorCodeField value={code} onChange={setCode} />
      </SubmitForm>
      {!otherWays ? (
        <div className="form-links">
          <button type="button" className="link-button link" onClick={() => setOtherWays(true)}>
            {t('twoFactor.otherWay')}
          </button>
          <CancelSignIn />
        </div>
      ) : (
        <section className="card stack" aria-labelledby="other-ways">
          <h2 id="other-ways">{t('twoFactor.otherWayTitle')}</h2>
          <p>
            <Link to={href('backup-code')}>{t('twoFactor.useBackupCode')}</Link>
          </p>
          {!emailSent ? (
            <SubmitForm submit={sendEmail} label={t('twoFactor.emailMe')}>
              <p>{t('twoFactor.emailIntro', { email })}</p>
            </SubmitForm>
          ) : (
            <SubmitForm submit={verifyEmail} label={t('twoFactor.verify')}>
              <p role="status">{t('signIn.codeSent', { email })}</p>
              <CodeField value={emailCode} onChange={setEmailCode} />
            </SubmitForm>
          )}
          <div className="form-links">
            <CancelSignIn />
          </div>
        </section>
      )}
    </Page>
  );
}

export function BackupCode() {
  const { t } = useTranslation();
  const services = useServices();
  const [code, setCode] = useState('');
  const submit = useSubmit(async () => {
    const answer = await services.api.call(completeMfa, { body: { code_type: 'backup_code', code: code.trim() } });
    signedIn(services, answer);
    await continueFlow(services);
  });
  return (
    <Page title={t('screen.backup-code.title')}>
      <p className="lead-text">{t('twoFactor.backupIntro')}</p>
      <SubmitForm submit={submit} label={t('twoFactor.verify')}>
        <TextField
          label={t('twoFactor.backupLabel')}
          hint={t('twoFactor.backupHint')}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={16}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </SubmitForm>
      <div className="form-links">
        <Link to={href('two-factor')}>{t('twoFactor.useAuthenticator')}</Link>
        <CancelSignIn />
      </div>
    </Page>
  );
}
