// The games calls: a game's configuration (GET /games/{slug}) and the players' progress in games:
// - GET /accounts/me/game_progress?game_slugs=: the web app sees every game, a game's token its own;
// - PUT /accounts/me/game_progress/{game}: a game records progress with its own access token only;
// - PUT /accounts/me/unlink/game/{game}: the player removes a game (the web app only).
// The rules are GamesService's and GameProgressService's (progress-service.ts).
import { unlinkGame } from '@portal/contract/calls/accounts-links';
import { getGameProgress, recordGameProgress } from '@portal/contract/calls/accounts-me';
import { getGame } from '@portal/contract/calls/games';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerGames(
  app: FastifyInstance,
  { games, gameProgress: progress, consents }: Pick<Services, 'games' | 'gameProgress' | 'consents'>,
) {
  registerCall(app, getGame, ({ params }) => games.get(params.slug));

  registerCall(app, getGameProgress, async ({ query, session }) => ({
    game_progress: await progress.list(session, query.game_slugs),
  }));

  registerCall(app, recordGameProgress, async ({ params, body, request, session }) =>
    progress.record(session, params.game, body, request.ctx.apiClient?.gameSlug),
  );

  registerCall(app, unlinkGame, async ({ params, account }) => {
    await progress.unlink(account.id, params.game);
    return consents.view(account);
  });
}
