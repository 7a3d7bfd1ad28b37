// "Send the unlock link again" under a sign-in refused because the account is soft-locked (1220):
// asks for a new unlock link (POST /accounts/unlock/init), then says so without telling whether the
// address has an account or is locked (the server answers the same either way, and limits the sends:
// its refusal shows as the form's error).
import { useState } from 'react';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../components/ui/form-error.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';

export function ResendUnlock({ error, email }: { error: unknown; email: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const message = useErrorMessage();
  const [sent, setSent] = useState(false);
  const resend = useSubmit(async () => {
    setSent(false);
    // The call loads when asked for: it stays off the sign-in page's first load.
    const { initUnlock } = await import('@portal/contract/calls/accounts-recovery');
    await api.call(initUnlock, { body: { email } });
    setSent(true);
  });
  const locked = error instanceof ApiError && error.is('account_soft_locked');
  if (!locked || email === '') return null;
  return (
    <div className="form-links">
      <button type="button" className="link-button link" onClick={() => void resend.run()} disabled={resend.pending}>
        {t('signIn.resendUnlock')}
      </button>
      <p role="status">{sent ? t('signIn.unlockResent', { email }) : null}</p>
      {resend.error ? (
        <p className="field-error" role="alert">
          {message(resend.error)}
        </p>
      ) : null}
    </div>
  );
}
