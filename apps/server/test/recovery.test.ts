// Password reset and account unlock by mailed links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { insertAccount, portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const OLD = 'Tq8#vLp2-Original';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ SOFT_LOCK_THRESHOLD: '3', PUBLIC_URL: 'https://accounts.example.com' }, { seed: false });
  const passwordHash = await hashPassword(OLD);
  await insertAccount(t.deps.db, { email: 'forgot@example.com', username: 'Forgetful', passwordHash });
  await insertAccount(t.deps.db, { email: 'locky@example.com', username: 'Locky', passwordHash });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: portalHeaders({ 'content-type': 'application/json', accept: 'application/json', ...headers }),
    payload: payload as object,
  });
const mails = async (to: string) => (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${to}` })).json();
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const signIn = (email: string, password: string) => post('/api/sessions/auth/password', { email, password });
const clearLimits = () => t.deps.db.query('DELETE FROM rate_limits');

describe('password reset', () => {
  it('mails a link built from PUBLIC_URL, never from the request Host', async () => {
    expect(
      (await post('/api/accounts/recovery/init', { email: 'forgot@example.com' }, { host: 'evil.example.net' })).json(),
    ).toEqual({});
    const [mail] = await mails('forgot@example.com');
    expect(mail.template).toBe('password_reset');
    expect(mail.link).toMatch(/^https:\/\/accounts\.example\.com\/choose-password\?token=lt_/);
  });

  it('answers the same for unknown addresses and mails nothing', async () => {
    await clearLimits();
    expect((await post('/api/accounts/recovery/init', { email: 'nobody@example.com' })).json()).toEqual({});
    expect(await mails('nobody@example.com')).toEqual([]);
  });

  it('sets a new password once, with the password rules and history, and signs out everywhere', async () => {
    const before = (await signIn('forgot@example.com', OLD)).json();
    await clearLimits();
    await post('/api/accounts/recovery/init', { email: 'forgot@example.com' });
    const token = tokenOf((await mails('forgot@example.com'))[0].link);
    const validate = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/recovery/validate?token=${token}`,
      headers: portalHeaders(),
    });
    expect(validate.statusCode).toBe(200);
    const finalize = (new_password: string, auto_login = false) =>
      post('/api/accounts/recovery/finalize', { token, new_password, auto_login });
    expect((await finalize('weakpassword')).json().code).toBe('weak_password');
    expect((await finalize('Forgetful-99x!')).json().code).toBe('password_contains_display_name');
    expect((await finalize(OLD)).json()).toMatchObject({ code: 'password_same', hydraErrorCode: 1004 });
    const done = await finalize('Tq8#vLp2-Renewed');
    expect(done.json()).toEqual({ session: null });
    expect((await signIn('forgot@example.com', OLD)).json().code).toBe('invalid_credentials');
    expect((await signIn('forgot@example.com', 'Tq8#vLp2-Renewed')).statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/me',
      headers: portalHeaders({ 'x-hydra-access-token': before.access_token }),
    });
    expect(me.json().code).toBe('auth_expired');
    // Used once: the link says so (not "expired"), when opened and when sent again.
    expect((await finalize('Tq8#vLp2-Again!')).json()).toMatchObject({
      code: 'recovery_link_used',
      hydraErrorCode: 1027,
      message: 'That link has already been used. If you still cannot sign in, ask for a new link.',
    });
    const reopened = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/recovery/validate?token=${token}`,
      headers: portalHeaders(),
    });
    expect(reopened.json().code).toBe('recovery_link_used');
    expect((await mails('forgot@example.com'))[0].template).toBe('password_changed');
  });

  it('verifies the address the link came to, and lifts the registration flag', async () => {
    await clearLimits();
    await t.deps.db.query(
      `UPDATE accounts SET email_verified = false, registration_flagged = true WHERE email = 'forgot@example.com'`,
    );
    await post('/api/accounts/recovery/init', { email: 'forgot@example.com' });
    const token = tokenOf(
      (await mails('forgot@example.com')).find((m: { template: string }) => m.template === 'password_reset').link,
    );
    const done = await post('/api/accounts/recovery/finalize', {
      token,
      new_password: 'Tq8#vLp2-Verified',
      auto_login: true,
    });
    expect(done.json().session.account).toMatchObject({ email_verified: true, registration_flagged: false });
    // A link replaced by a newer one is not "used": it is refused as before.
    await clearLimits();
    await post('/api/accounts/recovery/init', { email: 'forgot@example.com' });
    const older = tokenOf(
      (await mails('forgot@example.com')).find((m: { template: string }) => m.template === 'password_reset').link,
    );
    await clearLimits();
    await post('/api/accounts/recovery/init', { email: 'forgot@example.com' });
    expect(
      (await post('/api/accounts/recovery/finalize', { token: older, new_password: 'Tq8#vLp2-Older!' })).json().code,
    ).toBe('invalid_recovery_token');
  });

  it('refuses the previous password too, and signs in when asked', async () => {
    await clearLimits();
    await post('/api/accounts/recovery/init', { email: 'forgot@example.com' });
    const token = tokenOf(
      (await mails('forgot@example.com')).find((m: { template: string }) => m.template === 'password_reset').link,
    );
    expect((await post('/api/accounts/recovery/finalize', { token, new_password: OLD })).json().code).toBe(
      'password_same',
    );
    const res = await post('/api/accounts/recovery/finalize', {
      token,
      new_password: 'Tq8#vLp2-Third!',
      auto_login: true,
    });
    expect(res.json().session.access_token).toMatch(/^at_/);
  });

  it('refuses expired and made-up tokens', async () => {
    await clearLimits();
    await post('/api/accounts/recovery/init', { email: 'forgot@example.com' });
    const token = tokenOf(
      (await mails('forgot@example.com')).find((m: { template: string }) => m.template === 'password_reset').link,
    );
    await t.deps.db.query(`UPDATE link_tokens SET expires_at = now() - interval '1 second'`);
    expect(
      (await post('/api/accounts/recovery/finalize', { token, new_password: 'Tq8#vLp2-Fourth' })).json().code,
    ).toBe('invalid_recovery_token');
    const fake = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/recovery/validate?token=lt_${'x'.repeat(43)}`,
      headers: portalHeaders(),
    });
    expect(fake.json().code).toBe('invalid_recovery_token');
  });
});

describe('soft lock and unlock', () => {
  it('mails an unlock link when the account locks, and the link unlocks it', async () => {
    for (let i = 0; i < 3; i++) await signIn('locky@example.com', 'Wrong#Passw0rd');
    expect((await signIn('locky@example.com', OLD)).json().code).toBe('account_soft_locked');
    const [mail] = await mails('locky@example.com');
    expect(mail.template).toBe('unlock');
    expect(mail.link).toMatch(
      /^https:\/\/accounts\.example\.com\/unlock-account\?token=lt_.+&email=locky%40example\.com$/,
    );
    const token = tokenOf(mail.link);
    expect((await post('/api/accounts/unlock', { token, email: 'other@example.com' })).json()).toMatchObject({
      hydraErrorCode: 1058,
      message: 'The unlock link has expired.',
    });
    expect((await post('/api/accounts/unlock', { token, email: 'locky@example.com' })).json()).toEqual({});
    expect((await signIn('locky@example.com', OLD)).statusCode).toBe(200);
    expect((await post('/api/accounts/unlock', { token, email: 'locky@example.com' })).json().code).toBe(
      'invalid_unlock_token',
    );
  });

  it('answers account_not_locked (1221) when a reset already lifted the lock', async () => {
    for (let i = 0; i < 3; i++) await signIn('locky@example.com', 'Wrong#Passw0rd');
    await clearLimits();
    await post('/api/accounts/unlock/init', { email: 'locky@example.com' });
    const unlockToken = tokenOf((await mails('locky@example.com'))[0].link);
    await clearLimits();
    await post('/api/accounts/recovery/init', { email: 'locky@example.com' });
    const resetToken = tokenOf((await mails('locky@example.com'))[0].link);
    await post('/api/accounts/recovery/finalize', { token: resetToken, new_password: 'Tq8#vLp2-Unlocked' });
    expect(
      (await post('/api/accounts/unlock', { token: unlockToken, email: 'locky@example.com' })).json(),
    ).toMatchObject({ hydraErrorCode: 1221 });
  });
});
