// Everything around the API: headers, CORS, rate limits, health, runtime config, OpenAPI, SPA, outbox.
import { allCalls } from '@portal/contract/calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { implementedCalls } from '../src/http/register-call.ts';
import { API_SECURITY_HEADERS } from '../src/http/security.ts';
import type { CounterStore } from '../src/rate-limit/counter-store.ts';
import { API_KEY, portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { until } from './until.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ CORS_ORIGINS: 'https://games.example.com', TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends a CSP for the SPA, nosniff and frame-ancestors none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives an API answer the API headers: nothing may load or frame it, no sniffing, not the page headers', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: portalHeaders() }),
      await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: portalHeaders() }),
      await t.app.inject({ method: 'GET', url: '/api/settings/public' }),
    ]) {
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(res.headers[name]).toBe(value);
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['x-request-id']).toBeTruthy();
    }
    // The API's docs page is a page: its own CSP, which lets its scripts run.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(String(docs.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('allows the tag manager and error reporting hosts only when configured', async () => {
    expect(
      String((await t.app.inject({ method: 'GET', url: '/home' })).headers['content-security-policy']),
    ).not.toContain('googletagmanager');
    const configured = await testApp(
      { GTM_ID: 'GTM-ABC123', SENTRY_DSN: 'https://k@o1.ingest.sentry.io/42' },
      { seed: false },
    );
    const csp = String(
      (await configured.app.inject({ method: 'GET', url: '/home' })).headers['content-security-policy'],
    );
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com/);
    expect(csp).toContain('https://o1.ingest.sentry.io');
    await configured.close();
  });

  it('adds HSTS only behind TLS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toContain('max-age=31536000');
  });
});

describe('CORS', () => {
  it('allows a configured origin, with the portal headers', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/settings/public',
      headers: {
        origin: 'https://games.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-hydra-api-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://games.example.com');
    expect(String(res.headers['access-control-allow-headers'])).toContain('x-hydra-api-key');
  });

  it('does not allow other origins', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/settings/public',
      headers: { ...portalHeaders(), origin: 'https://evil.example.net' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limiting', () => {
  /** The counts of the rate limits in the shared store (the database), as another instance sees them. */
  const sharedCounts = async (app: TestApp) =>
    (await app.deps.db.query<{ count: number }>('SELECT count FROM rate_limits')).map((row) => Number(row.count));

  it('answers 429 too_many_requests with the wait once the limit is passed', async () => {
    const limited = await testApp({ RATE_LIMIT_PER_MINUTE: '3' }, { seed: false });
    const call = () => limited.app.inject({ method: 'GET', url: '/api/accounts/location', headers: portalHeaders() });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    const res = await call();
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body).toMatchObject({ key: 'error.too_many_requests', hydraErrorCode: 1020 });
    expect(body.body.seconds).toBeGreaterThan(0);
    expect(body.message).toMatch(/wait \d+ seconds/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The hits reach the database at the next sync, so another instance on it sees them.
    await until(async () => (await sharedCounts(limited)).some((count) => count >= 4), 'the hits in the database');
    const rows = await limited.deps.db.query<{ count: number }>('SELECT count FROM rate_limits');
    expect(rows.some((r) => Number(r.count) >= 4)).toBe(true);
    await limited.close();
  });

  it('counts the hits of every instance on the same database', async () => {
    const a = await testApp({ RATE_LIMIT_PER_MINUTE: '4' }, { seed: false });
    // Instance b shares a's counters; its round trips to them are counted, to wait for its sync.
    let bRoundTrips = 0;
    const counters: CounterStore = {
      hit: (key, windowMs) => a.deps.counters.hit(key, windowMs),
      hitMany: async (hits) => {
        const answers = await a.deps.counters.hitMany(hits);
        bRoundTrips++;
        return answers;
      },
      close: async () => undefined,
    };
    const { config, db, mailer } = a.deps;
    const b = await buildApp(config, { config, db, mailer, counters });
    const call = (app: typeof b) =>
      app.inject({ method: 'GET', url: '/api/accounts/location', headers: portalHeaders() });
    for (let i = 0; i < 3; i++) expect((await call(a.app)).statusCode).toBe(200);
    await until(async () => (await sharedCounts(a)).some((count) => count >= 3), "instance a's hits in the database");
    // Instance b has seen none of these itself; its first hit learns the shared count at its next sync.
    bRoundTrips = 0;
    expect((await call(b)).statusCode).toBe(200);
    await until(() => bRoundTrips > 0, "instance b's sync");
    expect((await call(b)).statusCode).toBe(429);
    await b.close();
    await a.close();
  });
});

describe('health and runtime config', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('reports not ready when the database is gone', async () => {
    const broken = await testApp({}, { seed: false });
    await broken.deps.db.close();
    const res = await broken.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    await broken.app.close();
  });

  it('serves the SPA runtime config from the environment', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.json()).toEqual({
      apiKey: API_KEY,
      hydraService: '/api',
      sentryDsn: '',
      sentryEnv: '',
      gtm: '',
      maintenanceMode: 'disabled',
      debug: 'disabled',
      links: {
        privacyPolicy: 'https://www.example.com/legal/privacy',
        termsOfUse: 'https://www.example.com/legal/terms',
        adChoices: 'https://www.example.com/legal/ad-choices',
        doNotSell: 'https://www.example.com/legal/do-not-sell',
        support: 'https://support.example.com/',
      },
    });
  });
});

describe('OpenAPI', () => {
  it('describes every call of the contract and marks the implemented ones', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(
      doc.paths as Record<string, Record<string, { operationId: string; 'x-implemented': boolean }>>,
    ).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(allCalls.length);
    const implemented = operations
      .filter((o) => o['x-implemented'])
      .map((o) => o.operationId)
      .sort();
    // Exactly the calls mounted with registerCall, among them those of the foundation.
    expect(implemented).toEqual([...implementedCalls(t.deps)].sort());
    expect(implemented).toEqual(
      expect.arrayContaining(['accounts.location', 'analytics.send', 'games.get', 'settings.public']),
    );
    // Since the playtests (issue 18) every call of the spec is implemented.
    expect(implemented).toHaveLength(allCalls.length);
    const game = doc.paths['/games/{slug}'].get;
    expect(game.parameters[0]).toMatchObject({ name: 'slug', in: 'path', required: true });
    // Each format its own schema: an ISO string in JSON, a typed value in x-ag-json.
    const content = game.responses['200'].content;
    expect(content['application/json'].schema.properties.created_at.format).toBe('date-time');
    expect(content['application/x-ag-json'].schema.properties.created_at.properties._agValue.format).toBe('date-time');
  });

  it('serves a docs page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    const asset = await t.app.inject({ method: 'GET', url: '/api/docs/assets/swagger-ui-bundle.js' });
    expect(asset.statusCode).toBe(200);
  });
});

describe('the SPA', () => {
  it('answers index.html for client-side routes (history fallback)', async () => {
    for (const url of ['/', '/sign-in', '/playtests/ABC?x=1', '/connection/psn/confirmation']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('portal-test-index');
    }
  });

  it('answers 404 for missing files and unknown API paths', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing', headers: portalHeaders() })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/sign-in' })).statusCode).toBe(404);
  });
});

describe('development outbox', () => {
  it('lists the mails sent to an address, newest first, with the code and link', async () => {
    const to = 'Outbox.Player@example.com';
    await t.deps.mailer.send({ to, locale: 'en-US', template: 'register_code', data: { code: '111111', minutes: 10 } });
    await t.deps.mailer.send({
      to,
      locale: 'fr-FR',
      template: 'password_reset',
      data: { link: 'http://localhost:8080/reset-password?token=abc', minutes: 30 },
    });
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox?to=outbox.player@example.com' });
    const mails = res.json();
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({
      template: 'password_reset',
      locale: 'fr-FR',
      link: 'http://localhost:8080/reset-password?token=abc',
    });
    expect(mails[1]).toMatchObject({ template: 'register_code', code: '111111' });
    expect(mails[1].subject).toContain('111111');
    expect(mails[1].html).toContain('<html');
  });

  it('needs a valid address', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(400);
  });

  it('does not exist in production', async () => {
    const prod = await testApp({ NODE_ENV: 'production' }, { seed: false });
    expect((await prod.app.inject({ method: 'GET', url: '/dev/outbox?to=a@example.com' })).statusCode).toBe(404);
    await prod.close();
  });
});
