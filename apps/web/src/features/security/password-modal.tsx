// The update-password modal: the current password when one is set, a new one with its confirmation
// (the rules of sign-up), and whether to sign out every other device.
import { updatePassword } from '@portal/contract/calls/accounts-me';
import type { Account } from '@portal/contract/calls/entities';
import { useState } from 'react';
import { useServices } from '../../lib/services.tsx';
import { CheckboxField, CurrentPasswordField } from '../../components/ui/field.tsx';
import { ModalForm } from '../../components/ui/modal-form.tsx';
import { useNewPasswordFields } from '../../components/ui/new-password-fields.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';

export function PasswordModal({
  account,
  onClose,
  onDone,
}: {
  account: Account;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string | null>(null);
  const [signOutOthers, setSignOutOthers] = useState(true);
  const next = useNewPasswordFields();
  const submit = useSubmit(async () => {
    const missing = account.password_set && current === '';
    setCurrentError(missing ? t('security.currentRequired') : null);
    const password = next.validate();
    if (missing || !password) return;
    const updated = await services.api.call(updatePassword, {
      body: {
        ...(account.password_set ? { password: current } : {}),
        new_password: password,
        sign_out_others: signOutOthers,
      },
    });
    services.session.setAccount(updated);
    onDone();
    onClose();
  });
  return (
    <ModalForm
      title={account.password_set ? t('security.changePassword') : t('security.setPassword')}
      submit={submit}
      submitLabel={t('account.save')}
      onClose={onClose}
    >
      <p className="field-hint">{t('form.passwordRules')}</p>
      {account.password_set ? (
        <CurrentPasswordField value={current} onChange={setCurrent} error={currentError} />
      ) : null}
      {next.fields}
      <CheckboxField
        label={t('security.signOutOthers')}
        checked={signOutOthers}
        onChange={(e) => setSignOutOthers(e.target.checked)}
      />
    </ModalForm>
  );
}
