// Deleting an account ends with a mail that says so (issue 28): to the address the account had, in the
// player's language, through the mail queue, written in the same transaction as the deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { apiCall, insertAccount, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const PASSWORD = 'Tq8#vLp2-Original';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({}, { seed: false });
  const passwordHash = await hashPassword(PASSWORD);
  for (const name of ['Abschied', 'Wadaa', 'Stayer']) {
    await insertAccount(t.deps.db, { email: `${name.toLowerCase()}@example.com`, username: name, passwordHash });
  }
  await t.deps.db.query(`UPDATE accounts SET locale = 'de-DE' WHERE email = 'abschied@example.com'`);
  await t.deps.db.query(`UPDATE accounts SET locale = 'ar-AE' WHERE email = 'wadaa@example.com'`);
});
afterAll(() => t.close());

interface OutboxMail {
  template: string;
  locale: string;
  subject: string;
  text: string;
  code: string | null;
  link: string | null;
}

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: unknown) =>
  apiCall(t.app, method, url, token, payload);
const mails = async (to: string): Promise<OutboxMail[]> =>
  (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${to}` })).json();
const tokenOf = async (email: string) =>
  (await call('POST', '/api/sessions/auth/password', undefined, { email, password: PASSWORD })).json()
    .access_token as string;

/** Proves it is the player with the password, asks for the mailed code and answers it. */
async function deleteAccount(email: string) {
  const token = await tokenOf(email);
  const proved = await call('PUT', '/api/sessions/me/verify', token, { code_type: 'password', password: PASSWORD });
  expect(proved.statusCode).toBe(200);
  expect((await call('PUT', '/api/accounts/me/send_delete_verification_email', token)).statusCode).toBe(200);
  const [codeMail] = await mails(email);
  expect(codeMail?.template).toBe('delete_account');
  return { token, code: codeMail?.code as string };
}

describe('the mail that confirms a deletion', () => {
  it('is sent once the account is deleted, in the player’s language, with no code or link', async () => {
    const { token, code } = await deleteAccount('abschied@example.com');
    expect((await call('PUT', '/api/accounts/me/delete_user', token, { code })).statusCode).toBe(200);
    const [done] = await mails('abschied@example.com');
    expect(done).toMatchObject({
      template: 'account_deleted',
      locale: 'de-DE',
      subject: 'Dein Aurora Games-Konto wurde gelöscht',
      code: null,
      link: null,
    });
    expect(done?.text).toContain('auf deinen Wunsch gelöscht');
  });

  it('goes through the mail queue, in Arabic for an Arabic-speaking player', async () => {
    const { token, code } = await deleteAccount('wadaa@example.com');
    const [before] = await t.deps.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM mail_queue WHERE template = 'account_deleted'`,
    );
    expect((await call('PUT', '/api/accounts/me/delete_user', token, { code })).statusCode).toBe(200);
    const [after] = await t.deps.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM mail_queue WHERE template = 'account_deleted'`,
    );
    expect(Number(after?.n)).toBe(Number(before?.n) + 1);
    const [done] = await mails('wadaa@example.com');
    expect(done).toMatchObject({
      template: 'account_deleted',
      locale: 'ar-AE',
      subject: 'تم حذف حسابك في Aurora Games',
    });
  });

  it('is not sent when the code is wrong and the account stays', async () => {
    const { token, code } = await deleteAccount('stayer@example.com');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await call('PUT', '/api/accounts/me/delete_user', token, { code: wrong })).json().code).toBe(
      'email_code_invalid',
    );
    expect((await mails('stayer@example.com')).map((mail) => mail.template)).toEqual(['delete_account']);
    expect((await call('GET', '/api/accounts/me', token)).statusCode).toBe(200);
  });
});
