// "Leave" (DELETE /betas/me/register/{id}), asked first: only a pre-registration can be left.
import { leave } from '@portal/contract/calls/betas';
import type { Beta } from '@portal/contract/calls/entities';
import { ConfirmModal } from '../../components/ui/confirm-modal.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
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
  return (
    <ConfirmModal
      title={t('playtests.leaveTitle', { title })}
      confirmLabel={t('playtests.leave')}
      destructive
      onConfirm={async () => {
        await api.call(leave, { params: { id: beta.id } });
        await onLeft();
      }}
      onCancel={onClose}
    >
      <p>{t('playtests.leaveBody')}</p>
    </ConfirmModal>
  );
}
