// GET /oauth2/authorize: the browser comes here from a game and goes on to the /oauth page, or back
// to the game with an error it can be told (authorization-request.ts).
import type { FastifyInstance } from 'fastify';
import type { GamesService } from '../../games/service.ts';
import { authorizeRedirect } from './authorization-request.ts';
import type { AuthorizeQuery } from './authorization-request.ts';

export function registerAuthorizeRoutes(
  oauth: FastifyInstance,
  { issuer, games }: { issuer: string; games: GamesService },
) {
  oauth.get('/oauth2/authorize', async (request, reply) => {
    const raw = request.query as Record<string, string | string[] | undefined>;
    const query: AuthorizeQuery = {};
    for (const [name, value] of Object.entries(raw)) if (typeof value === 'string') query[name] = value;
    const client = query.client_id ? await games.findClient(query.client_id) : undefined;
    return reply.redirect(authorizeRedirect(query, client ?? null, issuer), 302);
  });
}
