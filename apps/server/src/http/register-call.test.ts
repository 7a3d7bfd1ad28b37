// registerCall resolves the access token for calls that take a session, and refuses what it must.
import { defineCall } from '@portal/contract/calls/define';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertAccount, testConfig, testDatabase } from '../../test/helpers.ts';
import { createSessions } from '../create-deps.ts';
import type { Deps } from '../deps.ts';
import type { SessionsService } from '../modules/sessions/service.ts';
import { registerCodec } from './codec.ts';
import { registerContext } from './context.ts';
import { registerErrorHandling } from './error-handler.ts';
import { ErrorMessages } from './messages.ts';
import { registerCall } from './register-call.ts';

const whoAmI = defineCall({
  id: 'test.whoami',
  area: 'accounts',
  method: 'GET',
  path: '/me',
  auth: 'token',
  summary: 'test',
  response: z.object({ accountId: z.uuid() }),
});
const maybe = defineCall({
  id: 'test.maybe',
  area: 'accounts',
  method: 'GET',
  path: '/maybe',
  auth: 'optional',
  summary: 'test',
  response: z.object({ signedIn: z.boolean() }),
});
const verify = defineCall({
  id: 'test.verify',
  area: 'sessions',
  method: 'PUT',
  path: '/verify',
  auth: 'token',
  summary: 'test',
  response: z.object({ pending: z.boolean() }),
});

const ACCOUNT = '2f1c7a52-9d1e-4f7a-8a3c-1b2c3d4e5f60';
let app: FastifyInstance;
let sessions: SessionsService;
let drop: () => Promise<void>;

beforeAll(async () => {
  const config = testConfig();
  const database = await testDatabase();
  drop = database.drop;
  sessions = createSessions(database.db, config).sessions;
  await insertAccount(database.db, { id: ACCOUNT });
  app = Fastify();
  app.decorate('deps', { config, db: database.db, sessions } as unknown as Deps);
  registerContext(app);
  registerCodec(app);
  registerErrorHandling(app, await ErrorMessages.load());
  registerCall(app, whoAmI, async ({ request }) => ({ accountId: request.ctx.session?.accountId ?? '' }));
  registerCall(app, maybe, async ({ request }) => ({ signedIn: request.ctx.session !== null }));
  registerCall(app, verify, async ({ request }) => ({ pending: request.ctx.session?.mfaPending ?? false }), {
    allowMfaPending: true,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

const get = (url: string, token?: string) =>
  app.inject({
    method: url === '/verify' ? 'PUT' : 'GET',
    url,
    headers: token ? { 'x-hydra-access-token': token } : {},
  });

describe('access tokens on calls that take a session', () => {
  it('gives the handler the session of a valid token', async () => {
    const { accessToken } = await sessions.issueAccessToken({ accountId: ACCOUNT });
    expect(accessToken).toMatch(/^at_[A-Za-z0-9_-]{43}$/);
    const res = await get('/me', accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accountId: ACCOUNT });
  });

  it('stores only a hash of the token', async () => {
    const { accessToken } = await sessions.issueAccessToken({ accountId: ACCOUNT });
    const rows = await app.deps.db.query<{ access_token_hash: string }>('SELECT access_token_hash FROM sessions');
    expect(rows.some((r) => r.access_token_hash.includes(accessToken.slice(3)))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.access_token_hash))).toBe(true);
  });

  it('answers unauthorized (1018) without a token', async () => {
    const res = await get('/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthorized', hydraErrorCode: 1018 });
  });

  it('answers auth_expired (1019) for unknown, revoked and expired tokens', async () => {
    expect((await get('/me', 'at_' + 'x'.repeat(43))).json().code).toBe('auth_expired');
    expect((await get('/me', 'garbage')).json().code).toBe('auth_expired');
    const revoked = await sessions.issueAccessToken({ accountId: ACCOUNT });
    await sessions.revoke(revoked.session.id);
    expect((await get('/me', revoked.accessToken)).json().code).toBe('auth_expired');
    const expired = await sessions.issueAccessToken({ accountId: ACCOUNT });
    await app.deps.db.query(`UPDATE sessions SET access_expires_at = now() - interval '1 second' WHERE id = $1`, [
      expired.session.id,
    ]);
    const res = await get('/me', expired.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('auth_expired');
  });

  it('refuses a session waiting for two-factor, except on the calls that allow it', async () => {
    const { accessToken } = await sessions.issueAccessToken({ accountId: ACCOUNT, mfaPending: true });
    const refused = await get('/me', accessToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'unauthorized', body: { mfa_required: true } });
    expect((await get('/verify', accessToken)).json()).toEqual({ pending: true });
  });

  it('treats a session as optional where the call says so', async () => {
    expect((await get('/maybe')).json()).toEqual({ signedIn: false });
    expect((await get('/maybe', 'at_' + 'y'.repeat(43))).json()).toEqual({ signedIn: false });
    const { accessToken } = await sessions.issueAccessToken({ accountId: ACCOUNT });
    expect((await get('/maybe', accessToken)).json()).toEqual({ signedIn: true });
  });
});
