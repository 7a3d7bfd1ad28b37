// A game's config (GET /games/{slug}) as one query of the page's cache: the sign-in and sign-up
// screens, the connection flow and the home page's cards read it under the same key. The games call
// loads only when a game is asked for, keeping it off the sign-in page's first load.
import type { GameConfig } from '@portal/contract/calls/games';
import type { ApiClient } from '../lib/api/client.ts';
import { loadQueryClient } from '../lib/query/load.ts';

export function gameConfigQuery(api: ApiClient, slug: string) {
  return {
    queryKey: ['game', slug],
    queryFn: async (): Promise<GameConfig> => {
      const { getGame } = await import('@portal/contract/calls/games');
      return api.call(getGame, { params: { slug } });
    },
  };
}

/** The game's config from the cache, else from the server (null when it cannot be read). */
export async function fetchGameConfig(api: ApiClient, slug: string): Promise<GameConfig | null> {
  const client = await loadQueryClient();
  return client.fetchQuery(gameConfigQuery(api, slug)).catch(() => null);
}
