// Games signing players in through the portal (spec 000 §4 "OAuth authorize", 001 §7); the rules
// are OAuthService's:
// - GET /games/verify: an entry slug, client id and redirect URI belong together (1107, 1108);
// - GET /sessions/authorize/precheck: the client exists (404 invalid_client_id) and may use the
//   redirect URI (400 invalid_redirect_uri), before anything is shown to the player;
// - POST /sessions/authorize: a code for the signed-in player (PKCE S256 only), for those who may
//   sign in to the game (who-may-authorize.ts).
// The code is redeemed at POST /sessions/auth/token (grant_type authorization_code, sessions/routes)
// or at the standard POST /oauth2/token (standard-routes.ts).
// - GET and DELETE /accounts/me/connected_games: the games the player granted access, and revoking
//   one (issue 31): its grant ends with every sign-in its client holds.
import { verifyGameEntry } from '@portal/contract/calls/games';
import { authorize, precheckAuthorize } from '@portal/contract/calls/sessions-games';
import { listConnectedGames, revokeConnectedGame } from '@portal/contract/calls/signed-in-devices';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { originOf } from '../../http/origin.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerOAuth(app: FastifyInstance, { oauth, audit }: Pick<Services, 'oauth' | 'audit'>) {
  registerCall(app, verifyGameEntry, async ({ query }) => ({ game: await oauth.verifyEntry(query) }));

  registerCall(app, precheckAuthorize, async ({ query }) => {
    const { game } = await oauth.checkedClient(query.client_id, query.redirect_uri);
    return { game, iss: oauth.issuer };
  });

  registerCall(app, authorize, async ({ body, account }) => oauth.authorize(account, body));

  registerCall(app, listConnectedGames, async ({ account }) => ({ items: await oauth.connectedGames(account.id) }));

  registerCall(app, revokeConnectedGame, async ({ params, account, request }) => {
    await oauth.revokeGrant(account.id, params.client_id);
    await audit.record(account.id, 'game_access_revoked', originOf(request, params.client_id));
    return {};
  });
}
