// Builds the Fastify app from configuration: used by server.ts and by the tests.
import { randomUUID } from 'node:crypto';
import { BUILD_VERSION } from '@portal/contract/data/constants';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { closeInfrastructure, compose, openInfrastructure } from './composition.ts';
import type { Infrastructure } from './deps.ts';
import { registerApiKeyCheck } from './http/api-key.ts';
import { registerCodec } from './http/codec.ts';
import { registerConditionalGet } from './http/conditional-get.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerContext } from './http/context.ts';
import { registerRequestOrigin } from './http/origin.ts';
import { registerErrorHandling, sendError, toRequestError } from './http/error-handler.ts';
import { RequestError } from './http/request-error.ts';
import { ErrorMessages } from './http/messages.ts';
import { registerOpenApi } from './http/openapi.ts';
import { implementedCalls } from './http/register-call.ts';
import { liveRuntimeConfig, registerRuntimeRoutes } from './http/runtime-routes.ts';
import { registerSecurity } from './http/security.ts';
import { registerSpa } from './http/spa.ts';
import { OutboxTransport } from './mail/mailer.ts';
import { registerOutboxRoutes } from './mail/outbox-routes.ts';
import { registerAccountsDevRoutes } from './modules/accounts/dev-routes.ts';
import { registerAccounts } from './modules/accounts/routes.ts';
import { registerUnsubscribe } from './modules/accounts/unsubscribe-route.ts';
import { captchaWidget } from './modules/captcha/providers.ts';
import { registerAnalyticsDevRoutes } from './modules/analytics/dev-routes.ts';
import { registerAnalytics } from './modules/analytics/routes.ts';
import { registerGames } from './modules/games/routes.ts';
import { registerSessions } from './modules/sessions/routes.ts';
import { registerMfa } from './modules/mfa/routes.ts';
import { registerPasskeys } from './modules/passkeys/routes.ts';
import { registerOAuth } from './modules/oauth/routes.ts';
import { registerDevice } from './modules/device/routes.ts';
import { registerStandardOAuth } from './modules/oauth/standard-routes.ts';
import { registerSettings } from './modules/settings/routes.ts';
import { registerHttpRateLimit } from './rate-limit/http-rate-limit.ts';
import { registerPlatformAuthorize } from './modules/platform-links/authorize-routes.ts';
import { registerPlatformLinks } from './modules/platform-links/routes.ts';
import { registerConsolidation } from './modules/consolidation/routes.ts';
import { registerAudit } from './modules/audit/routes.ts';
import { registerBetas } from './modules/betas/routes.ts';
import { registerFriends } from './modules/friends/routes.ts';
import { registerOperators } from './modules/operators/routes.ts';
import { registerSupport } from './modules/support/routes.ts';
import { registerLiveOps } from './modules/live-ops/routes.ts';
import { sandboxClient } from './platforms/sandbox/catalogue.ts';
import { redactUrl } from './http/log-redaction.ts';
import { logStream, stdoutLog } from './log-output.ts';

export type App = FastifyInstance;

/** TRUST_PROXY: `true`, a hop count, or a comma-separated list of proxy addresses. */
function trustProxy(value: string | undefined): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The logger: pino over the process's standard output, written without ever holding it up (log-output.ts). */
async function loggerOptions(config: Config): Promise<FastifyServerOptions['logger']> {
  if (config.LOG_LEVEL === 'silent') return false;
  const pretty = !config.production && process.stdout.isTTY;
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers["x-hydra-access-token"]', 'req.headers["x-hydra-api-key"]', 'req.headers.authorization'],
    // The request's address without the codes and one-time tokens it may carry (log-redaction.ts).
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    stream: await logStream(stdoutLog(), pretty),
  };
}

/**
 * Builds the app. Without `infrastructure` it opens (and on close, closes) its own database,
 * counters and mailer from the configuration; tests pass theirs. Either way every repo and service
 * comes from the one composition root (composition.ts).
 */
export async function buildApp(config: Config, infrastructure?: Infrastructure): Promise<App> {
  const messages = await ErrorMessages.load();
  const app = Fastify({
    // A path parameter may be long (a platform's key, a code): refusing it is the call's schema's job.
    routerOptions: { maxParamLength: 1000 },
    // What Fastify refuses before any hook runs (a path that is not valid percent-encoding, a path
    // parameter over maxParamLength) leaves as the spec's error object too, like every refusal.
    frameworkErrors: (error, request, reply) => {
      sendError(request, reply, messages, toRequestError(error) ?? new RequestError('invalid_request'));
    },
    logger: await loggerOptions(config),
    trustProxy: trustProxy(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    requestIdHeader: 'x-request-id',
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });

  const opened = infrastructure ?? (await openInfrastructure(config, app.log));
  const resolved = compose(opened);
  app.decorate('deps', resolved);
  // Signed-in calls read the database until this instance listens to its changes (ADR 017).
  await resolved.signedIn.start();
  // The mail worker (ADR 025) delivers queued mail from the start; a stop lets its pass finish.
  resolved.mailer.start();
  // One instance at a time deletes what is over (ADR 026).
  resolved.sweep.start();
  app.addHook('onClose', async () => {
    await resolved.sweep.stop();
    await resolved.mailer.stop();
    await resolved.signedIn.close();
    if (infrastructure === undefined) await closeInfrastructure(opened);
  });

  // Hooks of every request are plain callbacks, not async functions: an async hook costs a promise and
  // a turn of the microtask queue per request (measured in bench/reads.mjs). The security hook also
  // names the request in the answer (X-Request-Id).
  registerRequestOrigin(app);
  registerContext(app);
  registerCodec(app);
  registerErrorHandling(app, messages);
  await registerSecurity(app, {
    corsOrigins: config.CORS_ORIGINS,
    gtmId: config.GTM_ID,
    sentryDsn: config.SENTRY_DSN,
    captcha: captchaWidget(config),
  });
  registerHttpRateLimit(app, resolved.counters, resolved.rateLimits.default);
  registerApiKeyCheck(app, resolved.apiKeys);
  registerConditionalGet(app);
  registerMetrics(app, resolved.metrics, config.METRICS_TOKEN);
  // The runtime config, with maintenance mode as an operator set it in the console (issue 33).
  const currentConfig = liveRuntimeConfig(config, () => resolved.settings.maintenance());
  registerRuntimeRoutes(app, currentConfig, resolved.db);

  await app.register(
    async (api) => {
      registerSettings(api, resolved);
      registerGames(api, resolved);
      registerAccounts(api, resolved);
      registerAnalytics(api, resolved);
      registerSessions(api, resolved);
      registerMfa(api, resolved);
      registerPasskeys(api, resolved);
      registerOAuth(api, resolved);
      registerDevice(api, resolved);
      registerPlatformLinks(api, resolved);
      registerConsolidation(api, resolved);
      registerFriends(api, resolved);
      registerBetas(api, resolved);
      registerAudit(api, resolved);
      registerOperators(api, resolved);
      registerSupport(api, resolved);
      registerLiveOps(api, resolved);
    },
    { prefix: '/api' },
  );
  await registerOpenApi(app, implementedCalls(resolved), BUILD_VERSION, resolved.rateLimits);
  // The popup of a platform sign-in starts here (a browser navigation: no API key).
  registerPlatformAuthorize(app, resolved);
  registerStandardOAuth(app, resolved);
  registerUnsubscribe(app, resolved);

  if (!config.production) {
    // Every OAuth 2.0 / OpenID Connect platform played by a real OpenID Provider (seeded: seed/demo.ts).
    const origin = config.publicUrl.replace(/\/$/, '');
    // Loaded only here: production never loads the OpenID Provider.
    const { registerPlatformSandbox } = await import('./platforms/sandbox/routes.ts');
    registerPlatformSandbox(app, { origin, client: sandboxClient(origin) });
    registerAnalyticsDevRoutes(app, resolved);
    registerAccountsDevRoutes(app, resolved);
    if (resolved.mailer.transport === 'outbox')
      registerOutboxRoutes(app, new OutboxTransport(resolved.db.orm), resolved.mailer);
  }
  // index.html carries the runtime config and the public settings, so the first screen needs no API call.
  await registerSpa(app, config.webDistDir, {
    config: currentConfig,
    settings: () => resolved.settings.publicSettings(),
  });
  return app;
}
