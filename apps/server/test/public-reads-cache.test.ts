// The public reads (/config.json, /api/settings/public) answer with an ETag, a short Cache-Control
// and 304 to If-None-Match; the public settings are kept in each process at most
// PUBLIC_SETTINGS_TTL_MS, so a change made by an operator is seen by every instance within that bound
// (issue 14, "public reads are not cached"). ADR 016.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { App } from '../src/app.ts';
import { CONFIG_CACHE_CONTROL } from '../src/http/runtime-routes.ts';
import { PUBLIC_SETTINGS_CACHE_CONTROL } from '../src/modules/settings/routes.ts';
import { PUBLIC_SETTINGS_TTL_MS } from '../src/modules/settings/service.ts';
import { portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { until } from './until.ts';

let t: TestApp;
/** A second instance on the same database, as behind a load balancer. */
let second: App;

beforeAll(async () => {
  t = await testApp();
  second = await buildApp(t.deps.config, {
    config: t.deps.config,
    db: t.deps.db,
    mailer: t.deps.mailer,
    counters: t.deps.counters,
  });
  await second.ready();
});

afterAll(async () => {
  await second?.close();
  await t?.close();
});

const settingsOf = (app: App, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/settings/public', headers: portalHeaders(headers) });

describe.each([
  ['/config.json', CONFIG_CACHE_CONTROL],
  ['/api/settings/public', PUBLIC_SETTINGS_CACHE_CONTROL],
])('GET %s', (url, cacheControl) => {
  it('answers with an ETag and a short Cache-Control, and 304 without body to If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url, headers: portalHeaders() });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(cacheControl);
    expect(cacheControl).toMatch(/max-age=([1-9]|[1-5]\d|60)$/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await t.app.inject({ method: 'GET', url, headers: portalHeaders({ 'if-none-match': etag }) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // The other instance, with the same data, gives the same tag.
    const elsewhere = await second.inject({ method: 'GET', url, headers: portalHeaders({ 'if-none-match': etag }) });
    expect(elsewhere.statusCode).toBe(304);

    const weakOrListed = await t.app.inject({
      method: 'GET',
      url,
      headers: portalHeaders({ 'if-none-match': `"other", W/${etag}` }),
    });
    expect(weakOrListed.statusCode).toBe(304);

    const stale = await t.app.inject({ method: 'GET', url, headers: portalHeaders({ 'if-none-match': '"other"' }) });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });
});

describe('the public settings kept in an instance', () => {
  it('are frozen, so every request shares one checked and encoded answer per format (ADR 016)', async () => {
    const kept = await t.deps.settings.publicSettings();
    expect(Object.isFrozen(kept)).toBe(true);
    expect(Object.isFrozen(kept.featureFlags)).toBe(true);
    expect(Object.isFrozen(kept.platforms)).toBe(true);
    const plain = await settingsOf(t.app, { accept: 'application/json' });
    const typed = await settingsOf(t.app, { accept: 'application/x-ag-json' });
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(typed.headers['content-type']).toMatch(/^application\/x-ag-json/);
    expect(plain.json()).toEqual(typed.json());
    expect((await settingsOf(t.app, { accept: 'application/json' })).body).toBe(plain.body);
  });
});

describe('the public settings of two instances', () => {
  it('name in Vary the request headers their encoding follows', async () => {
    const plain = await settingsOf(t.app, { accept: 'application/json' });
    expect(plain.headers.vary).toMatch(/accept, accept-language/);
  });

  it('a change made on one instance is seen by the other within PUBLIC_SETTINGS_TTL_MS', async () => {
    const before = await settingsOf(second, { accept: 'application/json' });
    const wanted = !before.json().featureFlags.game_page;
    const etag = String(before.headers.etag);

    // The operator's change, as the admin command or another instance writes it: in the database.
    await t.deps.db.query(
      `INSERT INTO feature_flags (name, enabled) VALUES ('game_page', $1)
       ON CONFLICT (name) DO UPDATE SET enabled = $1`,
      [wanted],
    );
    const changedAt = Date.now();
    await until(
      async () => (await settingsOf(second, { accept: 'application/json' })).json().featureFlags.game_page === wanted,
      'the second instance to see the changed flag',
      { timeoutMs: PUBLIC_SETTINGS_TTL_MS * 3, everyMs: 50 },
    );
    // Read right after the change, the instance's cache may answer the old settings for up to the
    // bound, never longer (margin: a slow read on a busy machine).
    expect(Date.now() - changedAt).toBeLessThanOrEqual(PUBLIC_SETTINGS_TTL_MS + 1_500);

    const after = await settingsOf(second, { accept: 'application/json', 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });
});
