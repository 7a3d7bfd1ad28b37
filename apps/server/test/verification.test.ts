// Email verification by code (signed in) and by link, pending addresses, cancelling a change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { insertAccount, portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const PASSWORD = 'Tq8#vLp2-Verify';
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await testApp({ PUBLIC_URL: 'https://accounts.example.com' }, { seed: false });
  await insertAccount(t.deps.db, {
    email: 'verify@example.com',
    username: 'Verifier',
    passwordHash: await hashPassword(PASSWORD),
  });
  await t.deps.db.query(
    `UPDATE accounts SET email_verified = false, registration_flagged = true WHERE email = 'verify@example.com'`,
  );
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/sessions/auth/password',
    headers: portalHeaders({ 'content-type': 'application/json' }),
    payload: { email: 'verify@example.com', password: PASSWORD },
  });
  token = signIn.json().access_token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, signedIn = true) =>
  t.app.inject({
    method,
    url,
    headers: portalHeaders({
      accept: 'application/json',
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...(signedIn ? { 'x-hydra-access-token': token } : {}),
    }),
    ...(payload ? { payload: payload as object } : {}),
  });
const latestMail = async (to: string) => (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${to}` })).json()[0];
const clearLimits = () => t.deps.db.query('DELETE FROM rate_limits');

describe('email verification', () => {
  it('mails a code and a link, and the code verifies the signed-in account', async () => {
    expect((await call('PUT', '/api/accounts/me/send_verification_email')).json()).toEqual({});
    const mail = await latestMail('verify@example.com');
    expect(mail).toMatchObject({ template: 'verify_email' });
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.link).toMatch(/^https:\/\/accounts\.example\.com\/verify-email\?token=lt_/);
    expect((await call('POST', '/api/accounts/verify_email', { code: mail.code }, false)).json().code).toBe(
      'unauthorized',
    );
    expect((await call('POST', '/api/accounts/verify_email', { code: mail.code })).statusCode).toBe(200);
    const me = (await call('GET', '/api/accounts/me')).json();
    expect(me).toMatchObject({ email_verified: true, registration_flagged: false });
    expect((await call('PUT', '/api/accounts/me/send_verification_email')).json()).toMatchObject({
      hydraErrorCode: 1009,
    });
  });

  it('verifies a pending new address by link, without signing in, and it becomes the address', async () => {
    await clearLimits();
    await t.deps.db.query(
      `UPDATE accounts SET email_pending = 'new.verify@example.com' WHERE email = 'verify@example.com'`,
    );
    await call('PUT', '/api/accounts/me/send_verification_email');
    const mail = await latestMail('new.verify@example.com');
    const linkToken = new URL(mail.link).searchParams.get('token');
    expect((await call('POST', '/api/accounts/verify_email', { token: linkToken }, false)).statusCode).toBe(200);
    expect((await call('GET', '/api/accounts/me')).json()).toMatchObject({
      email: 'new.verify@example.com',
      email_pending: null,
    });
    expect((await call('POST', '/api/accounts/verify_email', { token: linkToken }, false)).json().code).toBe(
      'email_verification_token_invalid',
    );
  });

  it('cancels a pending change, and says when there is none', async () => {
    expect((await call('DELETE', '/api/accounts/me/verify_email')).json()).toMatchObject({ hydraErrorCode: 1048 });
    await t.deps.db.query(`UPDATE accounts SET email_pending = 'third@example.com' WHERE username = 'Verifier'`);
    expect((await call('DELETE', '/api/accounts/me/verify_email')).json()).toMatchObject({ email_pending: null });
  });

  it('needs a code or a link token', async () => {
    expect((await call('POST', '/api/accounts/verify_email', {})).statusCode).toBe(400);
  });
});
