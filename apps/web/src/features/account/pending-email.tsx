// A pending email change (spec 000 §4 "Email change: pending until the new address is verified"):
// the code sent to the new address confirms it; the code can be sent again or the change dropped.
import { cancelEmailChange, sendVerificationEmail } from '@portal/contract/calls/accounts-me';
import type { Account } from '@portal/contract/calls/entities';
import { useState } from 'react';
import { useVerifyEmailCode } from '../../components/account/use-verify-email-code.ts';
import { useServices } from '../../lib/services.tsx';
import { CodeField } from '../../components/ui/field.tsx';
import { FormError, SubmitForm } from '../../components/ui/form-error.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';

export function PendingEmail({ account }: { account: Account }) {
  const { t } = useTranslation();
  const services = useServices();
  const verify = useVerifyEmailCode();
  const [resent, setResent] = useState(false);
  const resend = useSubmit(async () => {
    setResent(false);
    await services.api.call(sendVerificationEmail);
    setResent(true);
  });
  const cancel = useSubmit(async () => {
    services.session.setAccount(await services.api.call(cancelEmailChange));
  });
  return (
    <div className="notice pending-email" role="region" aria-labelledby="pending-email-title">
      <p id="pending-email-title" className="notice-title">
        {t('account.pendingTitle')}
      </p>
      <p>{t('account.pendingBody', { email: account.email_pending, current: account.email })}</p>
      <SubmitForm submit={verify.submit} label={t('verify.submit')}>
        <CodeField value={verify.code} onChange={verify.setCode} />
      </SubmitForm>
      <FormError error={resend.error ?? cancel.error} />
      {resent ? <p role="status">{t('signIn.codeResent')}</p> : null}
      <div className="form-links">
        <button type="button" className="link-button link" disabled={resend.pending} onClick={() => void resend.run()}>
          {t('signIn.resend')}
        </button>
        <button type="button" className="link-button link" disabled={cancel.pending} onClick={() => void cancel.run()}>
          {t('account.cancelChange')}
        </button>
      </div>
    </div>
  );
}
