// Confirms removing a game from the account: what it does, then PUT /accounts/me/unlink/game/{game}.
import type { GameProgress } from '@portal/contract/calls/entities';
import { ModalForm } from '../../components/ui/modal-form.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';
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
  const submit = useSubmit(async () => {
    await unlink(game.game_slug);
    onRemoved(name);
  });
  return (
    <ModalForm
      title={t('gameProfiles.removeTitle', { game: name })}
      submit={submit}
      submitLabel={t('gameProfiles.removeConfirm')}
      onClose={onClose}
      danger
    >
      <p>{t('gameProfiles.removeBody', { game: name })}</p>
    </ModalForm>
  );
}
