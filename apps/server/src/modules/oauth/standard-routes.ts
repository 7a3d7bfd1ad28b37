// The standard OAuth 2.0 / OpenID Connect face of the portal, for game engines' own OAuth
// libraries (no X-Hydra-API-Key; form-encoded requests; RFC 6749 §5.2 error bodies):
// - GET /.well-known/openid-configuration (OIDC Discovery; RFC 8414 under its own name too)
// - GET /oauth2/authorize: checks what it can and sends the browser to the /oauth page
// - POST /oauth2/token: authorization_code (PKCE S256), device_code, refresh_token
// - POST /oauth2/device_authorization (RFC 8628 §3.1)
// - GET|POST /oauth2/userinfo, GET /oauth2/jwks
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { rowsOf } from '../../db/database.ts';
import { toRequestError } from '../../http/error-handler.ts';
import { AccountsRepo } from '../accounts/repo.ts';
import { createDeviceFlow } from '../device/device-flow.ts';
import { displayUserCode } from '../device/user-code.ts';
import { hashClientSecret } from '../games/registry.ts';
import { GamesRepo } from '../games/repo.ts';
import type { ClientRow } from '../games/repo.ts';
import { SecretBox } from '../mfa/secret-box.ts';
import { grantError } from './grant-error.ts';
import { createGrants } from './grants.ts';
import type { Granted } from './grants.ts';
import type { IssuedTokens } from '../sessions/token-service.ts';
import { IdTokens, SUPPORTED_SCOPES, accountClaims, grantedScope, hasScope } from './id-tokens.ts';
import { redirectUriAllowed } from './redirect-uri.ts';
import { ID_TOKEN_ALG, SigningKeys } from './signing-keys.ts';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** An RFC 6749 §5.2 error: `error` and a description, with its HTTP status. */
class OAuthError extends Error {
  readonly error: string;
  readonly description: string;
  readonly status: number;
  readonly extra: Record<string, unknown>;
  constructor(error: string, description: string, status = 400, extra: Record<string, unknown> = {}) {
    super(description);
    this.error = error;
    this.description = description;
    this.status = status;
    this.extra = extra;
  }
}

/** The RFC error a portal error stands for on the standard endpoints. */
function toOAuthError(thrown: unknown): OAuthError | undefined {
  if (thrown instanceof OAuthError) return thrown;
  const known = toRequestError(thrown);
  if (!known) return undefined;
  const body = (known.body ?? {}) as Record<string, unknown>;
  const rfc = typeof body.error === 'string' ? body.error : undefined;
  const description = String(body.reason ?? known.errorName);
  switch (known.errorName) {
    case 'invalid_request': {
      if (!rfc) return new OAuthError('invalid_request', description);
      const { error: _error, reason: _reason, ...extra } = body;
      return new OAuthError(rfc, description, 400, extra);
    }
    case 'redirect_uri_mismatch':
    case 'oauth_code_challenge_failed':
    case 'auth_expired':
      return new OAuthError('invalid_grant', known.errorName);
    case 'too_many_requests':
      return new OAuthError('slow_down', 'too many requests', 429);
    case 'unsupported_media_type':
      return new OAuthError('invalid_request', 'use application/x-www-form-urlencoded');
    default:
      return new OAuthError('invalid_request', known.errorName, known.status >= 500 ? 400 : known.status);
  }
}

/** Form fields (a field given twice is refused, RFC 6749 §3.2). */
function parseForm(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (name in fields) throw new OAuthError('invalid_request', `${name} is repeated`);
    fields[name] = value;
  }
  return fields;
}

const field = (fields: Record<string, string | undefined>, name: string, max = 2000): string => {
  const value = fields[name];
  if (value === undefined || value === '') throw new OAuthError('invalid_request', `${name} is missing`);
  if (value.length > max) throw new OAuthError('invalid_request', `${name} is too long`);
  return value;
};

function sameSecret(given: string, hash: string | null): boolean {
  if (!hash) return false;
  const a = Buffer.from(hashClientSecret(given), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerStandardOAuth(app: FastifyInstance, deps: Deps) {
  const issuer = deps.config.publicUrl.replace(/\/$/, '');
  const games = new GamesRepo(deps.db.orm);
  const accounts = new AccountsRepo(deps.db.orm);
  const devices = createDeviceFlow(deps);
  const grants = createGrants(deps);
  const keys = new SigningKeys(deps.db.orm, new SecretBox(`${deps.config.MFA_SECRET_KEY}:id-token-keys`), {
    rotationDays: deps.config.SIGNING_KEY_ROTATION_DAYS,
    idTokenTtlSeconds: deps.config.ID_TOKEN_TTL_SECONDS,
  });
  const idTokens = new IdTokens(keys, { issuer, ttlSeconds: deps.config.ID_TOKEN_TTL_SECONDS });
  const tokenLimit = { rateLimit: { max: deps.config.SIGN_IN_PER_MINUTE, timeWindow: 60_000 } };

  const discovery = {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/authorize`,
    token_endpoint: `${issuer}/oauth2/token`,
    device_authorization_endpoint: `${issuer}/oauth2/device_authorization`,
    userinfo_endpoint: `${issuer}/oauth2/userinfo`,
    jwks_uri: `${issuer}/oauth2/jwks`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', DEVICE_GRANT],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [ID_TOKEN_ALG],
    scopes_supported: [...SUPPORTED_SCOPES],
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'nonce',
      'at_hash',
      'preferred_username',
      'name',
      'locale',
      'email',
      'email_verified',
    ],
    prompt_values_supported: ['login'],
  };

  /** The client of a token or device request, authenticated as its kind requires. */
  async function authenticatedClient(request: FastifyRequest, fields: Record<string, string>): Promise<ClientRow> {
    let clientId = fields.client_id;
    let secret = fields.client_secret;
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
    if (basic?.[1]) {
      const [id, pass] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      if (id === undefined || pass === undefined)
        throw new OAuthError('invalid_client', 'malformed Basic credentials', 401);
      clientId = decodeURIComponent(id);
      secret = decodeURIComponent(pass);
    }
    if (!clientId) throw new OAuthError('invalid_request', 'client_id is missing');
    const client = clientId.length <= 200 ? await games.findClient(clientId) : undefined;
    if (!client) throw new OAuthError('invalid_client', 'unknown client', 401);
    if (client.kind === 'confidential' && !(secret !== undefined && sameSecret(secret, client.secretHash)))
      throw new OAuthError('invalid_client', 'client authentication failed', 401);
    return client;
  }

  /** The RFC 6749 §5.1 answer. */
  const tokenBody = (tokens: IssuedTokens, scope: string | null) => ({
    access_token: tokens.accessToken,
    token_type: 'Bearer',
    expires_in: tokens.expiresIn,
    refresh_token: tokens.refreshToken,
    ...(scope ? { scope } : {}),
  });

  /** The answer to a grant, with an ID token when it asked for scope openid. */
  async function grantedBody({ tokens, account, clientId, scope, nonce }: Granted) {
    return {
      ...tokenBody(tokens, scope),
      ...(hasScope(scope, 'openid')
        ? { id_token: await idTokens.issue({ account, clientId, scope, nonce, accessToken: tokens.accessToken }) }
        : {}),
    };
  }

  /** The scope a sign-in of a game was granted (kept with the code or device authorization). */
  async function familyScope(familyId: string): Promise<string | null> {
    const [row] = rowsOf<{ scope: string | null }>(
      await deps.db.orm.execute(sql`
        SELECT scope FROM authorization_codes WHERE family_id = ${familyId}
        UNION ALL SELECT scope FROM device_authorizations WHERE family_id = ${familyId} LIMIT 1`),
    );
    return row?.scope ?? null;
  }

  app.register(async (oauth) => {
    oauth.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseForm(typeof body === 'string' ? body : body.toString('utf8')));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    oauth.setErrorHandler((thrown, request, reply) => {
      const error = toOAuthError(thrown);
      if (!error) {
        request.log.error({ err: thrown, reqId: request.id }, 'oauth request failed');
        return reply.code(500).header('cache-control', 'no-store').send({ error: 'server_error' });
      }
      if (error.status === 401) reply.header('www-authenticate', 'Basic realm="oauth2"');
      return reply
        .code(error.status)
        .header('cache-control', 'no-store')
        .send({ error: error.error, error_description: error.description, ...error.extra });
    });
    const cors = (reply: FastifyReply) => reply.header('access-control-allow-origin', '*');

    for (const path of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server']) {
      oauth.get(path, async (_request, reply) =>
        cors(reply).header('cache-control', 'public, max-age=3600').send(discovery),
      );
    }

    oauth.get('/oauth2/jwks', async (_request, reply) =>
      cors(reply)
        .header('cache-control', 'public, max-age=600')
        .send(await keys.published()),
    );

    // The browser comes here from a game. What cannot be sent back to the game (an unknown client, a
    // redirect URI it may not use) is shown by the /oauth page; what can, goes back as RFC 6749 §4.1.2.1.
    oauth.get('/oauth2/authorize', async (request, reply) => {
      const query = request.query as Record<string, string | string[] | undefined>;
      const one = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
      const page = new URLSearchParams();
      for (const name of ['client_id', 'redirect_uri', 'code_challenge', 'state', 'nonce', 'entry']) {
        const value = one(name);
        if (value !== undefined) page.set(name, value);
      }
      const scope = grantedScope(one('scope'));
      if (scope) page.set('scope', scope);
      if ((one('prompt') ?? '').split(' ').includes('login')) page.set('force_verify', 'true');
      const clientId = one('client_id');
      const redirectUri = one('redirect_uri');
      const client = clientId ? await games.findClient(clientId) : undefined;
      const verified = client && redirectUri && redirectUriAllowed(client.redirectUris, redirectUri);
      if (verified) {
        const problem: [string, string] | null =
          one('response_type') !== 'code'
            ? ['unsupported_response_type', 'response_type must be code']
            : !one('code_challenge')
              ? ['invalid_request', 'code_challenge is required (PKCE)']
              : one('code_challenge_method') !== 'S256'
                ? ['invalid_request', 'code_challenge_method must be S256']
                : null;
        if (problem) {
          const back = new URL(redirectUri);
          const [error, description] = problem;
          back.searchParams.set('error', error);
          back.searchParams.set('error_description', description);
          const state = one('state');
          if (state !== undefined) back.searchParams.set('state', state);
          back.searchParams.set('iss', issuer);
          return reply.redirect(back.toString(), 302);
        }
      }
      return reply.redirect(`/oauth?${page.toString()}`, 302);
    });

    oauth.post('/oauth2/token', { config: tokenLimit }, async (request, reply) => {
      const fields = (request.body ?? {}) as Record<string, string>;
      if (typeof fields !== 'object') throw new OAuthError('invalid_request', 'a form body is required');
      const grantType = field(fields, 'grant_type', 100);
      const client = await authenticatedClient(request, fields);
      let body;
      if (grantType === 'authorization_code') {
        body = await grantedBody(
          await grants.authorizationCode({
            code: field(fields, 'code', 200),
            clientId: client.clientId,
            redirectUri: field(fields, 'redirect_uri'),
            codeVerifier: field(fields, 'code_verifier', 128),
          }),
        );
      } else if (grantType === DEVICE_GRANT) {
        body = await grantedBody(await grants.deviceCode(field(fields, 'device_code', 200), client.clientId));
      } else if (grantType === 'refresh_token') {
        const tokens = await deps.tokens.refresh(field(fields, 'refresh_token', 200));
        if (tokens.session.clientId !== client.clientId) {
          await deps.tokens.end(tokens.session);
          throw grantError('invalid_grant', { reason: 'refresh token of another client' });
        }
        // An account's refresh tokens go with it; no ID token on refresh (OIDC Core §12.2).
        body = tokenBody(tokens, await familyScope(tokens.session.familyId));
      } else {
        throw new OAuthError('unsupported_grant_type', `${grantType} is not supported`);
      }
      return cors(reply).header('cache-control', 'no-store').header('pragma', 'no-cache').send(body);
    });

    oauth.post('/oauth2/device_authorization', { config: tokenLimit }, async (request, reply) => {
      const fields = (request.body ?? {}) as Record<string, string>;
      const client = await authenticatedClient(request, fields);
      const deviceName = fields.device_name?.trim();
      const started = await devices.start(client.clientId, {
        client_id: client.clientId,
        ...(deviceName ? { device_name: deviceName.slice(0, 100) } : {}),
        user_flow: 'default',
        auth_type: 'device',
        scope: grantedScope(fields.scope),
      });
      return cors(reply)
        .header('cache-control', 'no-store')
        .send({ ...started, user_code: displayUserCode(started.user_code) });
    });

    const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
      const bearer = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(request.headers.authorization ?? '');
      const session = bearer?.[1] ? await deps.sessions.resolve(bearer[1]) : null;
      const account = session && !session.mfaPending ? await accounts.findById(session.accountId) : undefined;
      if (!session || !account) {
        return cors(reply)
          .code(401)
          .header('www-authenticate', 'Bearer error="invalid_token"')
          .send({ error: 'invalid_token', error_description: 'the access token is not valid' });
      }
      const scope = session.clientId ? await familyScope(session.familyId) : 'openid profile email';
      return cors(reply).header('cache-control', 'no-store').send(accountClaims(account, scope));
    };
    oauth.get('/oauth2/userinfo', userinfo);
    oauth.post('/oauth2/userinfo', userinfo);

    // Browser games call these from their own origin: the preflight of a request with a bearer token.
    for (const path of ['/oauth2/token', '/oauth2/device_authorization', '/oauth2/userinfo']) {
      oauth.options(path, async (_request, reply) =>
        cors(reply)
          .header('access-control-allow-methods', 'GET, POST')
          .header('access-control-allow-headers', 'authorization, content-type')
          .header('access-control-max-age', '600')
          .code(204)
          .send(),
      );
    }
  });
}
