import { getGame } from '@portal/contract/calls/games';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerGames(app: FastifyInstance, services: Services) {
  const { games } = services;
  registerCall(app, getGame, ({ params }) => games.get(params.slug));
}
