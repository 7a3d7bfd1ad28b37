// Two-factor authentication over the API: enrolment, sign-in pending two-factor, authenticator and
// backup codes (each once), the attempt cap, session verification and removal. The clock is moved
// on by whole TOTP steps where a test needs a fresh code.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { MFA_FAILURES } from '../src/modules/mfa/service.ts';
import { authenticatorCode as totpCodeAt } from './authenticator.ts';
import { apiCall, insertAccount, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const PASSWORD = 'Tq8#vLp2-Original';
let t: TestApp;
let clock = Date.now();

beforeAll(async () => {
  t = await testApp({}, { seed: false });
  const passwordHash = await hashPassword(PASSWORD);
  await insertAccount(t.deps.db, { email: 'otp@example.com', username: 'Otter', passwordHash });
  await insertAccount(t.deps.db, { email: 'cap@example.com', username: 'Capper', passwordHash });
  await insertAccount(t.deps.db, { email: 'nopass@example.com', username: 'NoPass' });
  await insertAccount(t.deps.db, { email: 'unverified@example.com', username: 'Unverified', passwordHash });
  await t.deps.db.query(`UPDATE accounts SET email_verified = false WHERE email = 'unverified@example.com'`);
});
afterAll(() => t.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
});
afterEach(() => {
  clock = Date.now();
  vi.useRealTimers();
});

/** The next TOTP step: a code not used yet. */
const nextStep = () => vi.setSystemTime(Date.now() + 30_000);

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  apiCall(t.app, method, `/api${url}`, token, payload);
const signIn = async (email: string) =>
  (await call('POST', '/sessions/auth/password', undefined, { email, password: PASSWORD })).json();
const mails = async (to: string) => (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${to}` })).json();
const clearLimits = () => t.deps.db.query('DELETE FROM rate_limits');
/** Setting two-factor up needs the password just before (issue 31). */
const proveWithPassword = async (token: string) =>
  expect(
    (await call('PUT', '/sessions/me/verify', token, { code_type: 'password', password: PASSWORD })).statusCode,
  ).toBe(200);

/** Signs in (no two-factor yet), sets two-factor up and answers the secret, token and backup codes. */
async function enrol(email: string) {
  const token = (await signIn(email)).access_token as string;
  await proveWithPassword(token);
  const started = await call('POST', '/accounts/me/mfa', token);
  expect(started.statusCode).toBe(200);
  const { secret } = started.json();
  const activated = await call('PUT', '/accounts/me/mfa/activate', token, { code: totpCodeAt(secret, Date.now()) });
  expect(activated.statusCode).toBe(200);
  return { secret: secret as string, token, codes: activated.json().backup_codes as { code: string }[] };
}

describe('setting two-factor up', () => {
  it('needs a verified email and a password (1011)', async () => {
    await t.deps.db.query(`UPDATE accounts SET password_hash = NULL WHERE email = 'nopass@example.com'`);
    const noPassword = await call('POST', '/sessions/email', undefined, { email: 'nopass@example.com' });
    expect(noPassword.statusCode).toBe(200);
    const [mail] = await mails('nopass@example.com');
    const session = (
      await call('POST', '/sessions/auth/token', undefined, {
        grant_type: 'email_code',
        email: 'nopass@example.com',
        code: mail.code,
      })
    ).json();
    // Without a password, the mailbox proves the player; setting up still needs a password.
    expect((await call('POST', '/accounts/me/mfa', session.access_token)).json()).toMatchObject({
      code: 'session_verification_required',
    });
    // A new code, later than the first (the wait between two codes cleared).
    nextStep();
    await clearLimits();
    await call('POST', '/sessions/email', undefined, { email: 'nopass@example.com' });
    // The new code (the outbox's order of two mails of one moment is not fixed).
    const again = (await mails('nopass@example.com')).find((m: { code: string }) => m.code !== mail.code);
    const proved = await call('PUT', '/sessions/me/verify', session.access_token, {
      code_type: 'email_code',
      code: again.code,
    });
    expect(proved.statusCode).toBe(200);
    expect((await call('POST', '/accounts/me/mfa', session.access_token)).json()).toMatchObject({
      code: 'mfa_not_available',
      hydraErrorCode: 1011,
    });
    const unverified = (await signIn('unverified@example.com')).access_token;
    await proveWithPassword(unverified);
    const refused = await call('POST', '/accounts/me/mfa', unverified);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().hydraErrorCode).toBe(1011);
  });

  it('answers a secret and an otpauth URI, and turns on with a first code only', async () => {
    const token = (await signIn('otp@example.com')).access_token;
    // Not without the password just before.
    expect((await call('POST', '/accounts/me/mfa', token)).json()).toMatchObject({
      code: 'reauthentication_required',
      hydraErrorCode: 1028,
    });
    await proveWithPassword(token);
    const started = (await call('POST', '/accounts/me/mfa', token)).json();
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*otp%40example\.com\?.*secret=/);
    expect(started.otpauth_uri).toContain('issuer=');
    // Not on until confirmed.
    expect((await call('GET', '/accounts/me', token)).json().mfa_active).toBe(false);
    expect((await call('PUT', '/accounts/me/mfa/activate', token, { code: '12345' })).json().code).toBe(
      'invalid_request',
    );
    const wrong = String((Number(totpCodeAt(started.secret, Date.now())) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call('PUT', '/accounts/me/mfa/activate', token, { code: wrong });
    expect(refused.json()).toMatchObject({ code: 'mfa_code_invalid', hydraErrorCode: 1057 });
    const activated = await call('PUT', '/accounts/me/mfa/activate', token, {
      code: totpCodeAt(started.secret, Date.now()),
    });
    expect(activated.statusCode).toBe(200);
    const { backup_codes } = activated.json();
    expect(backup_codes).toHaveLength(10);
    expect(new Set(backup_codes.map((c: { code: string }) => c.code)).size).toBe(10);
    expect(
      backup_codes.every((c: { code: string; used: boolean }) => /^[a-z2-9]{4}-[a-z2-9]{4}$/.test(c.code) && !c.used),
    ).toBe(true);
    const me = (await call('GET', '/accounts/me', token)).json();
    expect(me).toMatchObject({ mfa_active: true, mfa: { backup_codes: 10 } });
    expect(me.mfa_generated_at).toBeTruthy();
    expect((await mails('otp@example.com'))[0].template).toBe('mfa_enabled');
    expect((await call('POST', '/accounts/me/mfa', token)).json()).toMatchObject({
      code: 'mfa_already_active',
      hydraErrorCode: 1010,
    });
    // Stored sealed, never in the clear.
    const [row] = await t.deps.db.query<{ mfa_secret: string }>(
      `SELECT mfa_secret FROM accounts WHERE email = 'otp@example.com'`,
    );
    expect(row?.mfa_secret).toMatch(/^v1\./);
    expect(row?.mfa_secret).not.toContain(started.secret);
  });
});

describe('signing in with two-factor', () => {
  let secret = '';
  let codes: { code: string }[] = [];
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
    nextStep();
    ({ secret, codes } = await enrol('cap@example.com'));
    clock = Date.now();
    vi.useRealTimers();
  });

  it('keeps the sign-in pending: nothing but the two-factor calls works', async () => {
    nextStep();
    const pending = await signIn('cap@example.com');
    expect(pending.mfa_required).toBe(true);
    const me = await call('GET', '/accounts/me', pending.access_token);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ code: 'unauthorized', body: { mfa_required: true } });
    const current = (await call('GET', '/sessions/me/current', pending.access_token)).json();
    expect(current.mfa_required).toBe(true);
  });

  it('completes with an authenticator code, once: the same code is refused the second time', async () => {
    nextStep();
    const pending = await signIn('cap@example.com');
    const code = totpCodeAt(secret, Date.now());
    const done = await call('PUT', '/sessions/mfa', pending.access_token, { code_type: 'mfa_code', code });
    expect(done.statusCode).toBe(200);
    const full = done.json();
    expect(full.mfa_required).toBe(false);
    expect(full.access_token).not.toBe(pending.access_token);
    expect((await call('GET', '/accounts/me', full.access_token)).statusCode).toBe(200);
    // The pending sign-in is over.
    expect((await call('GET', '/sessions/me/current', pending.access_token)).json().code).toBe('auth_expired');
    const again = await signIn('cap@example.com');
    const replay = await call('PUT', '/sessions/mfa', again.access_token, { code_type: 'mfa_code', code });
    expect(replay.json()).toMatchObject({ code: 'mfa_code_invalid', hydraErrorCode: 1057 });
  });

  it('accepts one step of drift either way and nothing beyond', async () => {
    nextStep();
    nextStep();
    const pending = await signIn('cap@example.com');
    const at = (offset: number) => totpCodeAt(secret, Date.now() + offset);
    const tooOld = await call('PUT', '/sessions/mfa', pending.access_token, {
      code_type: 'mfa_code',
      code: at(-60_000),
    });
    expect(tooOld.json().code).toBe('mfa_code_invalid');
    const tooNew = await call('PUT', '/sessions/mfa', pending.access_token, {
      code_type: 'mfa_code',
      code: at(60_000),
    });
    expect(tooNew.json().code).toBe('mfa_code_invalid');
    const late = await call('PUT', '/sessions/mfa', pending.access_token, { code_type: 'mfa_code', code: at(-30_000) });
    expect(late.statusCode).toBe(200);
    await clearLimits();
  });

  it('completes with a backup code, each one once', async () => {
    const pending = await signIn('cap@example.com');
    const code = (codes[0] as { code: string }).code;
    const done = await call('PUT', '/sessions/mfa', pending.access_token, {
      code_type: 'backup_code',
      code: code.toUpperCase(),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().account.mfa).toEqual({ backup_codes: 9 });
    const again = await signIn('cap@example.com');
    const reused = await call('PUT', '/sessions/mfa', again.access_token, { code_type: 'backup_code', code });
    expect(reused.json()).toMatchObject({ code: 'mfa_code_invalid', hydraErrorCode: 1057 });
    await clearLimits();
  });

  it('completes with an emailed code ("try another way")', async () => {
    const pending = await signIn('cap@example.com');
    await call('POST', '/sessions/email', undefined, { email: 'cap@example.com' });
    const [mail] = await mails('cap@example.com');
    const verified = await call('PUT', '/sessions/me/verify', pending.access_token, {
      code_type: 'email_code',
      code: mail.code,
    });
    expect(verified.statusCode).toBe(200);
    expect((await call('GET', '/accounts/me', pending.access_token)).statusCode).toBe(200);
    await clearLimits();
  });

  it(`refuses every code after ${MFA_FAILURES} wrong ones, the right one too`, async () => {
    nextStep();
    const pending = await signIn('cap@example.com');
    for (let i = 0; i < MFA_FAILURES; i++) {
      const wrong = await call('PUT', '/sessions/mfa', pending.access_token, { code_type: 'mfa_code', code: '000000' });
      expect(wrong.json().code).toBe('mfa_code_invalid');
    }
    const right = await call('PUT', '/sessions/mfa', pending.access_token, {
      code_type: 'mfa_code',
      code: totpCodeAt(secret, Date.now()),
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'too_many_requests' });
    expect(right.json().body.seconds).toBeGreaterThan(0);
    await clearLimits();
  });

  it('shows the backup codes and renews them with a current code', async () => {
    nextStep();
    const pending = await signIn('cap@example.com');
    nextStep();
    const full = (
      await call('PUT', '/sessions/mfa', pending.access_token, {
        code_type: 'mfa_code',
        code: totpCodeAt(secret, Date.now()),
      })
    ).json();
    expect((await call('GET', '/accounts/me/mfa/backup_codes?code=12', full.access_token)).json().code).toBe(
      'invalid_request',
    );
    nextStep();
    const shown = await call(
      'GET',
      `/accounts/me/mfa/backup_codes?code=${totpCodeAt(secret, Date.now())}`,
      full.access_token,
    );
    expect(shown.statusCode).toBe(200);
    const listed = shown.json().backup_codes as { code: string; used: boolean }[];
    expect(listed.map((c) => c.code)).toEqual(codes.map((c) => c.code));
    expect(listed.filter((c) => c.used)).toHaveLength(1);
    nextStep();
    const renewed = await call('PUT', '/accounts/me/mfa/backup_codes', full.access_token, {
      code: totpCodeAt(secret, Date.now()),
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().backup_codes as { code: string }[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => codes.some((old) => old.code === c.code))).toBe(false);
    expect((await mails('cap@example.com'))[0].template).toBe('backup_codes');
    const again = await signIn('cap@example.com');
    const old = await call('PUT', '/sessions/mfa', again.access_token, {
      code_type: 'backup_code',
      code: (codes[1] as { code: string }).code,
    });
    expect(old.json().code).toBe('mfa_code_invalid');
    codes = fresh;
    await clearLimits();
  });

  it('turns off only right after the session is verified with a code', async () => {
    nextStep();
    const pending = await signIn('cap@example.com');
    const full = (
      await call('PUT', '/sessions/mfa', pending.access_token, {
        code_type: 'backup_code',
        code: (codes[0] as { code: string }).code,
      })
    ).json();
    const early = await call('PUT', '/accounts/me/mfa/remove', full.access_token);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'session_verification_required', hydraErrorCode: 1059 });
    // A code mailed to the account proves only its mailbox: not enough to turn two-factor off.
    nextStep();
    await clearLimits();
    await call('POST', '/sessions/email', undefined, { email: 'cap@example.com' });
    const [mailed] = await mails('cap@example.com');
    const byMail = await call('PUT', '/sessions/me/verify', full.access_token, {
      code_type: 'email_code',
      code: mailed.code,
    });
    expect(byMail.statusCode).toBe(200);
    expect((await call('PUT', '/accounts/me/mfa/remove', full.access_token)).json()).toMatchObject({
      code: 'session_verification_required',
    });
    nextStep();
    const verified = await call('PUT', '/sessions/me/verify', full.access_token, {
      code_type: 'mfa_code',
      code: totpCodeAt(secret, Date.now()),
    });
    expect(verified.statusCode).toBe(200);
    const removed = await call('PUT', '/accounts/me/mfa/remove', full.access_token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ mfa_active: false, mfa: null, mfa_generated_at: null });
    expect((await mails('cap@example.com'))[0].template).toBe('mfa_disabled');
    expect((await signIn('cap@example.com')).mfa_required).toBe(false);
    const [left] = await t.deps.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM mfa_backup_codes b JOIN accounts a ON a.id = b.account_id WHERE a.email = 'cap@example.com'`,
    );
    expect(left?.n).toBe('0');
    expect((await call('PUT', '/accounts/me/mfa/remove', full.access_token)).json().code).toBe('mfa_not_enabled');
  });
});
