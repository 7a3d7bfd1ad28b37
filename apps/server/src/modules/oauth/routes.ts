// Games signing players in through the portal (spec 000 §4 "OAuth authorize", 001 §7):
// - GET /games/verify: an entry slug, client id and redirect URI belong together (1107, 1108);
// - GET /sessions/authorize/precheck: the client exists (404 invalid_client_id) and may use the
//   redirect URI (400 invalid_redirect_uri), before anything is shown to the player;
// - POST /sessions/authorize: a code for the signed-in player (PKCE S256 only), for those who may
//   sign in to the game (who-may-authorize.ts);
// The code is redeemed at POST /sessions/auth/token (grant_type authorization_code, sessions/routes).
import { verifyGameEntry } from '@portal/contract/calls/games';
import { authorize, precheckAuthorize } from '@portal/contract/calls/sessions';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { RequestError } from '../../http/request-error.ts';
import { AccountsRepo } from '../accounts/repo.ts';
import { signedInAccount } from '../accounts/signed-in.ts';
import { GamesRepo } from '../games/repo.ts';
import type { ClientRow, GameRow } from '../games/repo.ts';
import { toGameConfig } from '../games/service.ts';
import { AuthorizationCodes } from './authorization-codes.ts';
import { redirectUriAllowed } from './redirect-uri.ts';
import { grantedScope } from './id-tokens.ts';
import { assertMayAuthorize } from './who-may-authorize.ts';

/** The client and its game, when the client exists and may use the redirect URI. */
export async function checkedClient(
  games: GamesRepo,
  clientId: string,
  redirectUri: string,
): Promise<{ client: ClientRow; game: GameRow }> {
  const found = await games.findClientWithGame(clientId);
  if (!found) throw new RequestError('invalid_client_id');
  if (!redirectUriAllowed(found.client.redirectUris, redirectUri)) throw new RequestError('invalid_redirect_uri');
  return found;
}

export function registerOAuth(app: FastifyInstance, deps: Deps) {
  const orm = deps.db.orm;
  const games = new GamesRepo(orm);
  const accounts = new AccountsRepo(orm);
  const codes = new AuthorizationCodes(orm);

  registerCall(app, verifyGameEntry, async ({ query }) => {
    if (query.entry === undefined) throw new RequestError('entry_slug_missing');
    const game = await games.find(query.entry);
    if (!game) throw new RequestError('invalid_entry_slug');
    if (query.client_id !== undefined || query.redirect_uri !== undefined) {
      const client = query.client_id ? await games.findClient(query.client_id) : undefined;
      const fits =
        client?.gameSlug === game.slug &&
        (query.redirect_uri === undefined || redirectUriAllowed(client.redirectUris, query.redirect_uri));
      if (!fits) throw new RequestError('invalid_entry_client_id');
    }
    return { game: toGameConfig(game) };
  });

  registerCall(app, precheckAuthorize, async ({ query }) => {
    const { game } = await checkedClient(games, query.client_id, query.redirect_uri);
    return { game: toGameConfig(game) };
  });

  registerCall(app, authorize, async ({ body, request }) => {
    const { client, game } = await checkedClient(games, body.client_id, body.redirect_uri);
    const account = await signedInAccount(accounts, request);
    assertMayAuthorize(account, game);
    const code = await codes.issue({
      accountId: account.id,
      clientId: client.clientId,
      redirectUri: body.redirect_uri,
      codeChallenge: body.code_challenge,
      scope: grantedScope(body.scope),
      nonce: body.nonce ?? null,
    });
    return {
      auth_code: code,
      redirect_uri: body.redirect_uri,
      ...(body.state !== undefined ? { state: body.state } : {}),
    };
  });
}
