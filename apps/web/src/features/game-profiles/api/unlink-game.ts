// PUT /accounts/me/unlink/game/{game}: the player removes a game. The answer is the account, which
// replaces the one in the session; the game leaves the progress list at once.
import { unlinkGame } from '@portal/contract/calls/accounts-links';
import type { GameProgress } from '@portal/contract/calls/entities';
import { useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../lib/services.tsx';
import { ApiError } from '../../../lib/api/api-error.ts';
import { GAME_PROGRESS_KEY } from './game-progress.ts';

export function useUnlinkGame() {
  const services = useServices();
  const queryClient = useQueryClient();
  const drop = (slug: string) =>
    queryClient.setQueryData<GameProgress[]>(GAME_PROGRESS_KEY, (list) => list?.filter((g) => g.game_slug !== slug));
  return async (slug: string): Promise<void> => {
    try {
      await services.account.set(await services.api.call(unlinkGame, { params: { game: slug } }));
    } catch (error) {
      // Already removed (another tab or device): the list catches up, and the message says so.
      if (error instanceof ApiError && error.is('game_profile_missing')) drop(slug);
      throw error;
    }
    drop(slug);
    await queryClient.invalidateQueries({ queryKey: GAME_PROGRESS_KEY });
  };
}
