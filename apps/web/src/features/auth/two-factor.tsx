// The second step of signing in to an account with two-factor on (spec 000 §2 "Two-factor"): the
// authenticator code, or another way: a backup code (/backup-code), a code sent by email when the
// first step did not come through the mailbox (the server lists the ways: ADR 029), a passkey of the
// account (issue 31, ADR 036), or support. One
// form, one Verify button, for whichever code the player is entering. The pending sign-in survives a
// reload and a second tab (app/restore-session.ts); finished in another tab, this one goes on too.
import { getCurrentSession, sendSignInEmail } from '@portal/contract/calls/sessions';
import { completeMfa, verifySession } from '@portal/contract/calls/sessions-mfa';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { continueFlow, signedIn } from '../../flows/continue-flow.ts';
import { useServices, useSession } from '../../lib/services.tsx';
import { useFlowServices } from '../../flows/flow-services.tsx';
import { AuthenticatorCodeField } from '../../components/ui/authenticator-code-field.tsx';
import { CodeField, TextField } from '../../components/ui/field.tsx';
import { FormError, SubmitForm } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { maskEmail } from '../../lib/mask-email.ts';
import { QueryProvider } from '../../lib/query.tsx';
import { Link } from '../../lib/router/router.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { PasskeyProofButton, usePasskeyProof } from '../../components/account/passkey-proof.tsx';
import { href } from '../../lib/router/route-table.ts';
import './two-factor.css';
import { signUpOf } from '../../flows/flow-facts.ts';

function CancelSignIn({ busy }: { busy: React.RefObject<boolean> }) {
  const { t } = useTranslation();
  const { logout } = useServices();
  const cancel = () => {
    busy.current = true;
    void logout();
  };
  return (
    <button type="button" className="link-button link" onClick={cancel}>
      {t('twoFactor.cancel')}
    </button>
  );
}

/**
 * Goes on when the sign-in is no longer pending without this page finishing it: completed in another
 * tab, or ended (signed out). `busy` is set while this page finishes or cancels it itself.
 */
function useFinishedElsewhere(busy: React.RefObject<boolean>) {
  const services = useFlowServices();
  const { pendingMfa, accessToken } = useSession();
  useEffect(() => {
    if (pendingMfa || busy.current) return;
    busy.current = true;
    void continueFlow(services);
  }, [pendingMfa, accessToken, busy, services]);
}

/** /two-factor, with the query client its read of the ways to finish needs (loaded with this page only). */
export function TwoFactor() {
  return (
    <QueryProvider>
      <TwoFactorSteps />
    </QueryProvider>
  );
}

function TwoFactorSteps() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const session = useSession();
  const busy = useRef(false);
  useFinishedElsewhere(busy);
  const [method, setMethod] = useState<'mfa_code' | 'email_code'>('mfa_code');
  const [otherWays, setOtherWays] = useState(false);
  const [code, setCode] = useState('');
  const [resent, setResent] = useState(false);
  const address = session.account?.email ?? signUpOf(services.flow.get()).email ?? '';
  const email = maskEmail(address);
  // The ways this sign-in may finish (no emailed code after a first step through the mailbox).
  const ways = useQuery({
    queryKey: ['session', 'mfa-methods', session.accessToken],
    queryFn: async () => (await services.api.call(getCurrentSession)).mfa_methods,
    enabled: session.pendingMfa && session.accessToken !== null,
  });
  const emailAllowed = ways.data?.includes('email_code') === true;
  const passkeyAllowed = ways.data?.includes('passkey') === true && typeof window.PublicKeyCredential === 'function';
  /** The session verified another way than completeMfa: read it again, now complete. */
  const completed = async () => {
    const current = await services.api.call(getCurrentSession);
    const accessToken = services.session.get().accessToken;
    if (accessToken) services.session.setTokens({ accessToken, mfaRequired: current.mfa_required });
    await services.account.set(current.account);
  };
  const finish = async (finishing: () => Promise<void>) => {
    busy.current = true;
    try {
      await finishing();
    } catch (error) {
      busy.current = false;
      throw error;
    }
    await continueFlow(services);
  };
  const submit = useSubmit(() =>
    finish(async () => {
      if (method === 'mfa_code') {
        await signedIn(services, await services.api.call(completeMfa, { body: { code_type: 'mfa_code', code } }));
        return;
      }
      await services.api.call(verifySession, { body: { code_type: 'email_code', code: code.trim() } });
      await completed();
    }),
  );
  const withPasskey = usePasskeyProof(() => finish(completed));
  const passkeyButton = passkeyAllowed ? (
    <li>
      <PasskeyProofButton proof={withPasskey} label={t('twoFactor.usePasskey')} className="button button-secondary" />
    </li>
  ) : null;
  const sendEmail = useSubmit(async () => {
    await services.api.call(sendSignInEmail, { body: { email: address } });
    if (method === 'email_code') setResent(true);
    setMethod('email_code');
    setCode('');
    setOtherWays(false);
    submit.setError(null);
  });
  const backToAuthenticator = () => {
    setMethod('mfa_code');
    setCode('');
    setResent(false);
    setOtherWays(false);
    submit.setError(null);
  };
  return (
    <Page title={t('screen.two-factor.title')}>
      <p className="lead-text">{method === 'email_code' ? t('signIn.codeSentTo', { email }) : t('twoFactor.intro')}</p>
      <SubmitForm submit={submit} label={t('twoFactor.verify')}>
        {method === 'email_code' ? (
          <CodeField value={code} onChange={setCode} />
        ) : (
          <AuthenticatorCodeField value={code} onChange={setCode} />
        )}
      </SubmitForm>
      {resent ? <p role="status">{t('signIn.codeResent')}</p> : null}
      {!otherWays && withPasskey.cancelled ? <p role="status">{t('signIn.passkeyCancelled')}</p> : null}
      {!otherWays ? <FormError error={sendEmail.error ?? withPasskey.error} /> : null}
      {!otherWays ? (
        <div className="form-links">
          {method === 'email_code' ? (
            <button
              type="button"
              className="link-button link"
              disabled={sendEmail.pending}
              onClick={() => void sendEmail.run()}
            >
              {t('signIn.resend')}
            </button>
          ) : null}
          {passkeyAllowed ? (
            <button
              type="button"
              className="link-button link"
              disabled={withPasskey.pending}
              onClick={() => void withPasskey.run()}
            >
              {t('twoFactor.usePasskey')}
            </button>
          ) : null}
          <button type="button" className="link-button link" onClick={() => setOtherWays(true)}>
            {t('twoFactor.otherWay')}
          </button>
          <CancelSignIn busy={busy} />
        </div>
      ) : (
        <section className="card stack" aria-labelledby="other-ways">
          <h2 id="other-ways">{t('twoFactor.otherWayTitle')}</h2>
          <ul className="other-ways">
            {passkeyButton}
            {method === 'email_code' ? (
              <li>
                <button type="button" className="link-button link" onClick={backToAuthenticator}>
                  {t('twoFactor.useAuthenticator')}
                </button>
              </li>
            ) : null}
            <li>
              <Link to={href('backup-code')}>{t('twoFactor.useBackupCode')}</Link>
            </li>
            {emailAllowed && method !== 'email_code' ? (
              <li>
                <p>{t('twoFactor.emailIntro', { email })}</p>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={sendEmail.pending}
                  onClick={() => void sendEmail.run()}
                >
                  {t('twoFactor.emailMe')}
                </button>
              </li>
            ) : null}
            {ways.data && !emailAllowed ? (
              <li>
                <p>{t('twoFactor.noEmailStep')}</p>
              </li>
            ) : null}
            {services.config.links.support ? (
              <li>
                <a href={services.config.links.support} target="_blank" rel="noopener noreferrer">
                  {t('twoFactor.lostBoth')}
                </a>
              </li>
            ) : null}
          </ul>
          <FormError error={sendEmail.error ?? ways.error} />
          <div className="form-links">
            <CancelSignIn busy={busy} />
          </div>
        </section>
      )}
    </Page>
  );
}

export function BackupCode() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const busy = useRef(false);
  useFinishedElsewhere(busy);
  const [code, setCode] = useState('');
  const submit = useSubmit(async () => {
    busy.current = true;
    try {
      const answer = await services.api.call(completeMfa, { body: { code_type: 'backup_code', code: code.trim() } });
      await signedIn(services, answer);
    } catch (error) {
      busy.current = false;
      throw error;
    }
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
        <CancelSignIn busy={busy} />
      </div>
    </Page>
  );
}
