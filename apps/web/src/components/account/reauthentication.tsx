// Proving it is the player before a change that could hand the account to someone else, such as a
// new email address (issue 28, ADR 029): the password; the authenticator for an account without a
// password; a code mailed to the current address for an account with neither (its mailbox is all it
// has). A passkey of the account proves it as well as the password (issue 31, ADR 036): offered
// beside the field when the account has one. Proven once per modal, and again when the server says
// the proof is too old (10 minutes).
import type { Account } from '@portal/contract/calls/entities';
import { sendSignInEmail } from '@portal/contract/calls/sessions';
import { verifySession } from '@portal/contract/calls/sessions-mfa';
import { useRef, useState } from 'react';
import { AuthenticatorCodeField } from '../ui/authenticator-code-field.tsx';
import { CodeField, CurrentPasswordField } from '../ui/field.tsx';
import { FormError } from '../ui/form-error.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { maskEmail } from '../../lib/mask-email.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { browserHasPasskeys, usePasskeys } from '../../lib/auth/passkeys.ts';
import { PasskeyProofButton, usePasskeyProof } from './passkey-proof.tsx';

/**
 * `mailboxEnough`: the change is confirmed by a code mailed to the account anyway (deleting it), so an
 * account with neither a password nor two-factor proves nothing more here.
 */
export function useReauthentication(account: Account, { mailboxEnough = false } = {}) {
  const { t } = useTranslation();
  const services = useServices();
  const kind = account.password_set ? 'password' : account.mfa_active ? 'mfa_code' : 'email_code';
  const nothingToProve = mailboxEnough && kind === 'email_code';
  const [password, setPasswordValue] = useState('');
  const [code, setCodeValue] = useState('');
  // A message key, translated when shown (the error messages may load after the modal opened).
  const [error, setError] = useState<MessageKey | null>(null);
  // What the field said goes once the player types again.
  const setPassword = (value: string) => (setPasswordValue(value), setError(null));
  const setCode = (value: string) => (setCodeValue(value), setError(null));
  const [sent, setSent] = useState(false);
  const verified = useRef(false);
  const [byPasskey, setByPasskey] = useState(false);
  const passkeys = usePasskeys(browserHasPasskeys());
  const hasPasskey = (passkeys.data?.length ?? 0) > 0;
  const email = maskEmail(account.email ?? '');
  // A passkey's answer proves it at once (PUT /sessions/me/verify); the modal's button then goes on.
  const withPasskey = usePasskeyProof(async () => {
    verified.current = true;
    setError(null);
    setByPasskey(true);
  });
  const send = useSubmit(async () => {
    await services.api.call(sendSignInEmail, { body: { email: account.email ?? '' } });
    setSent(true);
  });
  /** Whether the proof is filled in (or given already); shows the field's error when not. */
  const check = () => {
    if (verified.current || nothingToProve) return true;
    const missing = kind === 'password' ? password === '' : !/^\d{6}$/.test(code.trim());
    setError(missing ? (kind === 'password' ? 'security.currentRequired' : 'account.reauthCodeRequired') : null);
    return !missing;
  };
  /**
   * Proves it (PUT /sessions/me/verify) unless done already in this modal. False when the password
   * was wrong (1049): its field says so, and the change waits.
   */
  const verify = async (): Promise<boolean> => {
    if (verified.current || nothingToProve) return true;
    try {
      await services.api.call(verifySession, {
        body: kind === 'password' ? { code_type: 'password', password } : { code_type: kind, code: code.trim() },
      });
    } catch (failure) {
      if (!(failure instanceof ApiError && failure.is('current_password_incorrect'))) throw failure;
      setError('error.current_password_incorrect');
      return false;
    }
    verified.current = true;
    return true;
  };
  /** The change was refused for want of a proof (it grew too old): ask for it again. */
  /** Whether the change was refused for want of a (fresh) proof; if so it is asked for again. */
  const expired = (failure: unknown): boolean => {
    const stale = failure instanceof ApiError;
    if (stale && (failure.is('reauthentication_required') || failure.is('session_verification_required'))) {
      verified.current = false;
      setByPasskey(false);
      return true;
    }
    return false;
  };
  const passkeyChoice = hasPasskey ? (
    <div className="stack">
      <PasskeyProofButton
        proof={withPasskey}
        label={t('account.reauthPasskey')}
        className="button button-secondary button-small"
      />
    </div>
  ) : null;
  const fields = nothingToProve ? null : byPasskey ? (
    <div className="reauthentication stack">
      <p role="status">{t('account.reauthPasskeyDone')}</p>
    </div>
  ) : (
    <div className="reauthentication stack">
      <p>{t('account.reauthIntro')}</p>
      {passkeyChoice}
      {kind === 'password' ? (
        <CurrentPasswordField value={password} onChange={setPassword} error={error && t(error)} />
      ) : null}
      {kind === 'mfa_code' ? (
        <AuthenticatorCodeField value={code} onChange={setCode} error={error && t(error)} />
      ) : null}
      {kind === 'email_code' ? (
        <>
          <p>{t('account.reauthEmail', { email })}</p>
          <div>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={send.pending}
              onClick={() => void send.run()}
            >
              {sent ? t('signIn.resend') : t('twoFactor.emailMe')}
            </button>
          </div>
          {sent ? <p role="status">{t('signIn.codeSentTo', { email })}</p> : null}
          <FormError error={send.error} />
          <CodeField value={code} onChange={setCode} error={error && t(error)} />
        </>
      ) : null}
    </div>
  );
  /** Whether the change waits for this proof (false once given, or when there is nothing to prove). */
  const needed = !nothingToProve;
  return { check, verify, expired, fields, needed };
}
