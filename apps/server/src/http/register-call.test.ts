// registerCall applies the policies a contract call declares: the access token and its session, a
// sign-in pending two-factor, game tokens, the signed-in account, a recent verification, the captcha
// (against a real siteverify peer on 127.0.0.1) and the rate-limit tier.
import { defineCall } from '@portal/contract/calls/define';
import type { Auth, CallPolicies } from '@portal/contract/calls/define';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertAccount, testConfig, testDatabase } from '../../test/helpers.ts';
import { startSiteverifyPeer } from '../../test/siteverify-peer.ts';
import type { SiteverifyPeer } from '../../test/siteverify-peer.ts';
import { compose, createMailer } from '../composition.ts';
import type { Services } from '../deps.ts';
import { OutboxTransport } from '../mail/mailer.ts';
import { PostgresCounterStore } from '../rate-limit/counter-store.ts';
import { registerHttpRateLimit } from '../rate-limit/http-rate-limit.ts';
import { registerCodec } from './codec.ts';
import { registerContext } from './context.ts';
import { registerErrorHandling } from './error-handler.ts';
import { ErrorMessages } from './messages.ts';
import { registerCall } from './register-call.ts';

const answer = z.object({ accountId: z.string().nullable(), sessionId: z.string().nullable() });

/** A test call at /api/<name> (GET; PUT where it needs a body). */
function testCall<A extends Auth>(name: string, auth: A, policies: Partial<CallPolicies> = {}) {
  return defineCall({
    id: `test.${name}`,
    area: 'accounts',
    method: 'GET',
    path: `/${name}`,
    auth,
    summary: 'test',
    response: answer,
    ...policies,
  });
}

const whoAmI = testCall('me', 'token');
const maybe = testCall('maybe', 'optional');
const verify = testCall('verify', 'token', { allowMfaPending: true });
const gameAllowed = testCall('game-allowed', 'token', { gameToken: 'allowed' });
const gameRequired = testCall('game-required', 'token', { gameToken: 'required' });
const optionalGameAllowed = testCall('optional-game', 'optional', { gameToken: 'allowed' });
const sensitive = testCall('sensitive', 'token', { recentVerification: true });
const credential = testCall('credential', 'token', { recentVerification: 'credential' });
const guarded = defineCall({
  id: 'test.guarded',
  area: 'sessions',
  method: 'POST',
  path: '/guarded',
  auth: 'public',
  summary: 'test',
  body: z.object({ email: z.string() }),
  response: z.object({ passed: z.boolean() }),
  captcha: true,
});
/** The same call mounted with `captcha: 'hand-over'`: answers the refusal its handler was given. */
const handedOver = defineCall({
  id: 'test.handedOver',
  area: 'sessions',
  method: 'POST',
  path: '/handed-over',
  auth: 'public',
  summary: 'test',
  body: z.object({ email: z.string() }),
  response: z.object({ refusal: z.number().nullable() }),
  captcha: true,
});
/** Answers the query it was given, after its schema's defaults. */
const paged = defineCall({
  id: 'test.paged',
  area: 'accounts',
  method: 'GET',
  path: '/paged',
  auth: 'public',
  summary: 'test',
  query: z.object({ page: z.coerce.number().int().min(1).default(1) }),
  response: z.object({ page: z.number() }),
});
const signInTierA = testCall('sign-in-a', 'public', { rateLimit: 'sign-in' });
const signInTierB = testCall('sign-in-b', 'public', { rateLimit: 'sign-in' });
const checksTier = testCall('checks', 'public', { rateLimit: 'checks' });
const defaultTier = testCall('default', 'public');

const ACCOUNT = '2f1c7a52-9d1e-4f7a-8a3c-1b2c3d4e5f60';
const SECRET = 'peer-secret';
const GOOD_TOKEN = 'good-captcha-token';
const SIGN_IN_PER_MINUTE = 3;
let app: FastifyInstance;
let services: Services;
let peer: SiteverifyPeer;
let drop: () => Promise<void>;

beforeAll(async () => {
  peer = await startSiteverifyPeer({ secret: SECRET, token: GOOD_TOKEN });
  const config = testConfig({
    SIGN_IN_PER_MINUTE: String(SIGN_IN_PER_MINUTE),
    CAPTCHA_PROVIDER: 'turnstile',
    CAPTCHA_SECRET: SECRET,
    CAPTCHA_SITE_KEY: 'site-key',
    CAPTCHA_VERIFY_URL: peer.url,
  });
  const database = await testDatabase();
  drop = database.drop;
  const mailer = createMailer(config, database.db, new OutboxTransport(database.db.orm));
  services = compose({ config, db: database.db, mailer, counters: new PostgresCounterStore(database.db) });
  await insertAccount(database.db, { id: ACCOUNT });
  app = Fastify();
  app.decorate('deps', services);
  registerContext(app);
  registerCodec(app);
  registerErrorHandling(app, await ErrorMessages.load());
  registerHttpRateLimit(app, services.counters, services.rateLimits.default);
  await app.register(
    async (api) => {
      // The handlers answer what registerCall gave them; the types say a token call has both.
      registerCall(api, whoAmI, async ({ session, account }) => ({ accountId: account.id, sessionId: session.id }));
      for (const call of [verify, gameAllowed, gameRequired, sensitive, credential]) {
        registerCall(api, call, async ({ session, account }) => ({ accountId: account.id, sessionId: session.id }));
      }
      for (const call of [maybe, optionalGameAllowed]) {
        registerCall(api, call, async ({ session, account }) => ({
          accountId: account?.id ?? null,
          sessionId: session?.id ?? null,
        }));
      }
      registerCall(api, guarded, async () => ({ passed: true }));
      registerCall(
        api,
        handedOver,
        async ({ captchaRefusal }) => ({ refusal: captchaRefusal?.hydraErrorCode ?? null }),
        {
          captcha: 'hand-over',
        },
      );
      registerCall(api, paged, async ({ query }) => ({ page: query.page }));
      for (const call of [signInTierA, signInTierB, checksTier, defaultTier]) {
        registerCall(api, call, async ({ session, account }) => ({ accountId: account, sessionId: session }));
      }
    },
    { prefix: '/api' },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  await peer?.close();
});

const get = (path: string, token?: string) =>
  app.inject({ method: 'GET', url: `/api/${path}`, headers: token ? { 'x-hydra-access-token': token } : {} });
const signIn = (input: { mfaPending?: boolean; clientId?: string } = {}) =>
  services.tokens.start({ accountId: ACCOUNT, ...input });

describe('access tokens on calls that take a session', () => {
  it('gives the handler the session and the account of a valid token', async () => {
    const { accessToken, session } = await signIn();
    expect(accessToken).toMatch(/^at_[A-Za-z0-9_-]{43}$/);
    const res = await get('me', accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accountId: ACCOUNT, sessionId: session.id });
  });

  it('stores only a hash of the token', async () => {
    const { accessToken } = await signIn();
    const rows = await services.db.query<{ access_token_hash: string }>('SELECT access_token_hash FROM sessions');
    expect(rows.some((r) => r.access_token_hash.includes(accessToken.slice(3)))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.access_token_hash))).toBe(true);
  });

  it('answers unauthorized (1018) without a token', async () => {
    const res = await get('me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthorized', hydraErrorCode: 1018 });
  });

  it('answers auth_expired (1019) for unknown, revoked and expired tokens', async () => {
    expect((await get('me', 'at_' + 'x'.repeat(43))).json().code).toBe('auth_expired');
    expect((await get('me', 'garbage')).json().code).toBe('auth_expired');
    const revoked = await signIn();
    await services.tokens.end(revoked.session);
    expect((await get('me', revoked.accessToken)).json().code).toBe('auth_expired');
    const expired = await signIn();
    await services.db.query(`UPDATE sessions SET access_expires_at = now() - interval '1 second' WHERE id = $1`, [
      expired.session.id,
    ]);
    const res = await get('me', expired.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('auth_expired');
  });

  it("answers auth_expired (1019) for a deleted account's token, and when a live session has no account", async () => {
    const deleted = await insertAccount(services.db);
    const first = await services.tokens.start({ accountId: deleted });
    expect((await get('me', first.accessToken)).json()).toMatchObject({ accountId: deleted });
    await services.db.query('DELETE FROM accounts WHERE id = $1', [deleted]);
    expect((await get('me', first.accessToken)).json()).toMatchObject({ code: 'auth_expired' });

    // The foreign key ends an account's sessions with it; a session row left without its account
    // (a race with the deletion) must not sign anyone in either.
    const orphan = await signIn();
    await services.db.query('ALTER TABLE sessions DISABLE TRIGGER ALL');
    try {
      await services.db.query('UPDATE sessions SET account_id = gen_random_uuid() WHERE id = $1', [orphan.session.id]);
    } finally {
      await services.db.query('ALTER TABLE sessions ENABLE TRIGGER ALL');
    }
    const res = await get('me', orphan.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'auth_expired', hydraErrorCode: 1019 });
    // An optional call goes on signed out of an account.
    expect((await get('maybe', orphan.accessToken)).json()).toMatchObject({ accountId: null });
  });

  it('refuses a session waiting for two-factor, except on the calls that allow it', async () => {
    const { accessToken, session } = await signIn({ mfaPending: true });
    const refused = await get('me', accessToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'unauthorized', body: { mfa_required: true } });
    expect((await get('verify', accessToken)).json()).toEqual({ accountId: ACCOUNT, sessionId: session.id });
  });

  it('treats a session as optional where the call says so', async () => {
    expect((await get('maybe')).json()).toEqual({ accountId: null, sessionId: null });
    expect((await get('maybe', 'at_' + 'y'.repeat(43))).json()).toEqual({ accountId: null, sessionId: null });
    const { accessToken, session } = await signIn();
    expect((await get('maybe', accessToken)).json()).toEqual({ accountId: ACCOUNT, sessionId: session.id });
  });
});

describe('game tokens', () => {
  it("refuses a game's token where the call does not allow it, on token and optional calls", async () => {
    const { accessToken } = await signIn({ clientId: 'demo-game-client' });
    for (const path of ['me', 'maybe']) {
      const res = await get(path, accessToken);
      expect(res.statusCode, path).toBe(401);
      expect(res.json(), path).toMatchObject({ code: 'unauthorized', body: { reason: 'game_token' } });
    }
  });

  it("takes a game's token beside the web app's where the call allows it", async () => {
    const game = await signIn({ clientId: 'demo-game-client' });
    const web = await signIn();
    for (const { accessToken, session } of [game, web]) {
      expect((await get('game-allowed', accessToken)).json()).toEqual({ accountId: ACCOUNT, sessionId: session.id });
    }
    expect((await get('optional-game', game.accessToken)).json()).toEqual({
      accountId: ACCOUNT,
      sessionId: game.session.id,
    });
  });

  it("takes only a game's token where the call requires it", async () => {
    const web = await signIn();
    const refused = await get('game-required', web.accessToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'unauthorized', body: { reason: 'game_token_required' } });
    const game = await signIn({ clientId: 'demo-game-client' });
    expect((await get('game-required', game.accessToken)).json()).toEqual({
      accountId: ACCOUNT,
      sessionId: game.session.id,
    });
  });
});

describe('recent verification', () => {
  it('needs the session verified again within the last 10 minutes (1059)', async () => {
    const { accessToken, session } = await signIn();
    const never = await get('sensitive', accessToken);
    expect(never.statusCode).toBe(403);
    expect(never.json()).toMatchObject({ code: 'session_verification_required', hydraErrorCode: 1059 });

    await services.sessions.markVerified(session.id, 'email_code');
    expect((await get('sensitive', accessToken)).json()).toEqual({ accountId: ACCOUNT, sessionId: session.id });

    await services.db.query(`UPDATE sessions SET verified_at = now() - interval '11 minutes' WHERE id = $1`, [
      session.id,
    ]);
    expect((await get('sensitive', accessToken)).json()).toMatchObject({ code: 'session_verification_required' });
  });

  it('is only asked of the calls that declare it', async () => {
    const { accessToken } = await signIn();
    expect((await get('me', accessToken)).statusCode).toBe(200);
  });

  it('asks a credential call for the password or the authenticator when the account has one (1028)', async () => {
    const { accessToken, session } = await signIn();
    const setPassword = (hash: string | null) =>
      services.db.query(`UPDATE accounts SET password_hash = $2 WHERE id = $1`, [ACCOUNT, hash]);
    try {
      await services.sessions.markVerified(session.id, 'email_code');
      // Neither a password nor an authenticator: the mailbox is all the account has.
      expect((await get('credential', accessToken)).statusCode).toBe(200);
      await setPassword('argon2-hash-of-a-password');
      const refused = await get('credential', accessToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'reauthentication_required', hydraErrorCode: 1028 });
      await services.sessions.markVerified(session.id, 'password');
      expect((await get('credential', accessToken)).statusCode).toBe(200);
      await services.sessions.markVerified(session.id, 'mfa_code');
      expect((await get('credential', accessToken)).statusCode).toBe(200);
    } finally {
      await setPassword(null);
    }
  });
});

describe('captcha', () => {
  const post = (captcha?: string, email = 'a@example.com') =>
    app.inject({
      method: 'POST',
      url: '/api/guarded',
      headers: captcha === undefined ? {} : { 'x-captcha-response': captcha },
      payload: { email },
    });

  it('refuses the call without X-Captcha-Response (1201), before asking the provider', async () => {
    const before = peer.received.length;
    const res = await post();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ hydraErrorCode: 1201, key: 'error.captcha_failed' });
    expect(peer.received.length).toBe(before);
  });

  it('refuses a token the provider refuses (1202), and takes one it accepts', async () => {
    peer.passing = false;
    const refused = await post(GOOD_TOKEN);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ hydraErrorCode: 1202, key: 'error.captcha_failed' });
    peer.passing = true;
    expect((await post('some-other-token')).json()).toMatchObject({ hydraErrorCode: 1202 });
    const accepted = await post(GOOD_TOKEN);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ passed: true });
    const sent = peer.received.at(-1);
    expect([sent?.get('secret'), sent?.get('response'), sent?.get('remoteip')]).toEqual([
      SECRET,
      GOOD_TOKEN,
      '127.0.0.1',
    ]);
  });

  it('checks the request first: an invalid one costs no verification', async () => {
    const before = peer.received.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/guarded',
      headers: { 'x-captcha-response': GOOD_TOKEN },
      payload: { wrong: true },
    });
    expect(res.json()).toMatchObject({ code: 'invalid_request' });
    expect(peer.received.length).toBe(before);
  });

  it("hands a refusal to the handler of a call mounted with captcha: 'hand-over', which answers as it decides", async () => {
    const post = (captcha?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/handed-over',
        headers: captcha === undefined ? {} : { 'x-captcha-response': captcha },
        payload: { email: 'a@example.com' },
      });
    expect((await post()).json()).toEqual({ refusal: 1201 });
    expect((await post('some-other-token')).json()).toEqual({ refusal: 1202 });
    const passed = await post(GOOD_TOKEN);
    expect([passed.statusCode, passed.json()]).toEqual([200, { refusal: null }]);
  });

  it('is not asked of calls that do not declare it', async () => {
    expect((await get('default')).statusCode).toBe(200);
  });
});

describe('the request against the schemas', () => {
  it("gives an empty query its schema's defaults, and checks a query that is not empty", async () => {
    expect((await get('paged')).json()).toEqual({ page: 1 });
    expect((await get('paged?page=3')).json()).toEqual({ page: 3 });
    const refused = await get('paged?page=0');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_request' });
    expect(refused.json().body.issues[0].path).toBe('query.page');
  });
});

describe('rate-limit tiers', () => {
  it('limits a call of the sign-in tier to SIGN_IN_PER_MINUTE, counted per call', async () => {
    for (let i = 0; i < SIGN_IN_PER_MINUTE; i++) expect((await get('sign-in-a')).statusCode).toBe(200);
    const limited = await get('sign-in-a');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'too_many_requests', hydraErrorCode: 1020 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another call of the same tier has its own count; a call of the default tier is not limited by it.
    expect((await get('sign-in-b')).statusCode).toBe(200);
    expect((await get('default')).statusCode).toBe(200);
  });

  it('limits a call of the checks tier to 60 a minute', async () => {
    for (let i = 0; i < 60; i++) expect((await get('checks')).statusCode).toBe(200);
    expect((await get('checks')).statusCode).toBe(429);
    expect((await get('default')).statusCode).toBe(200);
  });

  it('holds the tier table from the configuration', () => {
    expect(services.rateLimits).toEqual({
      default: { max: 600, timeWindow: 60_000 },
      'sign-in': { max: SIGN_IN_PER_MINUTE, timeWindow: 60_000, exact: true },
      checks: { max: 60, timeWindow: 60_000 },
    });
  });
});
