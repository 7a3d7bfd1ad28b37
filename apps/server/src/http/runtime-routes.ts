// Routes outside /api: the SPA's runtime configuration and the health probes.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { cacheFor } from './conditional-get.ts';
import { captchaWidget } from '../modules/captcha/providers.ts';

/**
 * The runtime config the SPA reads at start (spec 000 §3 "Other"). `maintenance`: an operator turned
 * maintenance mode on in the console; MAINTENANCE_MODE in the configuration turns it on regardless.
 */
export function runtimeConfig(config: Config, maintenance = false) {
  const captcha = captchaWidget(config);
  return {
    apiKey: config.PORTAL_API_KEY,
    hydraService: '/api',
    sentryDsn: config.SENTRY_DSN,
    sentryEnv: config.SENTRY_ENV,
    gtm: config.GTM_ID,
    maintenanceMode: maintenance ? ('enabled' as const) : config.MAINTENANCE_MODE,
    debug: config.DEBUG,
    links: {
      privacyPolicy: config.PRIVACY_POLICY_URL,
      termsOfUse: config.TERMS_OF_USE_URL,
      adChoices: config.AD_CHOICES_URL,
      doNotSell: config.DO_NOT_SELL_URL,
      support: config.SUPPORT_URL,
    },
    // The widget's provider, public site key and script; absent when no captcha is configured.
    ...(captcha ? { captcha } : {}),
  };
}

/**
 * /config.json changes when an instance starts with other settings, or when an operator turns
 * maintenance mode on or off: browsers keep it a minute, then revalidate it with its ETag (a 304
 * without body while it is the same).
 */
export const CONFIG_CACHE_CONTROL = 'public, max-age=60';

/**
 * The runtime config as it is now: one of two objects made once (maintenance mode off or on), so
 * that what is built from it (index.html's boot data, /config.json's body) can be kept per object.
 */
export function liveRuntimeConfig(config: Config, maintenance: () => Promise<boolean>) {
  const off = runtimeConfig(config);
  const on = runtimeConfig(config, true);
  return async (): Promise<ReturnType<typeof runtimeConfig>> => {
    if (config.maintenance) return off;
    return (await maintenance()) ? on : off;
  };
}

export function registerRuntimeRoutes(
  app: FastifyInstance,
  current: () => Promise<ReturnType<typeof runtimeConfig>>,
  db: Database,
) {
  const bodies = new Map<object, string>();
  app.get('/config.json', async (_request, reply) => {
    const config = await current();
    let body = bodies.get(config);
    if (body === undefined) bodies.set(config, (body = JSON.stringify(config)));
    return cacheFor(reply, CONFIG_CACHE_CONTROL).type('application/json; charset=utf-8').send(body);
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', reason: 'database' });
    }
  });
}
