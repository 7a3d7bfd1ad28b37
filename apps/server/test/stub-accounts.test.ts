// Platform-first (stub) accounts (issue 16): a game signs a console identity in and gets a stub at
// once; the stub records progress, hands a passwordless device code to a browser, and is completed
// into a full account or consolidated into one (whole, by link, by game profile), with the game
// conflict and both choices, every refusal, one transaction, and the game's sign-in following.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameRegistryService } from '../src/modules/games/registry-service.ts';
import { GamesRepo } from '../src/modules/games/repo.ts';
import { DEMO_GAME_API_KEY, DEMO_GAME_SLUG, DEMO_OAUTH_CLIENT_ID, demoUserExperience } from '../src/seed/demo.ts';
import { apiCall, insertAccount, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { authorizeAt, linkPayloadOf, startPlatformSandbox } from './platform-sandbox.ts';
import type { PlatformSandbox } from './platform-sandbox.ts';

const OTHER_GAME = 'moonfall-arena';
const OTHER_CLIENT = 'moonfall-arena-pc';
const OTHER_KEY = 'ag-moonfall-dev-key-0001';
let t: TestApp;
let sandbox: PlatformSandbox;

beforeAll(async () => {
  t = await testApp({ SIGN_IN_PER_MINUTE: '1000', DEVICE_POLL_INTERVAL_SECONDS: '1' }, { seed: true });
  sandbox = await startPlatformSandbox(t.deps.config.publicUrl);
  for (const platform of ['psn', 'xbox', 'twitch'] as const) await t.deps.platforms.put(sandbox.config(platform));
  const registry = new GameRegistryService(new GamesRepo(t.deps.db.orm));
  await registry.putGame({ slug: OTHER_GAME, name: 'Moonfall Arena', user_experience: demoUserExperience() });
  await registry.addClient({ game: OTHER_GAME, clientId: OTHER_CLIENT, redirectUris: ['http://127.0.0.1/callback'] });
  const { hashApiKey } = await import('../src/http/api-key.ts');
  await t.deps.db.query(
    `INSERT INTO api_clients (name, kind, key_hash, key_prefix, game_slug) VALUES ('Moonfall', 'game', $1, 'ag-moon', $2)`,
    [hashApiKey(OTHER_KEY), OTHER_GAME],
  );
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const name = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** A call as a game with its own API key (and its session's token). */
function asGame(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token?: string,
  payload?: object,
  key = DEMO_GAME_API_KEY,
) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: {
      'x-hydra-api-key': key,
      accept: 'application/json',
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...(token ? { 'x-hydra-access-token': token } : {}),
    },
    ...(payload ? { payload } : {}),
  });
}

/** A console signs a platform identity in; answers the sign-in and the identity's user name. */
async function consoleSignIn(platform: 'psn' | 'xbox' = 'psn', user = name('Kratos'), key = DEMO_GAME_API_KEY) {
  const authorized = await authorizeAt(
    sandbox,
    platform,
    user,
    platform === 'xbox' ? { scope: 'xboxlive.signin', nonce: null } : {},
  );
  const res = await asGame(
    'POST',
    `/sessions/auth/${platform}`,
    undefined,
    linkPayloadOf(authorized, platform !== 'xbox'),
    key,
  );
  return { res, user };
}

/** A stub with progress in a game: its game tokens and account id. */
async function stubWithProgress(
  details: Record<string, string | number> = { level: 12 },
  platform: 'psn' | 'xbox' = 'psn',
) {
  const { res, user } = await consoleSignIn(platform);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const saved = await asGame('PUT', `/accounts/me/game_progress/${DEMO_GAME_SLUG}`, body.access_token, {
    platform: 'ps_5',
    details,
    logged_in: true,
  });
  expect(saved.statusCode).toBe(200);
  return {
    token: body.access_token as string,
    refresh: body.refresh_token as string,
    id: body.account.id as string,
    user,
  };
}

/** A full account signed in on the web, with progress in the demo game when `details` is given. */
async function fullAccount(details?: Record<string, string | number>) {
  const email = `${name('player')}@example.com`;
  const id = await insertAccount(t.deps.db, { email });
  const web = await t.deps.tokens.start({ accountId: id });
  if (details) {
    const game = await t.deps.tokens.start({ accountId: id, clientId: DEMO_OAUTH_CLIENT_ID });
    await asGame('PUT', `/accounts/me/game_progress/${DEMO_GAME_SLUG}`, game.accessToken, {
      platform: 'pc_steam',
      details,
    });
  }
  return { id, email, token: web.accessToken };
}

const transfer = (token: string, source: string, extra: object = {}) =>
  apiCall(t.app, 'PUT', '/api/accounts/me/transfer/account', token, { source_account_access_token: source, ...extra });
const progressOf = async (accountId: string) =>
  (await t.deps.db.query('SELECT game_slug, game_details FROM game_progress WHERE account_id = $1 ORDER BY game_slug', [
    accountId,
  ])) as Array<{ game_slug: string; game_details: Record<string, unknown> }>;
const exists = async (accountId: string) =>
  ((await t.deps.db.query('SELECT 1 FROM accounts WHERE id = $1', [accountId])) as unknown[]).length === 1;

describe('stub creation', () => {
  it("gives a game's own API key a stub for an identity no account has, with the game's tokens at once", async () => {
    const { res, user } = await consoleSignIn();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.account).toMatchObject({ stub: true, completed: false, email: null, username: null });
    expect(body.account.links.psn).toMatchObject({ last_seen_username: user });
    const session = await t.deps.sessions.resolve(body.access_token);
    expect(session?.clientId).toBe(DEMO_OAUTH_CLIENT_ID);
    // The next sign-in of the same identity is the same stub.
    const again = await consoleSignIn('psn', user);
    expect(again.res.json().account.id).toBe(body.account.id);
  });

  it('records progress for a stub like for any account', async () => {
    const stub = await stubWithProgress({ level: 3, hero: 'Aria' });
    const read = await asGame('GET', '/accounts/me/game_progress', stub.token);
    expect(read.json().game_progress[0]).toMatchObject({
      game_slug: DEMO_GAME_SLUG,
      game_details: { level: 3, hero: 'Aria' },
    });
  });

  it('never creates a stub for the web app: an unknown identity stays unknown', async () => {
    const authorized = await authorizeAt(sandbox, 'psn', name('Web'));
    const res = await apiCall(t.app, 'POST', '/api/sessions/auth/psn', undefined, linkPayloadOf(authorized));
    expect(res.json()).toMatchObject({ code: 'unknown_identity', hydraErrorCode: 1053 });
  });

  it('refuses a client of another game, and a client_id from the web app', async () => {
    const authorized = await authorizeAt(sandbox, 'psn', name('Other'));
    const res = await asGame('POST', '/sessions/auth/psn', undefined, {
      ...linkPayloadOf(authorized),
      client_id: OTHER_CLIENT,
    });
    expect(res.json()).toMatchObject({ code: 'invalid_client_id' });
    const web = await apiCall(t.app, 'POST', '/api/sessions/auth/psn', undefined, {
      access_token: 'x'.repeat(20),
      client_id: 'a',
    });
    expect(web.json()).toMatchObject({ code: 'invalid_client_id' });
  });

  it('shows a stub as a stub, which the web app sends through the stub flow (an invalid account, rule 10)', async () => {
    const stub = await stubWithProgress();
    const web = await t.deps.tokens.start({ accountId: stub.id });
    const me = await apiCall(t.app, 'GET', '/api/accounts/me', web.accessToken);
    expect(me.json()).toMatchObject({ id: stub.id, stub: true, completed: false });
  });
});

describe('what a stub may use', () => {
  it("refuses a browser's session of a stub every dashboard call, but not the stub flow's own", async () => {
    const stub = await stubWithProgress();
    const web = await t.deps.tokens.start({ accountId: stub.id });
    for (const [method, url, body] of [
      ['GET', '/api/accounts/me/game_progress', undefined],
      ['GET', '/api/accounts/me/avatars_available', undefined],
      ['PUT', '/api/accounts/me/password', { new_password: 'A-new-long-password-1' }],
      ['PUT', '/api/accounts/me/username', { username: 'StubTakesAName' }],
    ] as const) {
      const res = await apiCall(t.app, method, url, web.accessToken, body);
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ code: 'unauthorized', body: { reason: 'stub' } });
    }
    expect((await apiCall(t.app, 'GET', '/api/accounts/me', web.accessToken)).statusCode).toBe(200);
    expect((await apiCall(t.app, 'GET', '/api/sessions/me/current', web.accessToken)).statusCode).toBe(200);
    // The game's own session of the stub plays as any account.
    expect((await asGame('GET', '/accounts/me/game_progress', stub.token)).statusCode).toBe(200);
    // The stub's password was not set behind the stub flow's back.
    const [row] = (await t.deps.db.query('SELECT password_hash, username FROM accounts WHERE id = $1', [
      stub.id,
    ])) as Array<{ password_hash: string | null; username: string | null }>;
    expect(row).toMatchObject({ password_hash: null });
    expect(row?.username).not.toBe('StubTakesAName');
  });
});

describe("a stub's link of its game's user-flow platform (spec 000 §4 rule 6)", () => {
  /** A stub whose console's passwordless code asks for Twitch first, and the browser's session of it. */
  async function stubInBrowser() {
    const stub = await stubWithProgress({ level: 9 });
    const started = await asGame('POST', '/sessions/device', stub.token, {
      client_id: DEMO_OAUTH_CLIENT_ID,
      auth_type: 'passwordless',
      user_flow: 'twitch',
      user_flow_options: { is_required: true },
    });
    expect(started.statusCode).toBe(200);
    const { user_code } = started.json();
    const shown = await apiCall(t.app, 'GET', `/api/sessions/device/${user_code}`);
    expect(shown.json()).toMatchObject({ auth_type: 'passwordless', user_flow: 'twitch' });
    const claimed = await apiCall(t.app, 'POST', `/api/sessions/device/${user_code}/stub`);
    return { ...stub, browser: claimed.json().access_token as string };
  }
  const linkTwitch = async (token: string, user: string, query = '') =>
    apiCall(
      t.app,
      'PUT',
      `/api/accounts/me/link/twitch${query}`,
      token,
      linkPayloadOf(await authorizeAt(sandbox, 'twitch', user)),
    );

  it("lets the stub's browser session connect it, and the link moves into the account with the consolidation", async () => {
    const stub = await stubInBrowser();
    const streamer = name('streamer');
    const linked = await linkTwitch(stub.browser, streamer);
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ id: stub.id, stub: true });
    expect(linked.json().links.twitch).toMatchObject({ last_seen_username: streamer });
    const full = await fullAccount();
    const moved = await transfer(full.token, stub.browser);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().links.twitch).toMatchObject({ last_seen_username: streamer });
    expect(moved.json().links.psn).toMatchObject({ last_seen_username: stub.user });
    expect(await exists(stub.id)).toBe(false);
    // Twitch signs the account in from now on.
    const signIn = await apiCall(
      t.app,
      'POST',
      '/api/sessions/auth/twitch',
      undefined,
      linkPayloadOf(await authorizeAt(sandbox, 'twitch', streamer)),
    );
    expect(signIn.json().account.id).toBe(full.id);
  });

  it('keeps the link when the stub becomes the account (its completion)', async () => {
    const stub = await stubInBrowser();
    const streamer = name('streamer');
    expect((await linkTwitch(stub.browser, streamer)).statusCode).toBe(200);
    const done = await apiCall(t.app, 'POST', '/api/accounts/complete', stub.browser, {
      country: 'FR',
      marketing_opt_in: false,
      tos_consent: true,
      date_of_birth: '1990-01-01',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: stub.id, stub: false, completed: true });
    expect(done.json().links.twitch).toMatchObject({ last_seen_username: streamer });
  });

  it('lets a stub only add a link: no replacement, confirmation, cancel or disconnect, nor a claimed identity', async () => {
    const stub = await stubInBrowser();
    expect((await linkTwitch(stub.browser, name('first'))).statusCode).toBe(200);
    expect((await linkTwitch(stub.browser, name('other'), '?needs_confirmation=true')).json()).toMatchObject({
      code: 'platform_link_already_exists',
    });
    for (const url of ['/confirm/twitch', '/cancel/twitch', '/unlink/twitch', '/unlink/psn']) {
      const body = url.startsWith('/confirm') ? { auth_id: 'x' } : undefined;
      const res = await apiCall(t.app, 'PUT', `/api/accounts/me${url}`, stub.browser, body);
      expect(res.json(), url).toMatchObject({ code: 'unauthorized', body: { reason: 'stub' } });
    }
    // An identity another account holds stays with it.
    const other = await stubInBrowser();
    const full = await fullAccount();
    const held = name('held');
    expect((await linkTwitch(full.token, held)).statusCode).toBe(200);
    expect((await linkTwitch(other.browser, held)).json()).toMatchObject({ code: 'platform_link_already_claimed' });
  });
});

describe('the passwordless device code of a stub', () => {
  const startPasswordless = (token?: string, key = DEMO_GAME_API_KEY, client = DEMO_OAUTH_CLIENT_ID) =>
    asGame(
      'POST',
      '/sessions/device',
      token,
      { client_id: client, auth_type: 'passwordless', device_name: 'PS5' },
      key,
    );

  it("is started by the game signed in as the stub, and the first browser gets the stub's session", async () => {
    const stub = await stubWithProgress();
    const started = await startPasswordless(stub.token);
    expect(started.statusCode).toBe(200);
    const { user_code } = started.json();
    const shown = await apiCall(t.app, 'GET', `/api/sessions/device/${user_code}`);
    expect(shown.json()).toMatchObject({ auth_type: 'passwordless' });
    const claimed = await apiCall(t.app, 'POST', `/api/sessions/device/${user_code}/stub`);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().account).toMatchObject({ id: stub.id, stub: true });
    const second = await apiCall(t.app, 'POST', `/api/sessions/device/${user_code}/stub`);
    expect(second.json()).toMatchObject({ code: 'device_token_used' });
  });

  it('needs the stub token of the same game; a full account or another game is refused', async () => {
    expect((await startPasswordless()).json()).toMatchObject({ code: 'unauthorized' });
    const stub = await stubWithProgress();
    expect((await startPasswordless(stub.token, OTHER_KEY, OTHER_CLIENT)).json()).toMatchObject({
      code: 'game_token_mismatch',
    });
    const full = await fullAccount();
    const game = await t.deps.tokens.start({ accountId: full.id, clientId: DEMO_OAUTH_CLIENT_ID });
    expect((await startPasswordless(game.accessToken)).json()).toMatchObject({ code: 'stub_completed' });
  });

  it('cannot be approved by a player directly, and a device code is not a stub to claim', async () => {
    const stub = await stubWithProgress();
    const { user_code } = (await startPasswordless(stub.token)).json();
    const full = await fullAccount();
    const approve = await apiCall(t.app, 'PUT', `/api/sessions/device/${user_code}/authorize`, full.token);
    expect(approve.json()).toMatchObject({ code: 'device_flow_unavailable' });
    const plain = (await asGame('POST', '/sessions/device', undefined, { client_id: DEMO_OAUTH_CLIENT_ID })).json();
    const claim = await apiCall(t.app, 'POST', `/api/sessions/device/${plain.user_code}/stub`);
    expect(claim.json()).toMatchObject({ code: 'device_token_invalid' });
  });
});

describe('consolidation', () => {
  it('moves links, profiles and the game sign-in, removes the stub, approves its device code, and mails a notice', async () => {
    const stub = await stubWithProgress({ level: 12 });
    const { device_code, user_code } = (
      await asGame('POST', '/sessions/device', stub.token, {
        client_id: DEMO_OAUTH_CLIENT_ID,
        auth_type: 'passwordless',
      })
    ).json();
    const browser = (await apiCall(t.app, 'POST', `/api/sessions/device/${user_code}/stub`)).json().access_token;
    const full = await fullAccount();
    const res = await transfer(full.token, browser);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: full.id, stub: false });
    expect(res.json().links.psn).toMatchObject({ last_seen_username: stub.user });
    expect(await exists(stub.id)).toBe(false);
    expect(await progressOf(full.id)).toEqual([{ game_slug: DEMO_GAME_SLUG, game_details: { level: 12 } }]);
    // The game's access token ends; its refresh gives the full account's tokens.
    expect((await asGame('GET', '/accounts/me/game_progress', stub.token)).statusCode).toBe(401);
    const refreshed = await asGame('POST', '/sessions/auth/token', undefined, {
      grant_type: 'refresh_token',
      refresh_token: stub.refresh,
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().account.id).toBe(full.id);
    // The browser's stub session ended with the stub.
    expect((await apiCall(t.app, 'GET', '/api/accounts/me', browser)).statusCode).toBe(401);
    // The console's passwordless code now gives the full account.
    const polled = await asGame('POST', '/sessions/auth/token', undefined, {
      grant_type: 'device_code',
      code: device_code,
    });
    expect(polled.json().account.id).toBe(full.id);
    // The platform signs in the full account from now on.
    const again = await consoleSignIn('psn', stub.user);
    expect(again.res.json().account.id).toBe(full.id);
    const mail = (
      await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(full.email)}` })
    ).json();
    const notice = mail.find((m: { template: string }) => m.template === 'account_consolidated');
    expect(notice.text).toContain('PlayStation');
    expect(notice.text).toContain('Starfall Legends: progress added to this account');
  });

  it('answers the conflict body when both have a save of a game, and applies either choice', async () => {
    for (const [choice, kept] of [
      ['squash_conflict', { level: 40 }],
      ['keep_old', { level: 7 }],
    ] as const) {
      const stub = await stubWithProgress({ level: 40 });
      const full = await fullAccount({ level: 7 });
      const conflict = await transfer(full.token, stub.token);
      expect(conflict.statusCode).toBe(409);
      const body = conflict.json();
      expect(body).toMatchObject({ code: 'game_profile_conflict', hydraErrorCode: 1078 });
      expect(body.body.conflict_games).toEqual([DEMO_GAME_SLUG]);
      expect(body.body.conflict_game_details[0]).toMatchObject({
        game_slug: DEMO_GAME_SLUG,
        game_name: 'Starfall Legends',
        stub: { last_seen_platform: 'ps_5', game_details: { level: 40 } },
        account: { last_seen_platform: 'pc_steam', game_details: { level: 7 } },
      });
      expect(body.body.session).toEqual({ account_id: full.id, source_account_id: stub.id });
      // Nothing changed yet.
      expect(await exists(stub.id)).toBe(true);
      const done = await transfer(full.token, stub.token, { conflict_choices: { [DEMO_GAME_SLUG]: choice } });
      expect(done.statusCode).toBe(200);
      expect(await progressOf(full.id)).toEqual([{ game_slug: DEMO_GAME_SLUG, game_details: kept }]);
      expect(await exists(stub.id)).toBe(false);
      const mail = (
        await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(full.email)}` })
      ).json();
      expect(mail[0].text).toContain(choice === 'keep_old' ? 'already had was kept' : 'was kept, and replaced');
    }
  });

  it('moves one profile with squash_conflict or keep_old, and one link, leaving the rest on the stub', async () => {
    const stub = await stubWithProgress({ level: 5 });
    const full = await fullAccount({ level: 1 });
    const call = (body: object) =>
      apiCall(t.app, 'PUT', `/api/accounts/me/transfer/profile/${DEMO_GAME_SLUG}`, full.token, {
        source_account_access_token: stub.token,
        ...body,
      });
    expect((await call({})).json()).toMatchObject({ code: 'game_profile_conflict' });
    expect((await call({ squash_conflict: true, keep_old: true })).json()).toMatchObject({ code: 'invalid_request' });
    expect((await call({ squash_conflict: true })).statusCode).toBe(200);
    expect(await progressOf(full.id)).toEqual([{ game_slug: DEMO_GAME_SLUG, game_details: { level: 5 } }]);
    expect(await progressOf(stub.id)).toEqual([]);
    expect((await call({})).json()).toMatchObject({ code: 'game_profile_missing' });
    const moved = await apiCall(t.app, 'PUT', '/api/accounts/me/transfer/link/psn', full.token, {
      source_account_access_token: stub.token,
    });
    expect(moved.json().links.psn).toMatchObject({ last_seen_username: stub.user });
    expect(await exists(stub.id)).toBe(true);
    const none = await apiCall(t.app, 'PUT', '/api/accounts/me/transfer/link/xbox', full.token, {
      source_account_access_token: stub.token,
    });
    expect(none.json()).toMatchObject({ code: 'link_invalid' });
  });

  it('refuses a token that is not a live stub: a full account, a revoked one, a malformed one', async () => {
    const full = await fullAccount();
    const other = await fullAccount();
    expect((await transfer(full.token, other.token)).json()).toMatchObject({ code: 'transfer_invalid_token' });
    expect((await transfer(full.token, `at_${'x'.repeat(43)}`)).json()).toMatchObject({
      code: 'transfer_invalid_token',
    });
    const stub = await stubWithProgress();
    await t.deps.db.query('UPDATE sessions SET revoked_at = now() WHERE account_id = $1', [stub.id]);
    expect((await transfer(full.token, stub.token)).json()).toMatchObject({ code: 'transfer_invalid_token' });
    expect(await exists(stub.id)).toBe(true);
    // A stub cannot consolidate into a stub: its browser session may not even ask.
    const a = await stubWithProgress();
    const b = await stubWithProgress();
    const web = await t.deps.tokens.start({ accountId: b.id });
    expect((await transfer(web.accessToken, a.token)).json()).toMatchObject({
      code: 'unauthorized',
      body: { reason: 'stub' },
    });
  });

  it('fails whole, with the failure page facts, when the account links the platform with another identity', async () => {
    // The sandbox's Xbox is restricted; first as a platform that is not.
    await t.deps.db.query(`UPDATE platform_configs SET restricted = false WHERE platform = 'xbox'`);
    const stub = await stubWithProgress({ level: 2 }, 'xbox');
    const full = await fullAccount();
    const authorized = await authorizeAt(sandbox, 'xbox', name('Someone'), { scope: 'xboxlive.signin', nonce: null });
    const linked = await apiCall(
      t.app,
      'PUT',
      '/api/accounts/me/link/xbox',
      full.token,
      linkPayloadOf(authorized, false),
    );
    expect(linked.statusCode).toBe(200);
    const res = await transfer(full.token, stub.token);
    expect(res.json()).toMatchObject({
      code: 'platform_link_already_exists',
      body: { link_name: 'xbox', email: full.email },
    });
    expect(await exists(stub.id)).toBe(true);
    expect(await progressOf(full.id)).toEqual([]);
    // Where that platform is restricted, the player cannot disconnect the other identity either.
    await t.deps.db.query(`UPDATE platform_configs SET restricted = true WHERE platform = 'xbox'`);
    try {
      expect((await transfer(full.token, stub.token)).json()).toMatchObject({
        code: 'unlink_restricted',
        body: { link_name: 'xbox' },
      });
    } finally {
      await t.deps.db.query(`UPDATE platform_configs SET restricted = true WHERE platform = 'xbox'`);
    }
  });

  it('refuses a game whose operator denies consolidation (1400), changing nothing', async () => {
    const stub = await stubWithProgress();
    const full = await fullAccount();
    await t.deps.db.query(`UPDATE games SET allow_consolidation = false WHERE slug = $1`, [DEMO_GAME_SLUG]);
    try {
      expect((await transfer(full.token, stub.token)).json()).toMatchObject({
        code: 'consolidation_denied',
        hydraErrorCode: 1400,
        body: { server_game_name: 'Starfall Legends', email: full.email },
      });
    } finally {
      await t.deps.db.query(`UPDATE games SET allow_consolidation = true WHERE slug = $1`, [DEMO_GAME_SLUG]);
    }
    expect(await exists(stub.id)).toBe(true);
  });

  it('lets exactly one of two concurrent consolidations of one stub succeed, losing no profile', async () => {
    const stub = await stubWithProgress({ level: 9 });
    const [a, b] = [await fullAccount(), await fullAccount()];
    const answers = await Promise.all([transfer(a.token, stub.token), transfer(b.token, stub.token)]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400]);
    const loser = answers.find((r) => r.statusCode !== 200);
    expect(loser?.json()).toMatchObject({ code: 'transfer_invalid_token' });
    const rows = (await t.deps.db.query('SELECT account_id FROM game_progress WHERE account_id = ANY($1::uuid[])', [
      [a.id, b.id, stub.id],
    ])) as unknown[];
    expect(rows).toHaveLength(1);
  });
});

describe('completion', () => {
  it('turns a stub into a full account in place, with the registration rules, and signs its device code in', async () => {
    const stub = await stubWithProgress();
    const { device_code, user_code } = (
      await asGame('POST', '/sessions/device', stub.token, {
        client_id: DEMO_OAUTH_CLIENT_ID,
        auth_type: 'passwordless',
      })
    ).json();
    const browser = (await apiCall(t.app, 'POST', `/api/sessions/device/${user_code}/stub`)).json().access_token;
    const complete = (body: object) => apiCall(t.app, 'POST', '/api/accounts/complete', browser, body);
    const email = `${name('new')}@example.com`;
    const base = { country: 'FR', marketing_opt_in: false, tos_consent: true };
    expect((await complete(base)).json()).toMatchObject({ code: 'invalid_request' });
    expect((await complete({ ...base, date_of_birth: '2019-01-01' })).json()).toMatchObject({ code: 'age_gated' });
    expect((await complete({ ...base, country: 'KP', date_of_birth: '1990-01-01' })).json()).toMatchObject({
      code: 'embargoed_country',
    });
    expect((await complete({ ...base, date_of_birth: '1990-01-01', email })).json()).toMatchObject({
      code: 'invalid_request',
    });
    await apiCall(t.app, 'POST', '/api/accounts/register/email', undefined, { email });
    const mail = (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(email)}` })).json();
    const code = /\b(\d{6})\b/.exec(mail[0].text)?.[1];
    const username = name('Hero').replace('-', '');
    const done = await complete({ ...base, date_of_birth: '1990-01-01', email, email_code: code, username });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      id: stub.id,
      stub: false,
      completed: true,
      email,
      email_verified: true,
      username,
    });
    expect(done.json().links.psn).toBeTruthy();
    // Its game sign-in goes on as the same account, and its device code signs the console in.
    expect((await asGame('GET', '/accounts/me/game_progress', stub.token)).statusCode).toBe(200);
    const polled = await asGame('POST', '/sessions/auth/token', undefined, {
      grant_type: 'device_code',
      code: device_code,
    });
    expect(polled.json().account.id).toBe(stub.id);
    expect((await complete(base)).json()).toMatchObject({ code: 'stub_completed' });
  });
});

describe('the sweep hook', () => {
  it('removes stubs nobody touched for STUB_IDLE_DAYS, and nothing else', async () => {
    const idle = await stubWithProgress();
    const busy = await stubWithProgress();
    const full = await fullAccount();
    const old = "now() - interval '400 days'";
    await t.deps.db.query(`UPDATE accounts SET updated_at = ${old} WHERE id = ANY($1::uuid[])`, [
      [idle.id, busy.id, full.id],
    ]);
    await t.deps.db.query(`UPDATE sessions SET created_at = ${old} WHERE account_id = ANY($1::uuid[])`, [
      [idle.id, full.id],
    ]);
    await t.deps.db.query(`UPDATE game_progress SET updated_at = ${old} WHERE account_id = $1`, [idle.id]);
    await t.deps.db.query(`UPDATE sessions SET created_at = ${old} WHERE account_id = $1`, [busy.id]);
    // busy's progress was recorded just now: touched.
    const removed = await t.deps.accounts.removeIdleStubs(t.deps.config.STUB_IDLE_DAYS, 1000);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await exists(idle.id)).toBe(false);
    expect(await exists(busy.id)).toBe(true);
    expect(await exists(full.id)).toBe(true);
  });
});
