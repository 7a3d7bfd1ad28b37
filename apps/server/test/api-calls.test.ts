// The calls implemented by the foundation: settings, games, location, analytics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GAME_SLUG } from '../src/seed/demo.ts';
import { portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ GEO_COUNTRY_HEADER: 'CF-IPCountry', GEO_SUBDIVISION_HEADER: 'X-Geo-Region' });
});
afterAll(() => t.close());

describe('GET /api/games/{slug}', () => {
  it('answers the demo game with typed values in application/x-ag-json', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/games/${DEMO_GAME_SLUG}`, headers: portalHeaders() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ag-json/);
    const game = res.json();
    expect(game.slug).toBe(DEMO_GAME_SLUG);
    expect(game.created_at._agType).toBe('datetime');
    expect(game.user_experience.welcome_title).toMatchObject({
      _agType: 'localized',
      _agValue: { slug: 'demo.welcome_title', default: 'Welcome to Starfall Legends' },
    });
    expect(Object.keys(game.user_experience.welcome_title._agValue.localizations)).toHaveLength(18);
    expect(game.user_experience.registration_require_credentials).toBe(true);
    expect(game.user_experience.fan_club.connect_message._agType).toBe('localized');
  });

  it('answers plain JSON when asked for application/json', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/games/${DEMO_GAME_SLUG}`,
      headers: portalHeaders({ accept: 'application/json' }),
    });
    const game = res.json();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(typeof game.created_at).toBe('string');
    expect(game.user_experience.welcome_title.default).toBe('Welcome to Starfall Legends');
  });

  it('resolves localized texts to the caller language with expand_localizations=False', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/games/${DEMO_GAME_SLUG}?expand_localizations=False`,
      headers: portalHeaders({ 'accept-language': 'de-DE' }),
    });
    const title = res.json().user_experience.welcome_title;
    expect(typeof title).toBe('string');
    expect(title).not.toBe('Welcome to Starfall Legends');
    expect(title).toContain('Starfall Legends');
  });

  it('refuses a malformed slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/games/BAD%20SLUG', headers: portalHeaders() });
    expect(res.statusCode).toBe(400);
    expect(res.json().body.issues[0].path).toBe('params.slug');
  });
});

describe('GET /api/settings/public', () => {
  it('answers the feature flags and platform support, without environments outside debug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: portalHeaders() });
    const settings = res.json();
    expect(settings.featureFlags).toEqual({
      game_page: true,
      dev_tools: true,
      third_party_login: true,
      curseforge_hidden: false,
    });
    expect(Object.keys(settings.platforms)).toHaveLength(17);
    // In development the sandbox plays every platform (seed/demo.ts).
    // PlayStation Network is restricted there (only support disconnects it), as Xbox and Nintendo are.
    expect(settings.platforms.psn).toEqual({
      global_support_enabled: true,
      sign_out_after_link: true,
      restricted: true,
    });
    expect(settings.platforms.xbox).toEqual({
      global_support_enabled: true,
      sign_out_after_link: false,
      restricted: true,
    });
    const open = { global_support_enabled: true, sign_out_after_link: false, restricted: false };
    expect(settings.platforms.discord).toEqual(open);
    expect(settings.platforms.steam).toEqual(open);
    expect(settings.platforms.wizarding_world).toEqual(open);
    expect(settings.environments).toBeUndefined();
    expect(settings.featured_games).toEqual([DEMO_GAME_SLUG]);
  });

  it('adds the environments in debug mode', async () => {
    const debug = await testApp({ DEBUG: 'enabled' });
    const res = await debug.app.inject({ method: 'GET', url: '/api/settings/public', headers: portalHeaders() });
    const names = res.json().environments.map((e: { name: string }) => e.name);
    expect(names).toEqual(['Local', 'Staging', 'Integration']);
    await debug.close();
  });
});

describe('GET /api/accounts/location', () => {
  const locate = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/accounts/location', headers: portalHeaders(headers) });

  it('answers the default country without a geo header', async () => {
    expect((await locate()).json()).toEqual({ country: 'US', territory: null });
  });

  it('reads the country from the trusted proxy header', async () => {
    expect((await locate({ 'cf-ipcountry': 'fr' })).json()).toEqual({ country: 'FR', territory: null });
  });

  it('adds the US state or territory', async () => {
    expect((await locate({ 'cf-ipcountry': 'US', 'x-geo-region': 'CA' })).json()).toEqual({
      country: 'US',
      territory: 'US-CA',
    });
    expect((await locate({ 'cf-ipcountry': 'US', 'x-geo-region': 'US-PR' })).json().territory).toBe('US-PR');
  });

  it('falls back to the default for unknown or placeholder countries', async () => {
    expect((await locate({ 'cf-ipcountry': 'ZZ' })).json().country).toBe('US');
    expect((await locate({ 'cf-ipcountry': 'T1' })).json().country).toBe('US');
  });

  it('reports an embargoed country as it is (the web app shows the embargo page)', async () => {
    expect((await locate({ 'cf-ipcountry': 'KP' })).json().country).toBe('KP');
  });
});

describe('POST /api/wba/events', () => {
  const send = (events: unknown[], visitor = '5b0c2a3e-1111-4222-8333-444455556666') =>
    t.app.inject({
      method: 'POST',
      url: '/api/wba/events',
      headers: portalHeaders({
        'content-type': 'application/x-ag-json',
        'x-hydra-visitor-id': visitor,
        'x-hydra-utm-source': 'newsletter',
        'x-hydra-utm-medium': 'email',
        'x-hydra-utm-campaign': 'launch',
        'x-hydra-game-referrer': 'starfall-legends',
      }),
      payload: JSON.stringify({ events }),
    });
  const ev = (session: string, index: number, name = 'heartbeat') => ({
    name,
    body: {
      _session_id: session,
      _platform_name: 'web',
      _event_time_utc: { _agType: 'datetime', _agValue: '2026-11-22T10:00:00.000Z' },
      _dedupe_index: index,
      device_language: 'en-US',
    },
  });

  it('stores events and ignores repeats of the same session and dedupe index', async () => {
    const first = await send([ev('s-dedupe', 0), ev('s-dedupe', 1)]);
    expect(first.json()).toEqual({ accepted: 2, duplicates: 0 });
    const again = await send([ev('s-dedupe', 1), ev('s-dedupe', 2), ev('s-dedupe', 2)]);
    expect(again.json()).toEqual({ accepted: 1, duplicates: 2 });
    const rows = await t.deps.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM analytics_events WHERE session_id = 's-dedupe'`,
    );
    expect(rows[0]?.n).toBe('3');
    const [row] = await t.deps.db.query<Record<string, unknown> & { event_time: Date }>(
      `SELECT visitor_id, utm_source, utm_medium, utm_campaign, game_referrer, event_time
       FROM analytics_events WHERE session_id = 's-dedupe' LIMIT 1`,
    );
    expect(row).toMatchObject({
      visitor_id: '5b0c2a3e-1111-4222-8333-444455556666',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'launch',
      game_referrer: 'starfall-legends',
    });
    expect(new Date(row!.event_time).toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });

  it('can be read back per visitor at /dev/analytics outside production', async () => {
    await send([ev('s-read', 0, 'page_view')], '7a6b5c4d-1111-4222-8333-444455556666');
    const res = await t.app.inject({
      method: 'GET',
      url: '/dev/analytics?visitor_id=7a6b5c4d-1111-4222-8333-444455556666',
    });
    expect(res.json()).toEqual([
      expect.objectContaining({
        name: 'page_view',
        session_id: 's-read',
        dedupe_index: 0,
        event_time: '2026-11-22T10:00:00.000Z',
      }),
    ]);
  });

  it('refuses an empty batch and bad event names', async () => {
    expect((await send([])).statusCode).toBe(400);
    expect((await send([ev('s', 0, 'Bad Name!')])).statusCode).toBe(400);
  });
});
