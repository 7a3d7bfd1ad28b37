// The HTTP rate limit, on top of the shared counter store: the `default` tier's limit for every /api
// and /oauth2 request of a client address, counted over all of them, and on top of it a call's own
// tier (tiers.ts) where its contract declaration names one (registerCall puts it in the route's
// config), counted per call. Hits are counted in memory and shared in batches (BatchedCounters,
// ADR 008), so a request costs no round trip to the store, and the check is one synchronous hook: no
// promise, no await (ADR 019; @fastify/rate-limit cost about five turns of the microtask queue and
// three headers on every answer). A call whose tier depends on its body (`rateLimitOf`: the grant of
// a token call) is counted once the body is parsed (a preValidation hook of that route alone), still
// before the call runs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RequestError } from '../http/request-error.ts';
import { BatchedCounters } from './batched-counters.ts';
import type { CounterStore } from './counter-store.ts';
import type { RateLimit } from './tiers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call's own rate-limit tier, counted per call on top of the default one. */
    rateLimit?: RateLimit;
    /**
     * Instead of `rateLimit`: the call's own tier told by the request's parsed body (undefined: only
     * the default tier counts it), e.g. a device's polls beside the sign-ins of a token endpoint.
     */
    rateLimitOf?: (body: unknown) => RateLimit | undefined;
  }
}

type Done = (error?: Error) => void;

/**
 * The address a limit counts by: an IPv4 address as it is (also when written as IPv4-mapped IPv6),
 * an IPv6 address by its /64 network, which one subscriber usually holds whole.
 */
export function clientKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const zone = ip.indexOf('%');
  const address = (zone === -1 ? ip : ip.slice(0, zone)).toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = address.split('::');
  const part = (text: string) =>
    text === '' ? [] : text.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const headGroups = part(head);
  const tailGroups = tail === undefined ? [] : part(tail);
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  const groups = tail === undefined ? headGroups : [...headGroups, ...zeros, ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}

function limited(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/oauth2/');
}

function tooManyRequests(resetAt: number, now: number): RequestError {
  const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  return new RequestError('too_many_requests', { body: { seconds }, headers: { 'retry-after': String(seconds) } });
}

/** `limit`: the `default` tier, counted over every request of a client address. */
export function registerHttpRateLimit(app: FastifyInstance, store: CounterStore, limit: RateLimit): void {
  const counters = new BatchedCounters(store);
  app.addHook('onClose', () => counters.close());

  /** Counts the request in the call's own tier `own`, per call and client address. */
  const countOwn = (request: FastifyRequest, own: RateLimit, done: Done) => {
    const now = Date.now();
    const route = `http:${request.method}${request.routeOptions.url ?? ''}:${clientKey(request.ip)}`;
    if (own.exact) {
      // Counted across every instance before the call runs (issue 19: batched, each instance
      // could let one more through per window).
      store.hit(route, own.timeWindow).then(
        (call) => done(call.count > own.max ? tooManyRequests(call.resetAt, Date.now()) : undefined),
        (error: unknown) => done(error as Error),
      );
      return;
    }
    const call = counters.hit(route, own.timeWindow, now);
    done(call.count > own.max ? tooManyRequests(call.resetAt, now) : undefined);
  };

  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    if (!limited(request.url)) return done();
    const now = Date.now();
    const overall = counters.hit(`http:${clientKey(request.ip)}`, limit.timeWindow, now);
    if (overall.count > limit.max) return done(tooManyRequests(overall.resetAt, now));
    const own = request.routeOptions.config?.rateLimit;
    if (own) return countOwn(request, own, done);
    done();
  });

  // Only the routes whose tier depends on the body get a hook after parsing: the others pay nothing.
  app.addHook('onRoute', (route) => {
    const ownOf = route.config?.rateLimitOf;
    if (!ownOf) return;
    const check = (request: FastifyRequest, _reply: FastifyReply, done: Done) => {
      if (!limited(request.url)) return done();
      const own = ownOf(request.body);
      if (own) return countOwn(request, own, done);
      done();
    };
    const before = route.preValidation;
    route.preValidation = before === undefined ? [check] : [...(Array.isArray(before) ? before : [before]), check];
  });
}
