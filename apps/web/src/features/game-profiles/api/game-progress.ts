// GET /accounts/me/game_progress: every game the signed-in player has played, most recent first.
import { getGameProgress } from '@portal/contract/calls/accounts-me';
import type { GameProgress } from '@portal/contract/calls/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../lib/services.tsx';
import type { ApiClient } from '../../../lib/api/client.ts';

export const GAME_PROGRESS_KEY = ['game-progress'] as const;

export function gameProgressQuery(api: ApiClient) {
  return queryOptions<GameProgress[]>({
    queryKey: GAME_PROGRESS_KEY,
    queryFn: async ({ signal }) => (await api.call(getGameProgress, {}, { signal })).game_progress,
  });
}

export function useGameProgress() {
  const { api } = useServices();
  return useQuery(gameProgressQuery(api));
}
