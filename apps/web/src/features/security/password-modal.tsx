// The update-password modal: the current password when one is set, a new one with its confirmation
// (the rules of sign-up), and whether to sign out every other device. A first password (an account that
// signed in by emailed codes or a platform) asks the player to prove it is them first (issue 31).
import { updatePassword } from '@portal/contract/calls/accounts-me';
import type { Account } from '@portal/contract/calls/entities';
import { useState } from 'react';
import { useServices } from '../../lib/services.tsx';
import { CheckboxField, CurrentPasswordField } from '../../components/ui/field.tsx';
import { ModalForm } from '../../components/ui/modal-form.tsx';
import { useNewPasswordFields } from '../../components/ui/new-password-fields.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { useReauthentication } from '../../components/account/reauthentication.tsx';

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
  // A message key, translated when shown (the error messages may load after the modal opened).
  const [currentError, setCurrentError] = useState<MessageKey | null>(null);
  const [signOutOthers, setSignOutOthers] = useState(true);
  const next = useNewPasswordFields();
  const proof = useReauthentication(account);
  const submit = useSubmit(async () => {
    const missing = account.password_set && current === '';
    setCurrentError(missing ? 'security.currentRequired' : null);
    const password = next.validate();
    const proven = account.password_set || proof.check();
    if (missing || !password || !proven) return;
    if (!account.password_set && !(await proof.verify())) return;
    const updated = await services.api
      .call(updatePassword, {
        body: {
          ...(account.password_set ? { password: current } : {}),
          new_password: password,
          sign_out_others: signOutOthers,
        },
      })
      .catch((failure: unknown) => {
        // A wrong current password (1049) is told on its field, not as an error of the form.
        if (failure instanceof ApiError && failure.is('current_password_incorrect')) return null;
        proof.expired(failure);
        throw failure;
      });
    if (!updated) return setCurrentError('error.current_password_incorrect');
    await services.account.set(updated);
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
        <CurrentPasswordField value={current} onChange={setCurrent} error={currentError && t(currentError)} />
      ) : null}
      {next.fields}
      {account.password_set ? null : proof.fields}
      <CheckboxField
        label={t('security.signOutOthers')}
        checked={signOutOthers}
        onChange={(e) => setSignOutOthers(e.target.checked)}
      />
    </ModalForm>
  );
}
