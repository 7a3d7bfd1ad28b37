// GET /metrics (Prometheus text, prom-client; issue 19): requests by call, method and status with
// their latency, sign-ins by method and outcome, lockouts, bans and blocks in force and the requests
// they refused (issue 30), the mail queue (depth, age, sent, failures), the database pool and the
// process (event loop, memory, GC). Behind METRICS_TOKEN
// (`Authorization: Bearer <token>`); without one the address does not exist. Each app has its own
// registry (tests build several in one process).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { MailQueueCounts } from '../mail/queue-repo.ts';
import { RequestError } from './request-error.ts';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Restrictions in force, by kind (ban, block), scope (account, game) and reason code. */
export interface RestrictionCount {
  kind: string;
  scope: string;
  reason: string;
  count: number;
}

export interface MetricSources {
  mailQueue: () => Promise<MailQueueCounts>;
  /** Bans and blocks in force (issue 30); read at each scrape. */
  restrictions?: () => Promise<RestrictionCount[]>;
  /** The PostgreSQL pool; null on the embedded database (one connection, in the process). */
  pool: () => PoolStats | null;
}

export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Requests by route, method and status, and how long they took (count: the request rate)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly signIns = new Counter({
    name: 'portal_sign_ins_total',
    help: 'Sign-ins by method (password, email_code, game, device, or a platform) and outcome',
    labelNames: ['method', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly lockouts = new Counter({
    name: 'portal_account_lockouts_total',
    help: 'Accounts soft-locked after too many wrong passwords',
    registers: [this.registry],
  });
  readonly registrationsFlagged = new Counter({
    name: 'portal_registrations_flagged_total',
    help: 'Registrations flagged by a risk signal (disposable_email, address_window, visitor_window, captcha), by signal',
    labelNames: ['signal'] as const,
    registers: [this.registry],
  });
  readonly refusals = new Counter({
    name: 'portal_account_refusals_total',
    help: 'Requests and sign-ins refused because a ban or block is in force, by error and reason code',
    labelNames: ['error', 'reason'] as const,
    registers: [this.registry],
  });
  readonly mailSent = new Counter({
    name: 'portal_mail_sent_total',
    help: 'Mails delivered, by template',
    labelNames: ['template'] as const,
    registers: [this.registry],
  });
  readonly mailFailures = new Counter({
    name: 'portal_mail_failures_total',
    help: 'Failed mail deliveries, by template and outcome (retry: tried again later; given_up)',
    labelNames: ['template', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.registry, prefix: 'portal_' });
    // One query of the queue per scrape sets both of its gauges (the registry collects in order).
    const oldest = new Gauge({
      name: 'portal_mail_queue_oldest_pending_seconds',
      help: 'How long the oldest mail not yet sent has waited',
      registers: [],
    });
    new Gauge({
      name: 'portal_mail_queue',
      help: 'Mails in the queue by state (pending includes retrying)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        const counts = await sources.mailQueue();
        this.set({ state: 'pending' }, counts.pending);
        this.set({ state: 'retrying' }, counts.retrying);
        this.set({ state: 'given_up' }, counts.failed);
        this.set({ state: 'sent' }, counts.sent);
        oldest.set(counts.oldestPendingSeconds);
      },
    });
    this.registry.registerMetric(oldest);
    const restrictions = sources.restrictions;
    if (restrictions) {
      new Gauge({
        name: 'portal_account_restrictions',
        help: 'Bans and blocks in force, by kind (ban, block), scope (account, game) and reason code',
        labelNames: ['kind', 'scope', 'reason'] as const,
        registers: [this.registry],
        async collect() {
          this.reset();
          for (const row of await restrictions())
            this.set({ kind: row.kind, scope: row.scope, reason: row.reason }, row.count);
        },
      });
    }
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle) and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const pool = sources.pool();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
  }
}

/** The sign-in way of a request to one of the sign-in calls; undefined for any other request. */
export function signInMethod(route: string, request: FastifyRequest): string | undefined {
  if (route === '/api/sessions/auth/password') return 'password';
  if (route === '/api/sessions/auth/token' || route === '/oauth2/token') {
    const grant = (request.body as { grant_type?: unknown } | undefined)?.grant_type;
    if (grant === 'email_code') return 'email_code';
    if (grant === 'authorization_code') return 'game';
    if (grant === 'device_code' || grant === 'urn:ietf:params:oauth:grant-type:device_code') return 'device';
    return undefined;
  }
  if (route === '/api/sessions/auth/:platform') {
    const platform = (request.params as { platform?: unknown }).platform;
    return typeof platform === 'string' && /^[a-z0-9_]{1,32}$/.test(platform) ? platform : 'platform';
  }
  return undefined;
}

const outcomeOf = (status: number) => (status < 400 ? 'success' : status < 500 ? 'refused' : 'error');

/** Counts every answer (and every sign-in's outcome), and serves GET /metrics when a token is set. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requests.observe({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
    if (request.method === 'POST') {
      const method = signInMethod(route, request);
      if (method) metrics.signIns.inc({ method, outcome: outcomeOf(reply.statusCode) });
    }
    done();
  });
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.header('www-authenticate', 'Bearer');
      throw new RequestError('unauthorized');
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
