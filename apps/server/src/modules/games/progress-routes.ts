// Game progress calls:
// - GET /accounts/me/game_progress?game_slugs=: the web app sees every game, a game's token its own;
// - PUT /accounts/me/game_progress/{game}: a game records progress with its own access token only;
// - PUT /accounts/me/unlink/game/{game}: the player removes a game (the web app only).
import { getGameProgress, recordGameProgress } from '@portal/contract/calls/accounts-me';
import { unlinkGame } from '@portal/contract/calls/accounts-links';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { RequestError } from '../../http/request-error.ts';
import { AccountsRepo } from '../accounts/repo.ts';
import { signedInAccount } from '../accounts/signed-in.ts';
import type { ResolvedSession } from '../sessions/service.ts';
import { GameProgressRepo } from './progress-repo.ts';
import { GameProgressService } from './progress-service.ts';
import { GamesRepo } from './repo.ts';

function sessionOf(request: FastifyRequest): ResolvedSession {
  const session = request.ctx.session;
  if (!session) throw new RequestError('unauthorized');
  return session;
}

export function registerGameProgress(app: FastifyInstance, deps: Deps) {
  const accounts = new AccountsRepo(deps.db.orm);
  const progress = new GameProgressService({
    progress: new GameProgressRepo(deps.db.orm),
    games: new GamesRepo(deps.db.orm),
    tokens: deps.tokens,
  });

  registerCall(
    app,
    getGameProgress,
    async ({ query, request }) => ({ game_progress: await progress.list(sessionOf(request), query.game_slugs) }),
    { gameToken: 'allowed' },
  );

  registerCall(
    app,
    recordGameProgress,
    async ({ params, body, request }) => {
      // A game's API key, when it sends one, must be the same game's.
      const apiGame = request.ctx.apiClient?.gameSlug;
      if (apiGame && apiGame !== params.game)
        throw new RequestError('game_token_mismatch', { body: { game: params.game } });
      return progress.record(sessionOf(request), params.game, body);
    },
    { gameToken: 'required' },
  );

  registerCall(app, unlinkGame, async ({ params, request }) => {
    const account = await signedInAccount(accounts, request);
    await progress.unlink(account.id, params.game);
    return deps.consents.view(account);
  });
}
