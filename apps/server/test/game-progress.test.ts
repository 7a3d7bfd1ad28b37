// Game progress: a game records the player's progress with its own access token, the web app and
// the game read it, and the player removes a game, which ends the sign-ins the game holds.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccountsRepo } from '../src/modules/accounts/repo.ts';
import { GameRegistryService } from '../src/modules/games/registry-service.ts';
import { GamesRepo } from '../src/modules/games/repo.ts';
import { DEMO_GAME_API_KEY, DEMO_GAME_SLUG, DEMO_OAUTH_CLIENT_ID, demoUserExperience } from '../src/seed/demo.ts';
import { apiCall, insertAccount, portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const OTHER_GAME = 'moonfall-arena';
const OTHER_CLIENT = 'moonfall-arena-pc';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({}, { seed: true });
  const registry = new GameRegistryService(new GamesRepo(t.deps.db.orm));
  await registry.putGame({ slug: OTHER_GAME, name: 'Moonfall Arena', user_experience: demoUserExperience() });
  await registry.addClient({ game: OTHER_GAME, clientId: OTHER_CLIENT, redirectUris: ['http://127.0.0.1/callback'] });
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  apiCall(t.app, method, `/api${url}`, token, payload);

interface Player {
  id: string;
  web: string;
  game: { accessToken: string; refreshToken: string };
  other: string;
}

/** A new account with a web sign-in, a sign-in of the demo game and one of the other game. */
async function player(): Promise<Player> {
  const id = await insertAccount(t.deps.db);
  const web = await t.deps.tokens.start({ accountId: id });
  const game = await t.deps.tokens.start({ accountId: id, clientId: DEMO_OAUTH_CLIENT_ID });
  const other = await t.deps.tokens.start({ accountId: id, clientId: OTHER_CLIENT });
  return { id, web: web.accessToken, game, other: other.accessToken };
}

const record = (token: string | undefined, body: unknown, game = DEMO_GAME_SLUG) =>
  call('PUT', `/accounts/me/game_progress/${game}`, token, body);
const progressOf = async (token: string, query = '') =>
  (await call('GET', `/accounts/me/game_progress${query}`, token)).json().game_progress as Record<string, unknown>[];

let p: Player;
beforeEach(async () => {
  p = await player();
});

describe('recording progress', () => {
  it('takes a game access token for its own game only', async () => {
    const body = { platform: 'ps_5' };
    expect((await record(undefined, body)).json()).toMatchObject({ code: 'unauthorized', hydraErrorCode: 1018 });
    const web = await record(p.web, body);
    expect(web.statusCode).toBe(401);
    expect(web.json()).toMatchObject({ code: 'unauthorized', body: { reason: 'game_token_required' } });
    const other = await record(p.other, body);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({
      code: 'game_token_mismatch',
      hydraErrorCode: 1116,
      key: 'error.game_token_mismatch',
    });
    expect(await progressOf(p.web)).toEqual([]);
  });

  it("refuses a game's API key of another game", async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/me/game_progress/${OTHER_GAME}`,
      headers: {
        ...portalHeaders({ accept: 'application/json', 'content-type': 'application/json' }),
        'x-hydra-api-key': DEMO_GAME_API_KEY,
        'x-hydra-access-token': p.other,
      },
      payload: { platform: 'pc_steam' },
    });
    expect(res.json().code).toBe('game_token_mismatch');
    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/me/game_progress/${DEMO_GAME_SLUG}`,
      headers: {
        ...portalHeaders({ accept: 'application/json', 'content-type': 'application/json' }),
        'x-hydra-api-key': DEMO_GAME_API_KEY,
        'x-hydra-access-token': p.game.accessToken,
      },
      payload: { platform: 'pc_steam' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('sets the platform, adds it to all platforms once, merges details and drops a key sent as null', async () => {
    const first = await record(p.game.accessToken, {
      platform: 'ps_5',
      details: { level: 12, guild: 'Night Owls', hardcore: false },
    });
    expect(first.statusCode).toBe(200);
    const entry = first.json();
    expect(entry).toMatchObject({
      game_slug: DEMO_GAME_SLUG,
      last_seen_platform: 'ps_5',
      all_platforms: ['ps_5'],
      game_details: { level: 12, guild: 'Night Owls', hardcore: false },
      last_game_login: null,
    });
    expect(entry.game_config).toMatchObject({ slug: DEMO_GAME_SLUG, name: 'Starfall Legends' });
    expect(Date.parse(entry.last_accessed)).toBeGreaterThan(Date.now() - 60_000);

    await record(p.game.accessToken, { platform: 'pc_steam', details: { level: 13, guild: null }, logged_in: true });
    const again = (await record(p.game.accessToken, { platform: 'ps_5', details: { play_time_hours: 40.5 } })).json();
    expect(again).toMatchObject({
      last_seen_platform: 'ps_5',
      all_platforms: ['ps_5', 'pc_steam'],
      game_details: { level: 13, hardcore: false, play_time_hours: 40.5 },
    });
    expect(again.game_details).not.toHaveProperty('guild');
    expect(Date.parse(again.last_game_login)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(again.last_accessed)).toBeGreaterThanOrEqual(Date.parse(again.last_game_login));
  });

  it('validates the platform, the detail keys, values and count', async () => {
    const refused = async (body: unknown, game?: string) => {
      const res = await record(p.game.accessToken, body, game);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    };
    await refused({});
    await refused({ platform: 'gameboy' });
    await refused({ platform: 'ps_5', details: { 'two words': 1 } });
    await refused({ platform: 'ps_5', details: { level: 'x'.repeat(201) } });
    await refused({ platform: 'ps_5', details: { nested: { a: 1 } } });
    await refused({
      platform: 'ps_5',
      details: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])),
    });
    await refused({ platform: 'ps_5' }, 'Not A Slug');
    expect(await progressOf(p.web)).toEqual([]);

    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    expect((await record(p.game.accessToken, { platform: 'ps_5', details: fifty })).statusCode).toBe(200);
    const overflow = await record(p.game.accessToken, { platform: 'ps_4', details: { one_more: true } });
    expect(overflow.json()).toMatchObject({ code: 'invalid_request', body: { issues: [{ path: 'body.details' }] } });
    // Refused as a whole: the platform did not change either. Replacing a key or removing one is fine.
    const [kept] = await progressOf(p.web);
    expect(kept).toMatchObject({ last_seen_platform: 'ps_5', all_platforms: ['ps_5'] });
    expect(Object.keys(kept?.game_details as object)).toHaveLength(50);
    const swapped = await record(p.game.accessToken, { platform: 'ps_4', details: { k0: null, one_more: true } });
    expect(swapped.json()).toMatchObject({ all_platforms: ['ps_5', 'ps_4'], game_details: { one_more: true } });
  });
});

describe('reading progress', () => {
  beforeEach(async () => {
    await record(p.game.accessToken, { platform: 'xbox_series_xs', details: { rank: 'Gold' } });
    await record(p.other, { platform: 'pc_epic', details: { wins: 3 } }, OTHER_GAME);
  });

  it('answers every game to the web app, most recently played first', async () => {
    const all = await progressOf(p.web);
    expect(all.map((e) => e.game_slug)).toEqual([OTHER_GAME, DEMO_GAME_SLUG]);
    await record(p.game.accessToken, { platform: 'xbox_series_xs' });
    expect((await progressOf(p.web)).map((e) => e.game_slug)).toEqual([DEMO_GAME_SLUG, OTHER_GAME]);
    expect((await progressOf(p.web, '?game_slugs=')).length).toBe(2);
  });

  it('filters by game_slugs (comma-separated or repeated); unknown games are absent', async () => {
    const slugs = async (query: string) => (await progressOf(p.web, query)).map((e) => e.game_slug);
    expect(await slugs(`?game_slugs=${DEMO_GAME_SLUG}`)).toEqual([DEMO_GAME_SLUG]);
    expect(await slugs(`?game_slugs=${OTHER_GAME},no-such-game`)).toEqual([OTHER_GAME]);
    expect((await slugs(`?game_slugs=${OTHER_GAME}&game_slugs=${DEMO_GAME_SLUG}`)).sort()).toEqual(
      [DEMO_GAME_SLUG, OTHER_GAME].sort(),
    );
    expect(await slugs('?game_slugs=no-such-game')).toEqual([]);
    const bad = await call('GET', '/accounts/me/game_progress?game_slugs=Bad%20Slug', p.web);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_request', hydraErrorCode: 1013 });
    expect((await call('GET', '/accounts/me/game_progress')).json().code).toBe('unauthorized');
  });

  it("shows a game's token its own game only", async () => {
    const own = await progressOf(p.game.accessToken);
    expect(own.map((e) => e.game_slug)).toEqual([DEMO_GAME_SLUG]);
    expect(await progressOf(p.game.accessToken, `?game_slugs=${OTHER_GAME}`)).toEqual([]);
    expect((await progressOf(p.game.accessToken, `?game_slugs=${OTHER_GAME},${DEMO_GAME_SLUG}`)).length).toBe(1);
    expect((await progressOf(p.other)).map((e) => e.game_slug)).toEqual([OTHER_GAME]);
  });

  it('drops null details and answers a null config for a game that is gone', async () => {
    await t.deps.db.query(
      `UPDATE game_progress SET game_details = game_details || '{"cleared": null}'::jsonb WHERE account_id = $1`,
      [p.id],
    );
    await t.deps.db.query(
      `INSERT INTO game_progress (account_id, game_slug, last_seen_platform, all_platforms, last_accessed)
       VALUES ($1, 'retired-game', 'ps_4', '{ps_4}', now() - interval '1 day')`,
      [p.id],
    );
    const all = await progressOf(p.web);
    const demo = all.find((e) => e.game_slug === DEMO_GAME_SLUG);
    expect(demo?.game_details).toEqual({ rank: 'Gold' });
    expect(all.at(-1)).toMatchObject({ game_slug: 'retired-game', game_config: null, all_platforms: ['ps_4'] });
  });
});

describe('removing a game', () => {
  it('deletes its progress and ends its sign-ins, not the web one nor another game', async () => {
    await record(p.game.accessToken, { platform: 'ps_5', details: { level: 3 } });
    await record(p.other, { platform: 'ps_5' }, OTHER_GAME);
    const second = await t.deps.tokens.start({ accountId: p.id, clientId: DEMO_OAUTH_CLIENT_ID });

    expect((await call('PUT', `/accounts/me/unlink/game/${DEMO_GAME_SLUG}`, p.game.accessToken)).json()).toMatchObject({
      code: 'unauthorized',
      body: { reason: 'game_token' },
    });
    const removed = await call('PUT', `/accounts/me/unlink/game/${DEMO_GAME_SLUG}`, p.web);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: p.id });

    expect((await progressOf(p.web)).map((e) => e.game_slug)).toEqual([OTHER_GAME]);
    for (const token of [p.game.accessToken, second.accessToken]) {
      expect((await call('GET', '/accounts/me', token)).json().code).toBe('auth_expired');
    }
    const refreshed = await apiCall(t.app, 'POST', '/api/sessions/auth/token', undefined, {
      grant_type: 'refresh_token',
      refresh_token: p.game.refreshToken,
    });
    expect(refreshed.json().code).toBe('auth_expired');
    expect((await call('GET', '/accounts/me', p.web)).statusCode).toBe(200);
    expect((await progressOf(p.other)).length).toBe(1);

    const again = await call('PUT', `/accounts/me/unlink/game/${DEMO_GAME_SLUG}`, p.web);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'game_profile_missing', hydraErrorCode: 1065 });
  });

  it('answers game_profile_missing for an unknown game and invalid_request for a bad slug', async () => {
    expect((await call('PUT', '/accounts/me/unlink/game/no-such-game', p.web)).json()).toMatchObject({
      code: 'game_profile_missing',
      body: { game: 'no-such-game' },
    });
    expect((await call('PUT', '/accounts/me/unlink/game/Bad!', p.web)).json().code).toBe('invalid_request');
    expect((await call('PUT', `/accounts/me/unlink/game/${DEMO_GAME_SLUG}`)).json().code).toBe('unauthorized');
  });
});

it('goes with the account when the account is deleted', async () => {
  await record(p.game.accessToken, { platform: 'ps_5', details: { level: 1 } });
  const accounts = new AccountsRepo(t.deps.db.orm);
  const account = await accounts.findById(p.id);
  if (!account) throw new Error('account missing');
  await accounts.delete(account);
  const rows = await t.deps.db.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM game_progress WHERE account_id = $1',
    [p.id],
  );
  expect(rows[0]?.n).toBe('0');
});
