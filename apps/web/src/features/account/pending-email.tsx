// A pending email change (spec 000 §4 "Email change: pending until the new address is verified"):
// the code sent to the new address confirms it; the code can be sent again or the change dropped.
// Right after the change is asked for, its code field takes the focus and scrolls into view.
import { cancelEmailChange, sendVerificationEmail } from '@portal/contract/calls/accounts-me';
import type { Account } from '@portal/contract/calls/entities';
import { useEffect, useRef, useState } from 'react';
import { useVerifyEmailCode } from '../../components/account/use-verify-email-code.ts';
import { useServices } from '../../lib/services.tsx';
import { CodeField } from '../../components/ui/field.tsx';
import { FormError, SubmitForm } from '../../components/ui/form-error.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';

export function PendingEmail({
  account,
  focusCode = false,
  onFocused,
}: {
  account: Account;
  focusCode?: boolean;
  onFocused?: () => void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusCode) return;
    const field = region.current?.querySelector('input');
    field?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: 'center' });
    onFocused?.();
  }, [focusCode, onFocused]);
  const verify = useVerifyEmailCode();
  const [resent, setResent] = useState(false);
  const resend = useSubmit(async () => {
    setResent(false);
    await services.api.call(sendVerificationEmail);
    setResent(true);
  });
  const cancel = useSubmit(async () => {
    await services.account.set(await services.api.call(cancelEmailChange));
  });
  return (
    <div ref={region} className="notice pending-email" role="region" aria-labelledby="pending-email-title">
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
