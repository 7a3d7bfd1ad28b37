// POST /oauth2/token (RFC 6749 §3.2: authorization_code with PKCE S256, the device_code grant of
// RFC 8628 §3.4, refresh_token) and POST /oauth2/device_authorization (RFC 8628 §3.1), for the
// client authenticated as its kind requires. Answers are never cached.
import { originOf } from '../../../http/origin.ts';
import type { AuditService } from '../../audit/service.ts';
import { displayDeviceCode } from '@portal/contract/calls/entities';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RateLimit } from '../../../rate-limit/tiers.ts';
import type { DeviceService } from '../../device/service.ts';
import type { GameClient, GamesService } from '../../games/service.ts';
import type { IssuedTokens } from '../../sessions/token-service.ts';
import { scopeForClient } from '../client-scopes.ts';
import { hasScope } from '../id-tokens.ts';
import type { IdTokens } from '../id-tokens.ts';
import type { Granted, OAuthService } from '../service.ts';
import { authenticatedClient } from './client-authentication.ts';
import { DEVICE_GRANT } from './discovery.ts';
import { OAuthError } from './errors.ts';
import { field } from './form.ts';
import type { Form } from './form.ts';

export interface TokenRouteServices {
  games: GamesService;
  oauth: OAuthService;
  device: DeviceService;
  idTokens: IdTokens;
  /** Each game's sign-in goes into the account's audit trail. */
  audit: Pick<AuditService, 'record'>;
  /** The limit of the token endpoints (the sign-in tier), but for a device's polls. */
  limit: RateLimit;
  cors: (reply: FastifyReply) => FastifyReply;
}

/** The RFC 6749 §5.1 answer. */
const tokenBody = (tokens: IssuedTokens, scope: string | null) => ({
  access_token: tokens.accessToken,
  token_type: 'Bearer',
  expires_in: tokens.expiresIn,
  refresh_token: tokens.refreshToken,
  ...(scope ? { scope } : {}),
});

export function registerTokenRoutes(oauth: FastifyInstance, services: TokenRouteServices) {
  const { games, device, idTokens, cors } = services;
  const grants = services.oauth;
  const routeOptions = { config: { rateLimit: services.limit } };
  // A device's polls are limited by its interval (slow_down), not by the sign-ins of its address: a
  // device code is no secret to guess. Every other grant is a sign-in.
  const tokenOptions = {
    config: {
      rateLimitOf: (body: unknown) =>
        typeof body === 'object' && body !== null && (body as Partial<Form>).grant_type === DEVICE_GRANT
          ? undefined
          : services.limit,
    },
  };

  /**
   * The answer to a grant, with an ID token when it asked for scope openid. A third party's app gets
   * a refresh token only when the player granted offline_access (OIDC Core §11): the consent screen
   * says "stay signed in when you are not using it" only then. The publisher's own games always do.
   */
  async function grantedBody({ tokens, account, clientId, scope, nonce }: Granted, client: GameClient) {
    const { refresh_token: refreshToken, ...answer } = tokenBody(tokens, scope);
    const offline = client.firstParty || hasScope(scope, 'offline_access');
    return {
      ...answer,
      ...(offline ? { refresh_token: refreshToken } : {}),
      ...(hasScope(scope, 'openid')
        ? { id_token: await idTokens.issue({ account, clientId, scope, nonce, accessToken: tokens.accessToken }) }
        : {}),
    };
  }

  oauth.post('/oauth2/token', tokenOptions, async (request, reply) => {
    const fields = (request.body ?? {}) as Partial<Form>;
    if (typeof fields !== 'object') throw new OAuthError('invalid_request', 'a form body is required');
    const grantType = field(fields, 'grant_type', 100);
    const client = await authenticatedClient(games, request.headers.authorization, fields);
    let body;
    if (grantType === 'authorization_code') {
      const granted = await grants.authorizationCode({
        code: field(fields, 'code', 200),
        clientId: client.clientId,
        redirectUri: field(fields, 'redirect_uri'),
        codeVerifier: field(fields, 'code_verifier', 128),
      });
      await services.audit.record(granted.account.id, 'sign_in', originOf(request, client.clientId), 'game');
      body = await grantedBody(granted, client);
    } else if (grantType === DEVICE_GRANT) {
      const granted = await grants.deviceCode(field(fields, 'device_code', 200), client.clientId);
      await services.audit.record(granted.account.id, 'sign_in', originOf(request, client.clientId), 'device');
      body = await grantedBody(granted, client);
    } else if (grantType === 'refresh_token') {
      const { tokens, scope } = await grants.refresh(field(fields, 'refresh_token', 200), client.clientId);
      body = tokenBody(tokens, scope);
    } else {
      throw new OAuthError('unsupported_grant_type', `${grantType} is not supported`);
    }
    return cors(reply).header('cache-control', 'no-store').header('pragma', 'no-cache').send(body);
  });

  oauth.post('/oauth2/device_authorization', routeOptions, async (request, reply) => {
    const fields = (request.body ?? {}) as Partial<Form>;
    const client = await authenticatedClient(games, request.headers.authorization, fields);
    const deviceName = fields.device_name?.trim();
    const decision = scopeForClient(fields.scope, client.allowedScopes);
    if ('refused' in decision)
      throw new OAuthError('invalid_scope', `the client may not ask for ${decision.refused.join(' ')}`);
    const started = await device.start(client.clientId, {
      client_id: client.clientId,
      ...(deviceName ? { device_name: deviceName.slice(0, 100) } : {}),
      user_flow: 'default',
      auth_type: 'device',
      scope: decision.scope,
    });
    return cors(reply)
      .header('cache-control', 'no-store')
      .send({ ...started, user_code: displayDeviceCode(started.user_code) });
  });
}
