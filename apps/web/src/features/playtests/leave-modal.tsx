// "Leave" (DELETE /betas/me/register/{id}), asked first: only a pre-registration can be left.
import { leave } from '@portal/contract/calls/betas';
import type { Beta } from '@portal/contract/calls/entities';
import { ModalForm } from '../../components/ui/modal-form.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { resolved } from './beta-texts.ts';

export function LeaveModal({
  beta,
  onClose,
  onLeft,
}: {
  beta: Beta;
  onClose: () => void;
  onLeft: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const title = resolved(beta.title, i18n.language) ?? '';
  const submit = useSubmit(async () => {
    await api.call(leave, { params: { id: beta.id } });
    await onLeft();
  });
  return (
    <ModalForm
      title={t('playtests.leaveTitle', { title })}
      submit={submit}
      submitLabel={t('playtests.leave')}
      onClose={onClose}
      danger
    >
      <p>{t('playtests.leaveBody')}</p>
    </ModalForm>
  );
}
