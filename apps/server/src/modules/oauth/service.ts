// Games signing players in through the portal: the entry and client checks, authorization codes
// (PKCE S256, code-redemption.ts), and the grants both token endpoints redeem - the spec's
// POST /sessions/auth/token and the standard POST /oauth2/token:
// - authorization_code (RFC 6749 §4.1, RFC 7636): single use; a second use ends the sign-in the
//   first one started;
// - urn:ietf:params:oauth:grant-type:device_code (RFC 8628 §3.4): one poll of the device, whose
//   answer the device module's state machine decides (DeviceService.poll);
// - refresh_token on the standard endpoint, for the client the sign-in belongs to.
// A grant that gives no tokens throws grantError (grant-error.ts).
import { randomUUID } from 'node:crypto';
import type { GameConfig } from '@portal/contract/calls/games';
import type { ConnectedGame } from '@portal/contract/calls/signed-in-devices';
import { RequestError } from '../../http/request-error.ts';
import type { Account, AccountsService } from '../accounts/service.ts';
import type { DeviceService } from '../device/service.ts';
import type { GameClient, GamesService } from '../games/service.ts';
import { hashToken, newToken } from '../../security/tokens.ts';
import type { StandingService } from '../moderation/standing-service.ts';
import type { SessionsService } from '../sessions/service.ts';
import type { IssuedTokens, TokenService } from '../sessions/token-service.ts';
import { CODE_TTL_MS, redemptionRefusal } from './code-redemption.ts';
import type { Redemption } from './code-redemption.ts';
import { grantError } from './grant-error.ts';
import { consentNeeded, scopeForClient } from './client-scopes.ts';
import { accountClaims, hasScope } from './id-tokens.ts';
import { redirectUriAllowed } from './redirect-uri.ts';
import type { OAuthRepo } from './repo.ts';
import { assertMayAuthorize } from './who-may-authorize.ts';

// Who may sign in to a game is the oauth module's rule; the device module applies it too.
export { refusalToAuthorize } from './who-may-authorize.ts';

export interface Granted {
  tokens: IssuedTokens;
  account: Account;
  clientId: string;
  scope: string | null;
  nonce: string | null;
}

export interface AuthorizationRequest {
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  scope?: string | undefined;
  nonce?: string | undefined;
  state?: string | undefined;
  /** The player agreed on the consent screen to what the request asks for. */
  consent?: true | undefined;
  /** The game asked that the player be asked (prompt=consent), whatever the grant holds. */
  prompt?: 'consent' | undefined;
}

export interface OAuthDependencies {
  games: GamesService;
  accounts: AccountsService;
  sessions: SessionsService;
  tokens: TokenService;
  device: DeviceService;
  standing: Pick<StandingService, 'refusal'>;
}

export class OAuthService {
  readonly #repo: OAuthRepo;
  readonly #games: GamesService;
  readonly #accounts: AccountsService;
  readonly #sessions: SessionsService;
  readonly #tokens: TokenService;
  readonly #device: DeviceService;
  readonly #standing: Pick<StandingService, 'refusal'>;

  /** The portal's issuer (PUBLIC_URL): named in every answer of the authorization endpoint (RFC 9207). */
  readonly #issuer: string;

  constructor(repo: OAuthRepo, deps: OAuthDependencies & { issuer: string }) {
    this.#issuer = deps.issuer;
    this.#repo = repo;
    this.#games = deps.games;
    this.#accounts = deps.accounts;
    this.#sessions = deps.sessions;
    this.#tokens = deps.tokens;
    this.#device = deps.device;
    this.#standing = deps.standing;
  }

  /** GET /games/verify: an entry slug, client id and redirect URI belong together (1107, 1108). */
  async verifyEntry(query: { entry?: string; client_id?: string; redirect_uri?: string }): Promise<GameConfig> {
    if (query.entry === undefined) throw new RequestError('entry_slug_missing');
    const game = await this.#games.find(query.entry);
    if (!game) throw new RequestError('invalid_entry_slug');
    if (query.client_id !== undefined || query.redirect_uri !== undefined) {
      const client = query.client_id ? await this.#games.findClient(query.client_id) : undefined;
      const fits =
        client?.gameSlug === game.slug &&
        (query.redirect_uri === undefined || redirectUriAllowed(client.redirectUris, query.redirect_uri));
      if (!fits) throw new RequestError('invalid_entry_client_id');
    }
    return game;
  }

  /** The client and its game, when the client exists (else 404) and may use the redirect URI (else 400). */
  async checkedClient(clientId: string, redirectUri: string): Promise<{ client: GameClient; game: GameConfig }> {
    const found = await this.#games.findClientWithGame(clientId);
    if (!found) throw new RequestError('invalid_client_id');
    if (!redirectUriAllowed(found.client.redirectUris, redirectUri)) throw new RequestError('invalid_redirect_uri');
    return found;
  }

  /** The portal's issuer, as the authorization endpoint names it (RFC 9207 `iss`). */
  get issuer(): string {
    return this.#issuer;
  }

  /**
   * POST /sessions/authorize: a code for the signed-in player, for those who may sign in to the game,
   * for a scope the client may ask for (oauth_scope_not_allowed), once the player has agreed when the
   * client is not the publisher's own (oauth_consent_required, with the scopes to show).
   */
  async authorize(account: Account, request: AuthorizationRequest) {
    const { client, game } = await this.checkedClient(request.client_id, request.redirect_uri);
    assertMayAuthorize(account, game);
    const decision = scopeForClient(request.scope, client.allowedScopes);
    if ('refused' in decision)
      throw new RequestError('oauth_scope_not_allowed', { body: { scopes: decision.refused } });
    const { scope } = decision;
    if (request.consent) await this.#repo.recordGrant(account.id, client.clientId, scope, 'game');
    else if (
      request.prompt === 'consent' ||
      consentNeeded(client, await this.#repo.grantInForce(account.id, client.clientId), scope)
    ) {
      // What the consent screen shows: who asks, whether it is the publisher's own, and for what.
      throw new RequestError('oauth_consent_required', {
        body: { client_name: client.name, first_party: client.firstParty, scopes: scope ? scope.split(' ') : [] },
      });
    }
    const code = newToken('ac');
    await this.#repo.insertCode({
      codeHash: hashToken(code),
      accountId: account.id,
      clientId: client.clientId,
      redirectUri: request.redirect_uri,
      codeChallenge: request.code_challenge,
      scope,
      nonce: request.nonce ?? null,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    return {
      auth_code: code,
      redirect_uri: request.redirect_uri,
      ...(request.state !== undefined ? { state: request.state } : {}),
      iss: this.#issuer,
    };
  }

  /** Spends a code for its client and redirect URI with the PKCE verifier; a reused code ends its sign-in. */
  async authorizationCode(input: Redemption & { code: string }): Promise<Granted> {
    const codeHash = hashToken(input.code);
    const familyId = randomUUID();
    const spent = await this.#repo.spendCode(codeHash, familyId);
    if (!spent) {
      // Used again: end what the first use started. The first use may still be writing its tokens;
      // it looks at the mark once they are written (below), so they end either way.
      const earlier = await this.#repo.markReused(codeHash);
      if (!earlier) throw grantError('invalid_grant', { reason: 'unknown_code' });
      if (earlier.familyId) await this.#tokens.endFamily(earlier.familyId);
      throw grantError('invalid_grant', { reason: 'code_already_used' });
    }
    const refusal = redemptionRefusal(spent, input);
    if (refusal) throw refusal;
    const account = await this.#accounts.findById(spent.accountId);
    if (!account) throw grantError('invalid_grant', { reason: 'unknown_code' });
    const tokens = await this.#tokens.start({ account, clientId: spent.clientId, familyId });
    // Used again meanwhile: the tokens of this first use end too, as they would had it finished first.
    if (await this.#repo.wasReused(spent.id)) await this.#tokens.endFamily(familyId);
    else await this.#repo.recordGrant(account.id, spent.clientId, spent.scope, 'game');
    return { tokens, account, clientId: spent.clientId, scope: spent.scope, nonce: spent.nonce };
  }

  /** One poll of a device; `clientId` is null where the device code alone names the authorization. */
  async deviceCode(deviceCode: string, clientId: string | null): Promise<Granted> {
    const polled = await this.#device.poll(deviceCode, clientId);
    if (polled.kind === 'refused') {
      const { error, reason, interval } = polled;
      throw grantError(error, {
        ...(reason ? { reason } : {}),
        ...(error === 'slow_down' || error === 'authorization_pending' ? { interval } : {}),
      });
    }
    const account = polled.accountId ? await this.#accounts.findById(polled.accountId) : undefined;
    if (!account) throw grantError('invalid_grant', { reason: 'unknown_device_code' });
    const tokens = await this.#tokens.start({
      account,
      clientId: polled.clientId,
      flow: 'device',
      deviceName: polled.deviceName,
    });
    await this.#device.recordFamily(polled.id, tokens.session.familyId);
    await this.#repo.recordGrant(account.id, polled.clientId, polled.scope, 'device');
    return { tokens, account, clientId: polled.clientId, scope: polled.scope, nonce: null };
  }

  /** Rotates a game's refresh token; a token of another client ends its sign-in. No ID token (OIDC Core §12.2). */
  async refresh(refreshToken: string, clientId: string): Promise<{ tokens: IssuedTokens; scope: string | null }> {
    const tokens = await this.#tokens.refresh(refreshToken);
    if (tokens.session.clientId !== clientId) {
      await this.#tokens.end(tokens.session);
      throw grantError('invalid_grant', { reason: 'refresh token of another client' });
    }
    return { tokens, scope: await this.familyScope(tokens.session.familyId) };
  }

  /** The games the account granted access (connected games), with the live sign-ins each holds. */
  async connectedGames(accountId: string): Promise<ConnectedGame[]> {
    const [grants, live] = await Promise.all([this.#repo.grantsOf(accountId), this.#tokens.signInsOf(accountId)]);
    return grants.map((grant) => ({
      client_id: grant.clientId,
      client_name: grant.clientName,
      game: { slug: grant.gameSlug, name: grant.gameName },
      scopes: grant.scope ? grant.scope.split(' ') : [],
      flow: grant.flow,
      granted_at: grant.grantedAt,
      last_granted_at: grant.lastGrantedAt,
      sign_ins: live.filter((signIn) => signIn.clientId === grant.clientId).length,
    }));
  }

  /** Revokes a game's grant and ends every sign-in of the account its client holds (not_found: none). */
  async revokeGrant(accountId: string, clientId: string): Promise<void> {
    if (!(await this.#repo.revokeGrant(accountId, clientId))) throw new RequestError('not_found');
    await this.#tokens.endClients(accountId, [clientId]);
  }

  /** The scope a sign-in of a game was granted (kept with its code or device authorization). */
  async familyScope(familyId: string): Promise<string | null> {
    const granted = (await this.#repo.scopeOfFamily(familyId)) ?? (await this.#device.scopeOfFamily(familyId));
    return granted?.scope ?? null;
  }

  /**
   * The claims of the account an access token stands for (OIDC userinfo); null for no valid token,
   * `not_openid` for a game's token whose sign-in did not ask for scope openid.
   */
  async userinfo(accessToken: string): Promise<Record<string, unknown> | 'not_openid' | null> {
    const session = await this.#sessions.resolve(accessToken);
    const account = session && !session.mfaPending ? await this.#accounts.findById(session.accountId) : undefined;
    if (!session || !account) return null;
    // A ban or block in force: the token is no good (RFC 6750 invalid_token), as if ended.
    if (await this.#standing.refusal(account, session.clientId)) return null;
    // The portal's own web app sees everything; a game what its sign-in was granted.
    const scope = session.clientId ? await this.familyScope(session.familyId) : 'openid profile email';
    if (!hasScope(scope, 'openid')) return 'not_openid';
    return accountClaims(account, scope);
  }
}
