// Emailed codes: sign-in by code, registration codes, expiry, tries, reuse and the resend limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount, portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({}, { seed: false });
  await insertAccount(t.deps.db, { email: 'coder@example.com', username: 'Coder' });
  await t.deps.db.query(`UPDATE accounts SET locale = 'fr-FR' WHERE email = 'coder@example.com'`);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: portalHeaders({ 'content-type': 'application/json', ...headers }),
    payload: payload as object,
  });
const outbox = async (to: string) => (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${to}` })).json();
const redeem = (email: string, code: string) =>
  post('/api/sessions/auth/token', { grant_type: 'email_code', email, code });
/** Lets the next code be sent at once (the 30 s gap between sends is tested on its own). */
const clearLimits = () => t.deps.db.query(`DELETE FROM rate_limits`);

describe('sign-in by emailed code', () => {
  it('mails a code in the account language and signs in with it once', async () => {
    expect((await post('/api/sessions/email', { email: 'CODER@example.com' })).json()).toEqual({});
    const [mail] = await outbox('coder@example.com');
    expect(mail.template).toBe('sign_in_code');
    expect(mail.locale).toBe('fr-FR');
    expect(mail.code).toMatch(/^\d{6}$/);
    const res = await redeem('coder@example.com', mail.code);
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toMatch(/^at_/);
    expect((await redeem('coder@example.com', mail.code)).json().code).toBe('email_code_not_sent');
  });

  it('answers the same for an address without an account, and mails nothing', async () => {
    await clearLimits();
    const res = await post('/api/sessions/email', { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(await outbox('ghost@example.com')).toEqual([]);
  });

  it('counts wrong codes and gives up after five, saying so (not "expired")', async () => {
    await clearLimits();
    await post('/api/sessions/email', { email: 'coder@example.com' });
    const [mail] = await outbox('coder@example.com');
    const wrong = mail.code === '000000' ? '111111' : '000000';
    const first = await redeem('coder@example.com', wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: 'email_code_invalid', body: { attempts_left: 4 } });
    for (let i = 0; i < 3; i++) await redeem('coder@example.com', wrong);
    const fifth = (await redeem('coder@example.com', wrong)).json();
    expect(fifth).toMatchObject({ code: 'email_code_attempts_exceeded', hydraErrorCode: 1026 });
    expect(fifth.message).toBe('Too many wrong codes. Ask for a new code, then enter that one.');
    expect((await redeem('coder@example.com', mail.code)).json().code).toBe('email_code_attempts_exceeded');
    // A new code works again.
    await clearLimits();
    await post('/api/sessions/email', { email: 'coder@example.com' });
    const [fresh] = await outbox('coder@example.com');
    expect((await redeem('coder@example.com', fresh.code)).statusCode).toBe(200);
  });

  it('replaces an earlier code with a new one, and refuses expired codes', async () => {
    await clearLimits();
    await post('/api/sessions/email', { email: 'coder@example.com' });
    const [older] = await outbox('coder@example.com');
    await clearLimits();
    await post('/api/sessions/email', { email: 'coder@example.com' });
    const [newer] = await outbox('coder@example.com');
    if (older.code !== newer.code)
      expect((await redeem('coder@example.com', older.code)).json().code).toBe('email_code_invalid');
    await t.deps.db.query(`UPDATE email_codes SET expires_at = now() - interval '1 second'`);
    expect((await redeem('coder@example.com', newer.code)).json().code).toBe('email_code_expired');
  });

  it('refuses a second request within 30 seconds and says how long to wait', async () => {
    await clearLimits();
    await post('/api/sessions/email', { email: 'coder@example.com' });
    const again = await post('/api/sessions/email', { email: 'coder@example.com' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'too_many_requests' });
    expect(again.json().body.seconds).toBeGreaterThan(0);
    expect(again.json().body.seconds).toBeLessThanOrEqual(30);
  });

  it('refuses a malformed code', async () => {
    expect((await redeem('coder@example.com', '12')).statusCode).toBe(400);
  });
});

describe('registration codes', () => {
  it('mail a code in the caller language to a free address', async () => {
    await clearLimits();
    const res = await post(
      '/api/accounts/register/email',
      { email: 'new.player@example.com' },
      { 'accept-language': 'ja-JP' },
    );
    expect(res.json()).toEqual({});
    const [mail] = await outbox('new.player@example.com');
    expect(mail).toMatchObject({ template: 'register_code', locale: 'ja-JP' });
    expect(mail.subject).toContain(mail.code);
  });

  it('answer the same for an address with an account, and mail nothing', async () => {
    await clearLimits();
    const before = (await outbox('coder@example.com')).length;
    expect((await post('/api/accounts/register/email', { email: 'coder@example.com' })).json()).toEqual({});
    expect((await outbox('coder@example.com')).length).toBe(before);
  });
});
