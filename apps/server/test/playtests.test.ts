// Playtests (issue 18): registration and preferences, redeeming campaign and referral codes, platform
// keys handed out exactly once under contention, referrals and their degree, changed terms, every beta
// condition of spec 001 §8, and Twitch drops claimed through the sandbox Twitch API. Playtests are put
// by the operators' service, as `npm run admin -- betas put` does. PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BetaOperatorsRepo } from '../src/modules/betas/operators-repo.ts';
import { BetaOperatorsService } from '../src/modules/betas/operators-service.ts';
import { GamesRepo } from '../src/modules/games/repo.ts';
import { GamesService } from '../src/modules/games/service.ts';
import { sandboxSubject } from '../src/platforms/sandbox/catalogue.ts';
import { DEMO_GAME_SLUG } from '../src/seed/demo.ts';
import { apiCall, insertAccount, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startPlatformSandbox } from './platform-sandbox.ts';
import type { PlatformSandbox } from './platform-sandbox.ts';

let t: TestApp;
let operators: BetaOperatorsService;
let sandbox: PlatformSandbox;
beforeAll(async () => {
  // 1,000 players award at once from one address: the per-address limit is not what is tested here.
  t = await testApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  operators = new BetaOperatorsService({
    repo: new BetaOperatorsRepo(t.deps.db.orm),
    games: new GamesService(new GamesRepo(t.deps.db.orm)),
  });
  sandbox = await startPlatformSandbox('http://localhost:8080');
  await t.deps.platforms.put(sandbox.config('twitch'));
});
afterAll(async () => {
  await sandbox?.close();
  await t?.close();
});

interface Player {
  id: string;
  token: string;
}

async function player(dateOfBirth = '1990-05-01'): Promise<Player> {
  const tag = randomUUID().slice(0, 8);
  const id = await insertAccount(t.deps.db, { email: `tester-${tag}@example.com`, username: `Tester${tag}` });
  await t.deps.db.query('UPDATE accounts SET date_of_birth = $2 WHERE id = $1', [id, dateOfBirth]);
  const { accessToken } = await t.deps.tokens.start({ accountId: id });
  return { id, token: accessToken };
}

const call = (who: Player, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
  apiCall(t.app, method, `/api${url}`, who.token, body);

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const OPEN = { start: at(-1), end: at(30) };
const ENDED = { start: at(-30), end: at(-1) };

/** A playtest as an operator puts it, with a fresh key; answers its id. */
async function playtest(over: Record<string, unknown> = {}) {
  const key = `test-${randomUUID().slice(0, 8)}`;
  const definition = {
    key,
    game: DEMO_GAME_SLUG,
    title: 'Test playtest',
    redemption_agreement: 'The playtest terms.',
    platforms: ['pc_steam', 'xbox_series_xs'],
    registration: OPEN,
    redemption: OPEN,
    referral_max_count: 2,
    ...over,
  };
  const { id } = await operators.put(definition);
  return { id, key, definition };
}

const steamKeys = (n: number, prefix = randomUUID().replaceAll('-', '').slice(0, 5).toUpperCase()) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(5, '0')}-AAAAA`).join('\n');

const register = (who: Player, betaId: string, over: object = {}) =>
  call(who, 'POST', '/betas/me/register', { beta_id: betaId, platforms: ['pc_steam'], beta_tos: true, ...over });
const redeem = (who: Player, code: string) => call(who, 'POST', '/betas/me/redeem', { code, beta_tos: true });
const award = (who: Player, betaId: string, platform = 'pc_steam') =>
  call(who, 'POST', '/betas/me/award', { beta_id: betaId, platform });
const info = async (who: Player, betaId: string) => (await call(who, 'GET', `/betas/${betaId}/info`)).json();

/** A player registered for the playtest with a code redeemed (a new single-use campaign code). */
async function activePlayer(betaId: string, who?: Player) {
  const p = who ?? (await player());
  expect((await register(p, betaId)).statusCode).toBe(201);
  const [code] = await operators.campaignCodes(betaId, 1, 'single');
  expect((await redeem(p, code as string)).statusCode).toBe(200);
  return p;
}

describe('registration', () => {
  it('lists open playtests, registers with platforms and speed, and shows the record', async () => {
    const { id } = await playtest({ speed_check: true, platform_survey: true });
    const ana = await player();
    const listed = (await call(ana, 'GET', '/betas/me/available?embeds=game')).json();
    const mine = listed.betas.find((b: { id: string }) => b.id === id);
    expect(mine).toMatchObject({
      state: 'not_registered',
      record: null,
      registration_open: true,
      speed_check: true,
      platform_choices: ['pc_steam', 'xbox_series_xs'],
      game: { slug: DEMO_GAME_SLUG },
    });
    const registered = await register(ana, id, { speed: '50_100', platforms: ['xbox_series_xs'], beta_version: 1 });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({
      state: 'pre_registered',
      updateable: true,
      redeemable: false,
      record: { speed: '50_100', platforms: ['xbox_series_xs'], beta_tos: true },
    });
    const records = (await call(ana, 'GET', '/betas/records')).json();
    expect(records.records).toEqual(
      expect.arrayContaining([expect.objectContaining({ platforms: ['xbox_series_xs'] })]),
    );
  });

  it('refuses platforms the playtest does not offer, a missing speed band, and unaccepted terms', async () => {
    const { id } = await playtest({ speed_check: true });
    const ben = await player();
    const platforms = await register(ben, id, { platforms: ['ps_5'], speed: '25_50' });
    expect(platforms.statusCode).toBe(400);
    expect(platforms.json().body.issues[0].path).toBe('body.platforms');
    const speed = await register(ben, id);
    expect(speed.json().body.issues[0].path).toBe('body.speed');
    expect((await register(ben, id, { speed: '25_50', beta_tos: false })).statusCode).toBe(400);
    expect((await info(ben, id)).record).toBeNull();
  });

  it('is refused once registration closed (registration closed), and the state says registration ended', async () => {
    const { id } = await playtest({ registration: ENDED });
    const cai = await player();
    const refused = await register(cai, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      hydraErrorCode: 1140,
      message: 'Registration for this playtest has closed.',
    });
    expect(await info(cai, id)).toMatchObject({ state: 'registration_ended', registration_open: false });
  });

  it('from a page of an older version of the playtest is stale', async () => {
    const { id, definition } = await playtest();
    const dee = await player();
    expect((await info(dee, id)).version).toBe(1);
    await operators.put({ ...definition, title: 'Test playtest, new title' });
    const stale = await register(dee, id, { beta_version: 1 });
    expect(stale.json()).toMatchObject({ hydraErrorCode: 1141, message: 'Page is out of date, please refresh' });
    expect((await register(dee, id, { beta_version: 2 })).statusCode).toBe(201);
    // Putting the same definition again changes nothing: open pages stay current.
    await operators.put({ ...definition, title: 'Test playtest, new title' });
    expect((await info(dee, id)).version).toBe(2);
  });

  it('updates preferences and leaves while pre-registered, not after a code was redeemed', async () => {
    const { id } = await playtest();
    const eve = await player();
    expect(
      (await call(eve, 'PUT', `/betas/me/register/${id}`, { platforms: ['pc_steam'] })).json().hydraErrorCode,
    ).toBe(1142);
    expect((await call(eve, 'DELETE', `/betas/me/register/${id}`)).json().hydraErrorCode).toBe(1142);
    await register(eve, id);
    const updated = await call(eve, 'PUT', `/betas/me/register/${id}`, { platforms: ['xbox_series_xs'] });
    expect(updated.json().record.platforms).toEqual(['xbox_series_xs']);
    expect((await call(eve, 'DELETE', `/betas/me/register/${id}`)).statusCode).toBe(200);
    expect(await info(eve, id)).toMatchObject({ state: 'not_registered', record: null });

    await activePlayer(id, eve);
    expect(
      (await call(eve, 'PUT', `/betas/me/register/${id}`, { platforms: ['pc_steam'] })).json().hydraErrorCode,
    ).toBe(1141);
    expect((await call(eve, 'DELETE', `/betas/me/register/${id}`)).json().hydraErrorCode).toBe(1141);
  });
});

describe('redeeming codes', () => {
  it('redeems a single-use campaign code once: the player is active, anyone else is refused', async () => {
    const { id } = await playtest();
    const [code] = await operators.campaignCodes(id, 1, 'single');
    const fay = await player();
    const gus = await player();
    expect((await redeem(fay, code as string)).json().hydraErrorCode).toBe(1142);
    await register(fay, id);
    await register(gus, id);
    const redeemed = await redeem(fay, (code as string).toLowerCase());
    expect(redeemed.json()).toMatchObject({
      state: 'active',
      redeemable: true,
      campaign_code: { code, code_type: 'single', state: 'redeemed', degree: 0 },
    });
    expect((await redeem(gus, code as string)).json()).toMatchObject({ hydraErrorCode: 1143 });
    expect((await redeem(fay, code as string)).json()).toMatchObject({ hydraErrorCode: 1144 });
    expect((await redeem(gus, 'NO-SUCH-CODE')).json()).toMatchObject({ hydraErrorCode: 1143 });
    expect((await call(gus, 'GET', `/betas/lookup/campaign/${code}`)).json().hydraErrorCode).toBe(1143);
  });

  it('takes a shared code from any number of players', async () => {
    const { id } = await playtest();
    const [code] = await operators.campaignCodes(id, 1, 'shared');
    for (let i = 0; i < 3; i++) {
      const p = await player();
      await register(p, id);
      expect((await redeem(p, code as string)).json().state).toBe('active');
    }
    expect((await call(await player(), 'GET', `/betas/lookup/campaign/${code}`)).json()).toMatchObject({ id });
  });

  it('is refused outside the redemption window (campaign closed) and under the age gate', async () => {
    const closed = await playtest({ redemption: ENDED });
    const [late] = await operators.campaignCodes(closed.id, 1, 'single');
    const hal = await player();
    await register(hal, closed.id);
    expect((await redeem(hal, late as string)).json()).toMatchObject({ hydraErrorCode: 1150 });
    expect((await call(hal, 'GET', `/betas/lookup/campaign/${late}`)).json()).toMatchObject({ hydraErrorCode: 1150 });

    const gated = await playtest({ minimum_age: 18 });
    const [code] = await operators.campaignCodes(gated.id, 1, 'single');
    const young = await player(`${new Date().getUTCFullYear() - 15}-01-01`);
    await register(young, gated.id);
    expect((await redeem(young, code as string)).json()).toMatchObject({ hydraErrorCode: 1149 });
    expect(await info(young, gated.id)).toMatchObject({ state: 'pre_registered' });
  });
});

describe('platform keys', () => {
  it('awards one key once per player, and none without a redeemed code or for another platform', async () => {
    const { id, key } = await playtest();
    await operators.importKeys(id, 'pc_steam', steamKeys(3));
    const ivy = await player();
    await register(ivy, id);
    expect((await award(ivy, id)).json()).toMatchObject({ hydraErrorCode: 1147 });
    await activePlayer(id, ivy);
    expect((await award(ivy, id, 'ps_5')).json()).toMatchObject({ hydraErrorCode: 1147 });
    const awarded = (await award(ivy, id)).json();
    expect(awarded).toMatchObject({ redeemable: false, platform_code: { platform: 'pc_steam' } });
    expect(awarded.platform_code.code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect((await award(ivy, id)).json()).toMatchObject({ hydraErrorCode: 1144 });
    expect((await award(ivy, id, 'xbox_series_xs')).json()).toMatchObject({ hydraErrorCode: 1144 });
    expect((await operators.stats(key)).stats.keys).toEqual([{ platform: 'pc_steam', total: 3, awarded: 1, left: 2 }]);
  });

  it('answers unable to award when no key is left', async () => {
    const { id } = await playtest();
    const jo = await activePlayer(id);
    expect((await award(jo, id, 'xbox_series_xs')).json()).toMatchObject({ hydraErrorCode: 1148 });
  });

  it('hands 500 keys to exactly 500 of 1,000 players awarded at once, never one key twice', async () => {
    const { id, key } = await playtest();
    await operators.importKeys(id, 'pc_steam', steamKeys(500));
    const [code] = await operators.campaignCodes(id, 1, 'shared');
    const ids = (
      await t.deps.db.query<{ id: string }>(
        `INSERT INTO accounts (public_id, email, email_verified, username, completed, country, date_of_birth)
         SELECT 'AWARD' || g || $1, 'award-' || g || $1 || '@example.com', true, 'Award' || g || $1, true, 'US', '1990-01-01'
         FROM generate_series(1, 1000) AS g RETURNING id`,
        [randomUUID().slice(0, 6)],
      )
    ).map((row) => row.id);
    await t.deps.db.query(
      `INSERT INTO beta_registrations (beta_id, account_id, platforms, terms_version, code, code_type, code_degree, redeemed_at)
       SELECT $1::uuid, a, ARRAY['pc_steam'], 1, $2, 'shared', 0, now() FROM unnest($3::uuid[]) AS a`,
      [id, code, ids],
    );
    const tokens = await Promise.all(
      ids.map(async (accountId) => (await t.deps.tokens.start({ accountId })).accessToken),
    );
    const answers = await Promise.all(tokens.map((token) => award({ id: '', token }, id)));
    const codes = answers.map((a) => a.json().hydraErrorCode ?? a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(500);
    expect(codes.filter((c) => c === 1148)).toHaveLength(500);
    const held = await t.deps.db.query<{ key: string; account_id: string }>(
      `SELECT key, account_id FROM beta_platform_keys WHERE beta_id = $1 AND account_id IS NOT NULL`,
      [id],
    );
    expect(held).toHaveLength(500);
    expect(new Set(held.map((r) => r.key)).size).toBe(500);
    expect(new Set(held.map((r) => r.account_id)).size).toBe(500);
    expect((await operators.stats(key)).stats.keys[0]).toMatchObject({ awarded: 500, left: 0 });
  }, 120_000);
});

describe('referrals', () => {
  it('makes referral codes up to the maximum, one level further, and shows them redeemed', async () => {
    const { id } = await playtest({ referral_max_count: 2, referral_degree: 2 });
    const kim = await player();
    await register(kim, id);
    expect((await call(kim, 'POST', '/betas/me/referrals', { beta_id: id })).json()).toMatchObject({
      hydraErrorCode: 1146,
    });
    await activePlayer(id, kim);
    expect(await info(kim, id)).toMatchObject({ referral_allowed: true });
    const first = await call(kim, 'POST', '/betas/me/referrals', { beta_id: id });
    expect(first.statusCode).toBe(201);
    const referral = first.json().code as string;
    await call(kim, 'POST', '/betas/me/referrals', { beta_id: id });
    expect((await call(kim, 'POST', '/betas/me/referrals', { beta_id: id })).json()).toMatchObject({
      hydraErrorCode: 1145,
    });
    expect((await redeem(kim, referral)).json().hydraErrorCode).toBe(1144);

    const lee = await player();
    await register(lee, id);
    const redeemed = (await redeem(lee, referral)).json();
    expect(redeemed).toMatchObject({
      state: 'active',
      campaign_code: { code: referral, code_type: 'referral', degree: 1 },
    });
    const listed = (await call(kim, 'GET', `/betas/me/referrals?beta_id=${id}`)).json();
    expect(listed.referral_max_count).toBe(2);
    expect(listed.referral_codes).toHaveLength(2);
    expect(listed.referral_codes.find((c: { code: string }) => c.code === referral)).toMatchObject({ redeemed: true });

    // Lee (degree 1) may refer once more; the player Lee refers (degree 2) may not: the degree is 2.
    const next = (await call(lee, 'POST', '/betas/me/referrals', { beta_id: id })).json().code as string;
    const mo = await player();
    await register(mo, id);
    expect((await redeem(mo, next)).json().campaign_code.degree).toBe(2);
    expect(await info(mo, id)).toMatchObject({ referral_allowed: false });
    expect((await call(mo, 'POST', '/betas/me/referrals', { beta_id: id })).json()).toMatchObject({
      hydraErrorCode: 1146,
    });
  });

  it("refuses a player's own referral code, and lets one of 20 players redeem a code at once", async () => {
    const { id } = await playtest();
    const ned = await activePlayer(id);
    const code = (await call(ned, 'POST', '/betas/me/referrals', { beta_id: id })).json().code as string;
    const others = await Promise.all(Array.from({ length: 20 }, () => player()));
    await Promise.all(others.map((p) => register(p, id)));
    const answers = await Promise.all(others.map((p) => redeem(p, code)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.json().hydraErrorCode === 1143)).toHaveLength(19);
  });

  it('are not allowed in a playtest without referral codes', async () => {
    const { id } = await playtest({ referral_max_count: null });
    const oz = await activePlayer(id);
    expect(await info(oz, id)).toMatchObject({ referral_allowed: false });
    expect((await call(oz, 'POST', '/betas/me/referrals', { beta_id: id })).json()).toMatchObject({
      hydraErrorCode: 1146,
    });
  });
});

describe('changed terms', () => {
  it('ask the player to accept them again before a key is awarded', async () => {
    const { id, definition } = await playtest();
    await operators.importKeys(id, 'pc_steam', steamKeys(1));
    const pat = await activePlayer(id);
    await operators.put({ ...definition, redemption_agreement: 'The new playtest terms.' });
    expect((await info(pat, id)).record.beta_tos).toBe(false);
    expect((await award(pat, id)).json()).toMatchObject({ hydraErrorCode: 1147 });
    const code = (await info(pat, id)).campaign_code.code;
    const accepted = await call(pat, 'PUT', `/betas/me/${code}/update_tos`);
    expect(accepted.json().record.beta_tos).toBe(true);
    expect((await award(pat, id)).json().platform_code.platform).toBe('pc_steam');
  });
});

describe('Twitch drops', () => {
  const grant = async (username: string, benefit: string) => {
    const answer = await fetch(`${sandbox.origin}/dev/platforms/twitch/drops/grant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, benefit_id: benefit }),
    });
    expect(answer.status).toBe(201);
    return (await answer.json()) as { id: string };
  };
  const linkTwitch = (who: Player, username: string) =>
    t.deps.db.query(
      `INSERT INTO platform_links (account_id, platform, subject, username) VALUES ($1, 'twitch', $2, $3)`,
      [who.id, sandboxSubject('twitch', username), username],
    );

  it('claims the playtest of a drop once, marks it fulfilled at Twitch, and a second claim grants nothing more', async () => {
    const { id, key } = await playtest();
    const benefit = `drop-${randomUUID().slice(0, 8)}`;
    await operators.putBenefit({
      benefit_id: benefit,
      game: DEMO_GAME_SLUG,
      beta: key,
      campaign: { id: 'launch', title: 'Launch drops' },
      cycle: { id: 'week-1', start: at(-1), end: at(7) },
    });
    const lookup = (await apiCall(t.app, 'GET', `/api/twitch/benefits/${benefit}`)).json();
    expect(lookup).toMatchObject({
      benefit: { benefit_id: benefit },
      game: { slug: DEMO_GAME_SLUG },
      campaign: { id: 'launch', beta_id: id },
      cycle: { id: 'week-1' },
    });

    const viewer = await player();
    const claim = () =>
      call(viewer, 'PUT', '/twitch/entitlements/me/claim/beta', { game_slug: DEMO_GAME_SLUG, benefit_id: benefit });
    expect((await claim()).json()).toMatchObject({ hydraErrorCode: 1151 });
    const username = `viewer-${randomUUID().slice(0, 6)}`;
    await linkTwitch(viewer, username);
    expect((await claim()).json()).toMatchObject({ hydraErrorCode: 1152 });

    const entitlement = await grant(username, benefit);
    const claimed = (await claim()).json();
    expect(claimed).toMatchObject({ id, state: 'active', campaign_code: { code: benefit, code_type: 'twitch' } });
    const [row] = await t.deps.db.query<{ fulfilled_at: unknown }>(
      'SELECT fulfilled_at FROM twitch_claims WHERE entitlement_id = $1',
      [entitlement.id],
    );
    expect(row?.fulfilled_at).not.toBeNull();
    const again = (await claim()).json();
    expect(again).toMatchObject({ id, state: 'active' });
    const registrations = await t.deps.db.query('SELECT 1 FROM beta_registrations WHERE beta_id = $1', [id]);
    expect(registrations).toHaveLength(1);
  });

  it('answers not found for an unknown benefit or another game', async () => {
    const someone = await player();
    expect((await apiCall(t.app, 'GET', '/api/twitch/benefits/no-such-benefit')).json().hydraErrorCode).toBe(1016);
    const answer = await call(someone, 'PUT', '/twitch/entitlements/me/claim/beta', {
      game_slug: 'ashen-crown',
      benefit_id: 'starfall-launch-drop',
    });
    expect(answer.json().hydraErrorCode).toBe(1016);
  });
});

describe('the demo playtest', () => {
  it('is seeded open, with sandbox keys and the campaign code the README names', async () => {
    const { beta, stats } = await operators.stats('starfall-open-playtest');
    expect(stats.keys.map((k) => [k.platform, k.total])).toEqual([
      ['pc_steam', 200],
      ['xbox_series_xs', 200],
    ]);
    const visitor = (await apiCall(t.app, 'GET', '/api/betas/lookup/campaign/STARFALL-PLAYTEST')).json();
    expect(visitor).toMatchObject({ id: beta.id, redemption_open: true, referral_max_count: 5 });
  });
});
