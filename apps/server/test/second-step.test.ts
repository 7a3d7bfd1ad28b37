// Two-factor's second step differs from the first (issue 28): the mailbox alone never passes it.
// After an emailed sign-in code or a password reset (with or without its automatic sign-in), an
// emailed code is refused as the second step; the authenticator and the backup codes still work.
// After a password the player chose, "email me a code" stays (ADR 009, 028).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashApiKey } from '../src/http/api-key.ts';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { authenticatorCode } from './authenticator.ts';
import { apiCall, insertAccount, portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const PASSWORD = 'Tq8#vLp2-Original';
let t: TestApp;
let clock = Date.now();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  apiCall(t.app, method, `/api${url}`, token, payload);
const mails = async (to: string) =>
  (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${to}` })).json() as {
    template: string;
    code: string | null;
    link: string | null;
  }[];
const latest = async (to: string, template: string) => (await mails(to)).find((m) => m.template === template);
const clearLimits = () => t.deps.db.query('DELETE FROM rate_limits');
/** The next TOTP step: a code not used yet. */
const nextStep = () => vi.setSystemTime(Date.now() + 30_000);

const accounts: Record<string, string> = {};
const secrets: Record<string, string> = {};
const backupCodes: Record<string, string[]> = {};

beforeAll(async () => {
  t = await testApp({}, { seed: false });
  const passwordHash = await hashPassword(PASSWORD);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  for (const name of ['mailbox', 'resetter', 'reset-then-password', 'chosen']) {
    const email = `${name}@example.com`;
    accounts[name] = email;
    await insertAccount(t.deps.db, { email, username: name.replace(/-/g, '').slice(0, 12), passwordHash });
    // Two-factor on, through the API as a player turns it on.
    const token = (await call('POST', '/sessions/auth/password', undefined, { email, password: PASSWORD })).json()
      .access_token as string;
    await call('PUT', '/sessions/me/verify', token, { code_type: 'password', password: PASSWORD });
    const { secret } = (await call('POST', '/accounts/me/mfa', token)).json();
    const activated = await call('PUT', '/accounts/me/mfa/activate', token, {
      code: authenticatorCode(secret, Date.now()),
    });
    expect(activated.statusCode).toBe(200);
    secrets[name] = secret;
    backupCodes[name] = (activated.json().backup_codes as { code: string }[]).map((c) => c.code);
  }
  nextStep();
  clock = Date.now();
  vi.useRealTimers();
});
afterAll(() => t.close());
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  await clearLimits();
});
afterEach(() => {
  clock = Date.now();
  vi.useRealTimers();
});

/** Mails a sign-in code ("Email me a code") and answers it. */
async function mailedCode(email: string): Promise<string> {
  await clearLimits();
  expect((await call('POST', '/sessions/email', undefined, { email })).statusCode).toBe(200);
  return (await latest(email, 'sign_in_code'))?.code ?? '';
}

async function signInWithMailedCode(email: string) {
  const code = await mailedCode(email);
  const res = await call('POST', '/sessions/auth/token', undefined, { grant_type: 'email_code', email, code });
  expect(res.statusCode).toBe(200);
  return res.json() as { access_token: string; refresh_token: string; mfa_required: boolean };
}

/** The emailed second step ("Try another way" → "Email me a code") of a pending sign-in. */
async function emailedSecondStep(email: string, pendingToken: string) {
  return call('PUT', '/sessions/me/verify', pendingToken, { code_type: 'email_code', code: await mailedCode(email) });
}

async function resetPassword(email: string, newPassword: string, autoLogin: boolean) {
  await clearLimits();
  await call('POST', '/accounts/recovery/init', undefined, { email });
  const token = new URL((await latest(email, 'password_reset'))?.link ?? '').searchParams.get('token');
  const res = await call('POST', '/accounts/recovery/finalize', undefined, {
    token,
    new_password: newPassword,
    auto_login: autoLogin,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { session: { access_token: string; mfa_required: boolean } | null };
}

describe('the second step of a sign-in differs from its first', () => {
  it('refuses an emailed code after an emailed sign-in code; the authenticator completes it', async () => {
    const email = accounts.mailbox as string;
    const pending = await signInWithMailedCode(email);
    expect(pending.mfa_required).toBe(true);
    const current = (await call('GET', '/sessions/me/current', pending.access_token)).json();
    expect(current).toMatchObject({ mfa_required: true, mfa_methods: ['mfa_code', 'backup_code'] });

    const refused = await emailedSecondStep(email, pending.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'mfa_email_not_allowed', hydraErrorCode: 1025 });
    // Still pending: the mailbox alone reads nothing.
    expect((await call('GET', '/accounts/me', pending.access_token)).json()).toMatchObject({
      code: 'unauthorized',
      body: { mfa_required: true },
    });
    // A refresh of the pending sign-in keeps what its first step was.
    const refreshed = (
      await call('POST', '/sessions/auth/token', undefined, {
        grant_type: 'refresh_token',
        refresh_token: pending.refresh_token,
      })
    ).json();
    expect(refreshed.mfa_required).toBe(true);
    expect((await emailedSecondStep(email, refreshed.access_token)).json().code).toBe('mfa_email_not_allowed');

    nextStep();
    const done = await call('PUT', '/sessions/mfa', refreshed.access_token, {
      code_type: 'mfa_code',
      code: authenticatorCode(secrets.mailbox as string, Date.now()),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().mfa_required).toBe(false);
  });

  it('refuses a password as the second step (it is the first factor again)', async () => {
    const email = accounts.chosen as string;
    const pending = (await call('POST', '/sessions/auth/password', undefined, { email, password: PASSWORD })).json();
    const again = await call('PUT', '/sessions/me/verify', pending.access_token, {
      code_type: 'password',
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('mfa_email_not_allowed');
    expect((await call('GET', '/accounts/me', pending.access_token)).statusCode).toBe(401);
  });

  it('keeps "email me a code" after a password the player chose', async () => {
    const email = accounts.chosen as string;
    const pending = (await call('POST', '/sessions/auth/password', undefined, { email, password: PASSWORD })).json();
    const current = (await call('GET', '/sessions/me/current', pending.access_token)).json();
    expect(current.mfa_methods).toEqual(['mfa_code', 'backup_code', 'email_code']);
    expect((await emailedSecondStep(email, pending.access_token)).statusCode).toBe(200);
    expect((await call('GET', '/accounts/me', pending.access_token)).statusCode).toBe(200);
  });

  it('refuses an emailed code after a reset with its automatic sign-in; a backup code completes it', async () => {
    const email = accounts.resetter as string;
    const { session } = await resetPassword(email, 'Tq8#vLp2-Renewed', true);
    expect(session?.mfa_required).toBe(true);
    const pendingToken = session?.access_token ?? '';
    expect((await call('GET', '/sessions/me/current', pendingToken)).json().mfa_methods).toEqual([
      'mfa_code',
      'backup_code',
    ]);
    const refused = await emailedSecondStep(email, pendingToken);
    expect(refused.json()).toMatchObject({ code: 'mfa_email_not_allowed' });
    expect((await call('GET', '/accounts/me', pendingToken)).statusCode).toBe(401);
    const done = await call('PUT', '/sessions/mfa', pendingToken, {
      code_type: 'backup_code',
      code: backupCodes.resetter?.[0],
    });
    expect(done.statusCode).toBe(200);
  });

  it('refuses an emailed code after a password set by a reset link, until the player changes it signed in', async () => {
    const email = accounts['reset-then-password'] as string;
    await resetPassword(email, 'Tq8#vLp2-FromMail', false);
    const signIn = (password: string) => call('POST', '/sessions/auth/password', undefined, { email, password });
    const pending = (await signIn('Tq8#vLp2-FromMail')).json();
    expect(pending.mfa_required).toBe(true);
    expect((await call('GET', '/sessions/me/current', pending.access_token)).json().mfa_methods).toEqual([
      'mfa_code',
      'backup_code',
    ]);
    expect((await emailedSecondStep(email, pending.access_token)).json().code).toBe('mfa_email_not_allowed');

    // The authenticator passes; a password changed with the current one is the player's own again.
    nextStep();
    const full = (
      await call('PUT', '/sessions/mfa', pending.access_token, {
        code_type: 'mfa_code',
        code: authenticatorCode(secrets['reset-then-password'] as string, Date.now()),
      })
    ).json();
    const changed = await call('PUT', '/accounts/me/password', full.access_token, {
      password: 'Tq8#vLp2-FromMail',
      new_password: 'Tq8#vLp2-MyOwn!',
    });
    expect(changed.statusCode).toBe(200);
    const later = (await signIn('Tq8#vLp2-MyOwn!')).json();
    expect((await call('GET', '/sessions/me/current', later.access_token)).json().mfa_methods).toContain('email_code');
    expect((await emailedSecondStep(email, later.access_token)).statusCode).toBe(200);
  });
});

describe("a game's key", () => {
  it("signs nobody in with a password or an emailed code: those sign-ins are the portal's own", async () => {
    const gameKey = 'test-game-api-key-0001';
    await t.deps.db.query(
      `INSERT INTO api_clients (name, kind, key_hash, key_prefix) VALUES ('A game', 'game', $1, 'test-gam')`,
      [hashApiKey(gameKey)],
    );
    const asGame = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: portalHeaders({
          'x-hydra-api-key': gameKey,
          accept: 'application/json',
          'content-type': 'application/json',
        }),
        payload,
      });
    const email = accounts.chosen as string;
    const byPassword = await asGame('/sessions/auth/password', { email, password: PASSWORD });
    expect(byPassword.statusCode).toBe(401);
    expect(byPassword.json()).toMatchObject({ code: 'invalid_api_key', body: { reason: 'game_key' } });
    const code = await mailedCode(email);
    const byCode = await asGame('/sessions/auth/token', { grant_type: 'email_code', email, code });
    expect(byCode.json()).toMatchObject({ code: 'invalid_api_key', body: { reason: 'game_key' } });
    // The portal's key still signs in with that code: it was not spent.
    const portal = await call('POST', '/sessions/auth/token', undefined, { grant_type: 'email_code', email, code });
    expect(portal.statusCode).toBe(200);
  });
});
