// Confirms removing a game from the account: what it does, then PUT /accounts/me/unlink/game/{game}.
import type { GameProgress } from '@portal/contract/calls/entities';
import { ConfirmModal } from '../../components/ui/confirm-modal.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useUnlinkGame } from './api/unlink-game.ts';
import { gameName } from './game-profile-card.tsx';

export function RemoveGameModal({
  game,
  onClose,
  onRemoved,
}: {
  game: GameProgress;
  onClose: () => void;
  onRemoved: (name: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const unlink = useUnlinkGame();
  const name = gameName(game, i18n.language);
  return (
    <ConfirmModal
      title={t('gameProfiles.removeTitle', { game: name })}
      confirmLabel={t('gameProfiles.removeConfirm')}
      destructive
      onConfirm={async () => {
        await unlink(game.game_slug);
        onRemoved(name);
      }}
      onCancel={onClose}
    >
      <p>{t('gameProfiles.removeBody', { game: name })}</p>
    </ConfirmModal>
  );
}
