// The verify-email modal of the account and security pages.
import { sendVerificationEmail } from '@portal/contract/calls/accounts-me';
import type { Account } from '@portal/contract/calls/entities';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { CodeField } from '../ui/field.tsx';
import { ModalForm } from '../ui/modal-form.tsx';
import { useVerifyEmailCode } from './use-verify-email-code.ts';

/** The verify-email modal (spec 000 §4): a code mailed to the account's address confirms it. */
export function VerifyEmailModal({
  account,
  onClose,
  onVerified,
}: {
  account: Account;
  onClose: () => void;
  onVerified?: () => void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const [sent, setSent] = useState(false);
  const verify = useVerifyEmailCode(onVerified);
  const send = useSubmit(async () => {
    await services.api.call(sendVerificationEmail);
    setSent(true);
  });
  return (
    <ModalForm
      title={t('screen.verify-email.title')}
      submit={sent ? verify.submit : send}
      submitLabel={sent ? t('verify.submit') : t('verify.send')}
      onClose={onClose}
    >
      <p>{sent ? t('verify.sent', { email: account.email }) : t('verify.intro', { email: account.email })}</p>
      {sent ? <CodeField value={verify.code} onChange={verify.setCode} /> : null}
    </ModalForm>
  );
}
