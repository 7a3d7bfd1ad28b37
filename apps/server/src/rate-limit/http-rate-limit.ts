// @fastify/rate-limit on top of the shared counter store: the `default` tier's limit for every /api
// and /oauth2 request, and a call's own tier (tiers.ts) where its contract declaration names one
// (registerCall puts it in the route's config). Hits are counted in memory and shared in batches
// (BatchedCounters, ADR 008), so a request costs no round trip to the store.
import rateLimit from '@fastify/rate-limit';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { RequestError } from '../http/request-error.ts';
import { BatchedCounters } from './batched-counters.ts';
import type { CounterStore } from './counter-store.ts';
import type { RateLimit } from './tiers.ts';

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { method?: unknown; url?: unknown } };

/** Adapts the batched counters to the store interface of @fastify/rate-limit. */
function pluginStore(counters: BatchedCounters, prefix = 'http:') {
  return class PluginStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      const now = Date.now();
      const hit = counters.hit(`${prefix}${key}`, windowMs, now);
      callback(null, { current: hit.count, ttl: Math.max(0, hit.resetAt - now) });
    }

    child(routeOptions: ChildOptions) {
      const route = `${String(routeOptions.routeInfo?.method ?? '')}${String(routeOptions.routeInfo?.url ?? '')}`;
      const Child = pluginStore(counters, `${prefix}${route}:`);
      return new Child();
    }
  };
}

/** `limit`: the `default` tier, counted over every request of a client address. */
export async function registerHttpRateLimit(app: FastifyInstance, store: CounterStore, limit: RateLimit) {
  const counters = new BatchedCounters(store);
  app.addHook('onClose', () => counters.close());
  await app.register(rateLimit, {
    global: true,
    max: limit.max,
    timeWindow: limit.timeWindow,
    store: pluginStore(counters),
    allowList: (request) => !request.url.startsWith('/api/') && !request.url.startsWith('/oauth2/'),
    // A store outage must not take sign-in down with it: let the request through and log.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new RequestError('too_many_requests', {
        body: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
        headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });
}
