// Bans and blocks (issue 30, ADR 032): every way in refused for a banned or blocked account with the
// spec's error and what the player is told, tokens issued before refused at once (also on a second
// instance, the command run from another connection or as the command line itself), a ban of one
// game, a temporary ban lifting itself, the errors of banning twice and unbanning the unbanned, a
// forced sign-out, the registration flag, the audit trail and the metrics.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { App } from '../src/app.ts';
import { composeOperations } from '../src/composition.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import type { BanInput } from '../src/modules/moderation/service.ts';
import { PostgresCounterStore } from '../src/rate-limit/counter-store.ts';
import { DEMO_GAME_API_KEY, DEMO_GAME_SLUG, DEMO_OAUTH_CLIENT_ID } from '../src/seed/demo.ts';
import { apiCall, insertAccount, testApp, usesPostgres } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { authorizeAt, linkPayloadOf, startPlatformSandbox } from './platform-sandbox.ts';
import type { PlatformSandbox } from './platform-sandbox.ts';
import { until as waitUntil } from './until.ts';

const PASSWORD = 'Tq8#vLp2-Moderated';
const REDIRECT = 'http://127.0.0.1/callback';
const METRICS_TOKEN = 'metrics-token-of-the-moderation-test';
let t: TestApp;
let sandbox: PlatformSandbox;
let passwordHash: string;

beforeAll(async () => {
  t = await testApp(
    { SIGN_IN_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000', DEVICE_POLL_INTERVAL_SECONDS: '1', METRICS_TOKEN },
    { seed: true },
  );
  sandbox = await startPlatformSandbox(t.deps.config.publicUrl);
  await t.deps.platforms.put(sandbox.config('psn'));
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  apiCall(t.app, method, `/api${url}`, token, payload);

/** A full account with a password, signed in on the portal: its id, address and tokens. */
async function player() {
  const email = `mod-${randomUUID().slice(0, 8)}@example.com`;
  const id = await insertAccount(t.deps.db, { email, passwordHash });
  const signedIn = await call('POST', '/sessions/auth/password', undefined, { email, password: PASSWORD });
  expect(signedIn.statusCode).toBe(200);
  return {
    id,
    email,
    access: String(signedIn.json().access_token),
    refresh: String(signedIn.json().refresh_token),
  };
}

const operator = { by: 'alice.support', why: 'ticket 4711' };
const ban = async (id: string, input: Partial<BanInput> = {}) =>
  t.deps.moderation.ban((await t.deps.accounts.findById(id))!, {
    ...operator,
    reason: 'cheating',
    note: 'Aimbot detected in ranked matches.',
    until: null,
    game: null,
    ...input,
  });
const account = async (id: string) => (await t.deps.accounts.findById(id))!;

type Answer = Awaited<ReturnType<typeof call>>;
/** A refusal of a ban: 403, 1030, with the notice the player is shown. */
function expectBanned(res: Answer, notice: Record<string, unknown> = {}) {
  expect(res.statusCode, res.body).toBe(403);
  const body = res.json();
  expect(body).toMatchObject({ code: 'account_banned', hydraErrorCode: 1030, key: 'error.account_banned' });
  expect(body.body.restriction).toMatchObject({ kind: 'ban', reason: 'cheating', game: null, ...notice });
}
function expectBlocked(res: Answer) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({ code: 'account_blocked', hydraErrorCode: 1033 });
  expect(res.json().body.restriction).toMatchObject({ kind: 'block', reason: 'suspected_takeover', ends_at: null });
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
const authorize = (token: string, challenge: string) =>
  call('POST', '/sessions/authorize', token, {
    client_id: DEMO_OAUTH_CLIENT_ID,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    response_type: 'code',
    code_method: 'S256',
  });
const redeem = (code: string, verifier: string) =>
  call('POST', '/sessions/auth/token', undefined, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: DEMO_OAUTH_CLIENT_ID,
    redirect_uri: REDIRECT,
  });
const refresh = (token: string) =>
  call('POST', '/sessions/auth/token', undefined, { grant_type: 'refresh_token', refresh_token: token });
const startDevice = async () => {
  const started = await call('POST', '/sessions/device', undefined, { client_id: DEMO_OAUTH_CLIENT_ID });
  expect(started.statusCode).toBe(200);
  return started.json() as { device_code: string; user_code: string };
};
const poll = (deviceCode: string) =>
  call('POST', '/sessions/auth/token', undefined, { grant_type: 'device_code', code: deviceCode });
/** A game's own call with its API key (and its session's token). */
const asGame = (method: 'POST' | 'PUT' | 'GET', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: {
      'x-hydra-api-key': DEMO_GAME_API_KEY,
      accept: 'application/json',
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...(token ? { 'x-hydra-access-token': token } : {}),
    },
    ...(payload ? { payload } : {}),
  });
/** A console signs a PlayStation identity in (a stub the first time); answers the game's sign-in. */
const consoleSignIn = async (user: string) =>
  asGame('POST', '/sessions/auth/psn', undefined, linkPayloadOf(await authorizeAt(sandbox, 'psn', user), true));

describe('an account banned with no end', () => {
  it('refuses every way in with account_banned and what the player is told', async () => {
    const p = await player();
    // Before the ban: a game's authorization code and an approved device code, both not yet redeemed.
    const { verifier, challenge } = pkce();
    const code = String((await authorize(p.access, challenge)).json().auth_code);
    const device = await startDevice();
    expect((await call('PUT', `/sessions/device/${device.user_code}/authorize`, p.access)).statusCode).toBe(200);
    await call('POST', '/sessions/email', undefined, { email: p.email });
    const mailed = (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${p.email}` })).json();
    const emailCode = String(mailed.at(-1).code);

    await ban(p.id);

    const notice = { note: 'Aimbot detected in ranked matches.', ends_at: null };
    // The access token issued before: refused at its very next request, and the refresh token.
    expectBanned(await call('GET', '/accounts/me', p.access), notice);
    expectBanned(await refresh(p.refresh), notice);
    // A new sign-in: password, emailed code.
    expectBanned(await call('POST', '/sessions/auth/password', undefined, { email: p.email, password: PASSWORD }));
    expectBanned(
      await call('POST', '/sessions/auth/token', undefined, {
        grant_type: 'email_code',
        email: p.email,
        code: emailCode,
      }),
    );
    // A game: the code issued before, the device approved before.
    expectBanned(await redeem(code, verifier));
    expectBanned(await poll(device.device_code));
    // A wrong password still says so: the ban is told only to whoever proves the account.
    const wrong = await call('POST', '/sessions/auth/password', undefined, {
      email: p.email,
      password: 'nope-Tq8#vLp2',
    });
    expect(wrong.json().code).toBe('invalid_credentials');
  });

  it('refuses on the standard endpoints too: the game hears invalid_grant with the notice, userinfo invalid_token', async () => {
    const p = await player();
    const { verifier, challenge } = pkce();
    const code = String((await authorize(p.access, challenge)).json().auth_code);
    const first = await redeem(code, verifier);
    expect(first.statusCode).toBe(200);
    const game = first.json();
    await ban(p.id);
    const standard = await t.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: game.refresh_token,
        client_id: DEMO_OAUTH_CLIENT_ID,
      }).toString(),
    });
    expect(standard.statusCode).toBe(400);
    expect(standard.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'account_banned',
      restriction: { kind: 'ban', reason: 'cheating' },
    });
    const userinfo = await t.app.inject({
      method: 'GET',
      url: '/oauth2/userinfo',
      headers: { authorization: `Bearer ${game.access_token}` },
    });
    expect(userinfo.statusCode).toBe(401);
  });

  it("refuses a platform sign-in of the account's identity and the claim of its stub by a browser", async () => {
    const user = `Banned-${randomUUID().slice(0, 6)}`;
    const first = await consoleSignIn(user);
    expect(first.statusCode).toBe(200);
    const stub = first.json();
    const passwordless = await asGame('POST', '/sessions/device', stub.access_token, {
      client_id: DEMO_OAUTH_CLIENT_ID,
      auth_type: 'passwordless',
    });
    expect(passwordless.statusCode).toBe(200);
    await ban(String(stub.account.id));
    expectBanned(await consoleSignIn(user));
    expectBanned(await call('POST', `/sessions/device/${passwordless.json().user_code}/stub`));
    // The game's own calls with its token from before.
    expectBanned(await asGame('GET', '/accounts/me', stub.access_token));
  });

  it('refuses 1,000 concurrent requests of the banned player: none served', async () => {
    const p = await player();
    const tokens = [p.access];
    for (let i = 0; i < 3; i++) {
      const again = await call('POST', '/sessions/auth/password', undefined, { email: p.email, password: PASSWORD });
      tokens.push(String(again.json().access_token));
    }
    // Each token kept by the instance, so that memory would answer if the ban were not heard.
    for (const token of tokens) expect((await call('GET', '/accounts/me', token)).statusCode).toBe(200);
    await ban(p.id);
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => call('GET', '/accounts/me', tokens[i % tokens.length])),
    );
    const served = answers.filter((res) => res.statusCode < 400);
    expect(served).toHaveLength(0);
    expect(new Set(answers.map((res) => res.json().code))).toEqual(new Set(['account_banned']));
  });

  it('answers account_already_banned to a second ban, account_not_banned to unbanning twice; unbanned, the player signs in', async () => {
    const p = await player();
    await ban(p.id);
    await expect(ban(p.id)).rejects.toMatchObject({ errorName: 'account_already_banned' });
    await t.deps.moderation.unban(await account(p.id), { ...operator, game: null });
    await expect(t.deps.moderation.unban(await account(p.id), { ...operator, game: null })).rejects.toMatchObject({
      errorName: 'account_not_banned',
    });
    const again = await call('POST', '/sessions/auth/password', undefined, { email: p.email, password: PASSWORD });
    expect(again.statusCode).toBe(200);
    // What the ban ended stays ended: the tokens from before it do not come back.
    expect((await call('GET', '/accounts/me', p.access)).statusCode).toBe(401);
  });
});

describe('a temporary ban', () => {
  it('says when it ends, and lifts itself then with no operator', async () => {
    const p = await player();
    const until = new Date(Date.now() + 1500);
    await ban(p.id, { until, reason: 'harassment', note: null });
    const refused = await call('POST', '/sessions/auth/password', undefined, { email: p.email, password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().body.restriction).toMatchObject({
      reason: 'harassment',
      note: null,
      ends_at: until.toISOString(),
    });
    await waitUntil(() => new Date() > until, 'the end of the ban');
    const after = await call('POST', '/sessions/auth/password', undefined, { email: p.email, password: PASSWORD });
    expect(after.statusCode).toBe(200);
    // A new ban after one that ran out is a ban, not "already banned".
    await ban(p.id, { until: new Date(Date.now() + 60_000) });
    expectBanned(await call('GET', '/accounts/me', String(after.json().access_token)));
  });
});

describe('a ban of one game', () => {
  it("refuses that game's sign-ins and tokens only; the portal and other uses go on", async () => {
    const p = await player();
    const { verifier, challenge } = pkce();
    const code = String((await authorize(p.access, challenge)).json().auth_code);
    const gameTokens = (await redeem(code, verifier)).json();
    await ban(p.id, { game: DEMO_GAME_SLUG, reason: 'exploiting', until: new Date(Date.now() + 86_400_000) });

    // The portal: still signed in.
    expect((await call('GET', '/accounts/me', p.access)).statusCode).toBe(200);
    // The game: its token, its refresh, a new authorization, a device approval.
    const gameNotice = { reason: 'exploiting', game: DEMO_GAME_SLUG };
    const token = await asGame('GET', '/accounts/me', gameTokens.access_token);
    expect(token.statusCode).toBe(403);
    expect(token.json().body.restriction).toMatchObject(gameNotice);
    expect((await refresh(gameTokens.refresh_token)).json().body.restriction).toMatchObject(gameNotice);
    const again = await authorize(p.access, pkce().challenge);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'account_banned', body: { restriction: gameNotice } });
    const device = await startDevice();
    const approve = await call('PUT', `/sessions/device/${device.user_code}/authorize`, p.access);
    expect(approve.json().body.restriction).toMatchObject(gameNotice);
    // Unbanning the game lets it in again.
    await t.deps.moderation.unban(await account(p.id), { ...operator, game: DEMO_GAME_SLUG });
    expect((await authorize(p.access, pkce().challenge)).statusCode).toBe(200);
  });

  it('refuses a ban of a game that does not exist', async () => {
    const p = await player();
    await expect(ban(p.id, { game: 'no-such-game' })).rejects.toThrow(/no game no-such-game/);
  });
});

describe('a block', () => {
  it('refuses every way in with account_blocked and keeps the account as it was', async () => {
    const p = await player();
    const before = await account(p.id);
    await t.deps.moderation.block(before, { ...operator, reason: 'suspected_takeover', note: null });
    expectBlocked(await call('GET', '/accounts/me', p.access));
    expectBlocked(await refresh(p.refresh));
    expectBlocked(await call('POST', '/sessions/auth/password', undefined, { email: p.email, password: PASSWORD }));
    await expect(
      t.deps.moderation.block(await account(p.id), { ...operator, reason: 'legal_hold', note: null }),
    ).rejects.toThrow(/already blocked/);
    // A ban on top of a block: the block is what the player hears first.
    await ban(p.id);
    expectBlocked(await call('POST', '/sessions/auth/password', undefined, { email: p.email, password: PASSWORD }));
    await t.deps.moderation.unblock(await account(p.id), operator);
    await t.deps.moderation.unban(await account(p.id), { ...operator, game: null });
    const after = await account(p.id);
    const { restrictions: _r1, updatedAt: _u1, ...kept } = after;
    const { restrictions: _r2, updatedAt: _u2, ...was } = before;
    expect(kept).toEqual(was);
    expect(
      (await call('POST', '/sessions/auth/password', undefined, { email: p.email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });
});

describe('an operator ending every sign-in', () => {
  it('ends the portal and game sign-ins; the player may sign in again', async () => {
    const p = await player();
    const game = await t.deps.tokens.start({ accountId: p.id, clientId: DEMO_OAUTH_CLIENT_ID });
    expect(await t.deps.tokens.liveSignIns(p.id)).toEqual({ web: 1, games: 1 });
    expect(await t.deps.moderation.signOut(await account(p.id), operator)).toEqual({ ended: 2 });
    expect((await call('GET', '/accounts/me', p.access)).json().code).toBe('auth_expired');
    expect((await refresh(p.refresh)).json().code).toBe('auth_expired');
    expect((await asGame('GET', '/accounts/me', game.accessToken)).json().code).toBe('auth_expired');
    expect(
      (await call('POST', '/sessions/auth/password', undefined, { email: p.email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });
});

describe('the registration flag', () => {
  it('is set and cleared by an operator: a flagged account is asked to verify and kept out of games', async () => {
    const p = await player();
    expect(await t.deps.moderation.flag(await account(p.id), true, operator)).toBe(true);
    expect(await t.deps.moderation.flag(await account(p.id), true, operator)).toBe(false);
    expect((await call('GET', '/accounts/me', p.access)).json().registration_flagged).toBe(true);
    expect((await authorize(p.access, pkce().challenge)).json().code).toBe('email_verification_required');
    expect(await t.deps.moderation.flag(await account(p.id), false, operator)).toBe(true);
    expect((await call('GET', '/accounts/me', p.access)).json().registration_flagged).toBe(false);
  });
});

describe('what is recorded', () => {
  it("shows the player the ban and its lifting without the operator; the operator's trail has who and why", async () => {
    const p = await player();
    await ban(p.id, { until: new Date(Date.now() + 86_400_000) });
    await t.deps.moderation.unban(await account(p.id), { by: 'bob.lead', why: 'appeal accepted', game: null });
    await t.deps.moderation.flag(await account(p.id), true, operator);
    const fresh = await call('POST', '/sessions/auth/password', undefined, { email: p.email, password: PASSWORD });
    const activity = await call('GET', '/accounts/me/activity', String(fresh.json().access_token));
    expect(activity.statusCode).toBe(200);
    const events = activity.json().items as { type: string; method: string | null; ip: string | null }[];
    const types = events.map((event) => event.type);
    expect(types).toContain('account_banned');
    expect(types).toContain('account_unbanned');
    expect(types).not.toContain('registration_flagged');
    expect(events.find((event) => event.type === 'account_banned')).toMatchObject({ method: 'cheating', ip: null });
    expect(JSON.stringify(events)).not.toMatch(/alice|bob|ticket|appeal/);
    const trail = await t.deps.audit.forOperator(p.id, 50);
    expect(trail.find((event) => event.type === 'account_banned')).toMatchObject({
      operator: 'alice.support',
      detail: 'ticket 4711',
      method: 'cheating',
    });
    expect(trail.find((event) => event.type === 'account_unbanned')).toMatchObject({
      operator: 'bob.lead',
      detail: 'appeal accepted',
    });
  });

  it('counts the refusals by error and reason, and the restrictions in force, in the metrics', async () => {
    const p = await player();
    await ban(p.id, { reason: 'fraud' });
    await call('GET', '/accounts/me', p.access);
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toMatch(/portal_account_refusals_total\{error="account_banned",reason="fraud"\} [1-9]/);
    expect(metrics.body).toMatch(/portal_account_restrictions\{kind="ban",scope="account",reason="fraud"\} [1-9]/);
  });
});

describe('a ban on one instance, the token used on another', () => {
  let b: App;
  let dbB: Database;
  /** The operator's connection (the command line's, on PostgreSQL its own). */
  let dbOp: Database;
  beforeAll(async () => {
    dbB = t.databaseUrl ? await openDatabase({ url: t.databaseUrl, poolSize: 4 }) : t.deps.db;
    dbOp = t.databaseUrl ? await openDatabase({ url: t.databaseUrl, poolSize: 2 }) : t.deps.db;
    b = await buildApp(t.deps.config, {
      config: t.deps.config,
      db: dbB,
      mailer: t.deps.mailer,
      counters: new PostgresCounterStore(dbB),
    });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    if (dbB && dbB !== t?.deps.db) await dbB.close();
    if (dbOp && dbOp !== t?.deps.db) await dbOp.close();
  });

  it('refuses on B, at the very next request, the token B keeps, once the operator committed the ban', async () => {
    const p = await player();
    expect((await apiCall(b, 'GET', '/api/accounts/me', p.access)).statusCode).toBe(200);
    expect(b.deps.signedIn.keeps(p.access)).toBe(true);
    const operations = composeOperations(dbOp, t.deps.config);
    const target = await operations.moderation.find(p.email);
    await operations.moderation.ban(target, { ...operator, reason: 'cheating', note: null, until: null, game: null });
    expectBanned(await apiCall(b, 'GET', '/api/accounts/me', p.access));
    expectBanned(
      await apiCall(b, 'POST', '/api/sessions/auth/token', undefined, {
        grant_type: 'refresh_token',
        refresh_token: p.refresh,
      }),
    );
  });

  it.runIf(usesPostgres)('refuses on both instances once the command line itself banned the account', async () => {
    const p = await player();
    expect((await apiCall(b, 'GET', '/api/accounts/me', p.access)).statusCode).toBe(200);
    const run = spawnSync(
      process.execPath,
      [
        'src/admin/cli.ts',
        'accounts',
        'ban',
        p.email,
        '--reason',
        'cheating',
        '--until',
        '2099-01-01',
        '--by',
        'cli.operator',
      ],
      {
        cwd: join(import.meta.dirname, '..'),
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/banned .* \(cheating\) until 2099-01-01 00:00:00 UTC/);
    expectBanned(await apiCall(b, 'GET', '/api/accounts/me', p.access), { ends_at: '2099-01-01T00:00:00.000Z' });
    expectBanned(await call('GET', '/accounts/me', p.access), { ends_at: '2099-01-01T00:00:00.000Z' });
  });
});
