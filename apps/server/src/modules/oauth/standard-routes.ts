// The standard OAuth 2.0 / OpenID Connect face of the portal, for game engines' own OAuth
// libraries (no X-Hydra-API-Key; form-encoded requests; RFC 6749 §5.2 error bodies), mounted here
// with what every one of its endpoints shares (the form parser, the error bodies, CORS):
// - GET /.well-known/openid-configuration, GET /oauth2/jwks      standard/discovery-routes.ts
// - GET /oauth2/authorize                                        standard/authorize-routes.ts
// - POST /oauth2/token, POST /oauth2/device_authorization        standard/token-routes.ts
// - GET|POST /oauth2/userinfo                                    standard/userinfo-routes.ts
import type { AuditService } from '../audit/service.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RateLimit } from '../../rate-limit/tiers.ts';
import type { DeviceService } from '../device/service.ts';
import type { GamesService } from '../games/service.ts';
import type { IdTokens } from './id-tokens.ts';
import type { OAuthService } from './service.ts';
import type { SigningKeys } from './signing-keys.ts';
import { registerAuthorizeRoutes } from './standard/authorize-routes.ts';
import { registerDiscoveryRoutes } from './standard/discovery-routes.ts';
import { toRequestError } from '../../http/error-handler.ts';
import { toOAuthError } from './standard/errors.ts';
import { parseForm } from './standard/form.ts';
import { registerTokenRoutes } from './standard/token-routes.ts';
import { registerUserinfoRoutes } from './standard/userinfo-routes.ts';

export interface StandardOAuthServices {
  config: { publicUrl: string };
  games: GamesService;
  oauth: OAuthService;
  device: DeviceService;
  signingKeys: SigningKeys;
  idTokens: IdTokens;
  rateLimits: { 'sign-in': RateLimit };
  audit: Pick<AuditService, 'record'>;
}

/** Browser games call these from their own origin. */
const cors = (reply: FastifyReply) => reply.header('access-control-allow-origin', '*');

export function registerStandardOAuth(app: FastifyInstance, services: StandardOAuthServices) {
  const issuer = services.config.publicUrl.replace(/\/$/, '');
  const { games, oauth: service, device, signingKeys, idTokens } = services;

  app.register(async (oauth) => {
    // These endpoints answer every origin (cors, above), refusals included, so that a browser game can
    // read why; the portal's own CORS (CORS_ORIGINS, for the web app's origins) stays out of them.
    oauth.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), cors: false } as typeof route.config;
    });
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
        return cors(reply).code(500).header('cache-control', 'no-store').send({ error: 'server_error' });
      }
      if (error.status === 401) reply.header('www-authenticate', 'Basic realm="oauth2"');
      // A refusal of the rate limit says when to come back (RFC 6585), as on every other call.
      const retryAfter = toRequestError(thrown)?.headers['retry-after'];
      if (retryAfter) reply.header('retry-after', retryAfter);
      return cors(reply)
        .code(error.status)
        .header('cache-control', 'no-store')
        .send({ error: error.error, error_description: error.description, ...error.extra });
    });

    registerDiscoveryRoutes(oauth, { issuer, signingKeys, cors });
    registerAuthorizeRoutes(oauth, { issuer, games });
    registerTokenRoutes(oauth, {
      games,
      oauth: service,
      device,
      idTokens,
      audit: services.audit,
      limit: services.rateLimits['sign-in'],
      cors,
    });
    registerUserinfoRoutes(oauth, { oauth: service, cors });

    // The preflight of a browser game's request with a bearer token.
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
