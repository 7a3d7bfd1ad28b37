// Game progress calls:
// - GET /accounts/me/game_progress?game_slugs=: the web app sees every game, a game's token its own;
// - PUT /accounts/me/game_progress/{game}: a game records progress with its own access token only;
// - PUT /accounts/me/unlink/game/{game}: the player removes a game (the web app only).
import { getGameProgress, recordGameProgress } from '@portal/contract/calls/accounts-me';
import { unlinkGame } from '@portal/contract/calls/accounts-links';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { RequestError } from '../../http/request-error.ts';

export function registerGameProgress(app: FastifyInstance, services: Services) {
  const { gameProgress: progress, consents } = services;

  registerCall(app, getGameProgress, async ({ query, session }) => ({
    game_progress: await progress.list(session, query.game_slugs),
  }));

  registerCall(app, recordGameProgress, async ({ params, body, request, session }) => {
    // A game's API key, when it sends one, must be the same game's.
    const apiGame = request.ctx.apiClient?.gameSlug;
    if (apiGame && apiGame !== params.game)
      throw new RequestError('game_token_mismatch', { body: { game: params.game } });
    return progress.record(session, params.game, body);
  });

  registerCall(app, unlinkGame, async ({ params, account }) => {
    await progress.unlink(account.id, params.game);
    return consents.view(account);
  });
}
