import { getGame } from '@portal/contract/calls/games';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { GamesRepo } from './repo.ts';
import { GamesService } from './service.ts';

export function registerGames(app: FastifyInstance, deps: Deps) {
  const service = new GamesService(new GamesRepo(deps.db.orm));
  registerCall(app, getGame, ({ params }) => service.get(params.slug));
}
