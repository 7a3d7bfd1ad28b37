// "Confirm friend action": unfriend, block, decline and unblock are asked first, naming the player.
// The call's error shows in the modal; closing it returns the focus to the button that opened it.
import { ConfirmModal } from '../../components/ui/confirm-modal.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { ACTION_TEXT, CONFIRM_TEXT } from './action-text.ts';
import { playerName } from './friend-changes.ts';
import type { FriendAction } from './friend-changes.ts';

export function ConfirmFriendAction({
  action,
  onConfirm,
  onClose,
}: {
  action: FriendAction;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const text = CONFIRM_TEXT[action.kind];
  const name = playerName(action.account);
  if (!text) return null;
  return (
    <ConfirmModal
      title={t(text.title, { name })}
      confirmLabel={t(ACTION_TEXT[action.kind].label)}
      destructive={text.danger}
      onConfirm={onConfirm}
      onCancel={onClose}
    >
      <p>{t(text.body, { name })}</p>
    </ConfirmModal>
  );
}
