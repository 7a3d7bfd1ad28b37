// The signed-in account's settings over the API: email change, password, country, date of birth,
// language, marketing, avatar, notification preferences (signed in and by a mailed link), deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { apiCall, insertAccount, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const PASSWORD = 'Tq8#vLp2-Original';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({}, { seed: true });
  const passwordHash = await hashPassword(PASSWORD);
  for (const name of ['Mover', 'Taken', 'Keys', 'Places', 'Picker', 'Leaver', 'Unverified']) {
    await insertAccount(t.deps.db, { email: `${name.toLowerCase()}@example.com`, username: name, passwordHash });
  }
  await insertAccount(t.deps.db, { email: 'nopassword@example.com', username: 'NoPassword' });
  await t.deps.db.query(`UPDATE accounts SET email_verified = false WHERE email = 'unverified@example.com'`);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  apiCall(t.app, method, url, token, payload);
const signIn = async (email: string, password = PASSWORD) =>
  (await call('POST', '/api/sessions/auth/password', undefined, { email, password })).json();
const tokenOf = async (email: string) => (await signIn(email)).access_token as string;
/** Signs in and proves it is the player again with the password (what an email change asks first). */
const reauthenticated = async (email: string) => {
  const token = await tokenOf(email);
  const verified = await call('PUT', '/api/sessions/me/verify', token, { code_type: 'password', password: PASSWORD });
  expect(verified.statusCode).toBe(200);
  return token;
};
const mails = async (to: string) => (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${to}` })).json();
const clearLimits = () => t.deps.db.query('DELETE FROM rate_limits');
/** A real friend request to the account with this address, from a new player; answers its invitation id. */
const friendRequestTo = async (email: string) => {
  const to = (await call('GET', '/api/accounts/me', await tokenOf(email))).json().id as string;
  const from = await insertAccount(t.deps.db, { username: `Buddy${Math.random().toString(36).slice(2, 8)}` });
  const { accessToken } = await t.deps.tokens.start({ accountId: from });
  const sent = await call('POST', '/api/friends/me/invitations', accessToken, { account_id: to });
  expect(sent.statusCode).toBe(201);
  return sent.json().id as string;
};
const friendMails = async (to: string) =>
  ((await mails(to)) as Array<{ template: string }>).filter((m) => m.template === 'friend_request');

describe('changing the email address', () => {
  it('needs the password (or the authenticator) just before, not only a code to the current address', async () => {
    const token = await tokenOf('mover@example.com');
    const bare = await call('PUT', '/api/accounts/me/email', token, { email: 'elsewhere@example.com' });
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ code: 'reauthentication_required', hydraErrorCode: 1028 });
    // A code mailed to the current address proves the mailbox only.
    await call('POST', '/api/sessions/email', undefined, { email: 'mover@example.com' });
    const [mail] = await mails('mover@example.com');
    expect(
      (await call('PUT', '/api/sessions/me/verify', token, { code_type: 'email_code', code: mail.code })).statusCode,
    ).toBe(200);
    expect((await call('PUT', '/api/accounts/me/email', token, { email: 'elsewhere@example.com' })).json().code).toBe(
      'reauthentication_required',
    );
    const wrong = await call('PUT', '/api/sessions/me/verify', token, { code_type: 'password', password: 'Nope#1234' });
    expect(wrong.json()).toMatchObject({ code: 'current_password_incorrect', hydraErrorCode: 1049 });
    expect((await call('PUT', '/api/accounts/me/email', token, { email: 'elsewhere@example.com' })).statusCode).toBe(
      403,
    );
    await clearLimits();
  });

  it('refuses an unverified current address, the same address and one in use', async () => {
    const unverified = await reauthenticated('unverified@example.com');
    expect(
      (await call('PUT', '/api/accounts/me/email', unverified, { email: 'new@example.com' })).json(),
    ).toMatchObject({
      code: 'email_verification_required',
      hydraErrorCode: 1044,
    });
    const token = await reauthenticated('mover@example.com');
    expect((await call('PUT', '/api/accounts/me/email', token, { email: 'MOVER@example.com' })).json()).toMatchObject({
      code: 'email_not_different',
      hydraErrorCode: 1039,
    });
    expect((await call('PUT', '/api/accounts/me/email', token, { email: 'taken@example.com' })).json()).toMatchObject({
      code: 'email_not_available',
      hydraErrorCode: 1001,
    });
    expect((await call('PUT', '/api/accounts/me/email', token, { email: 'not an address' })).json().code).toBe(
      'invalid_request',
    );
  });

  it('keeps the new address pending until its code is entered; the old one works meanwhile', async () => {
    const token = await reauthenticated('mover@example.com');
    const changed = await call('PUT', '/api/accounts/me/email', token, { email: 'moved@example.com' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: 'mover@example.com', email_pending: 'moved@example.com' });
    const [notice] = await mails('mover@example.com');
    expect(notice.template).toBe('email_changed');
    expect(notice.text).toContain('moved@example.com');
    const [verification] = await mails('moved@example.com');
    expect(verification.template).toBe('verify_email');
    expect((await signIn('mover@example.com')).access_token).toBeTruthy();
    const verified = await call('POST', '/api/accounts/verify_email', token, { code: verification.code });
    expect(verified.statusCode).toBe(200);
    const me = (await call('GET', '/api/accounts/me', token)).json();
    expect(me).toMatchObject({ email: 'moved@example.com', email_pending: null, email_verified: true });
    expect((await signIn('moved@example.com')).access_token).toBeTruthy();
    expect((await signIn('mover@example.com')).code).toBe('invalid_credentials');
    await clearLimits();
  });
});

describe('changing the password', () => {
  it('needs the current password (1049) and the rules of sign-up (1055, 1006, 1004)', async () => {
    const token = await tokenOf('keys@example.com');
    const change = (body: object) => call('PUT', '/api/accounts/me/password', token, body);
    expect((await change({ new_password: 'Nw9#pass-Word' })).json()).toMatchObject({
      code: 'current_password_incorrect',
      hydraErrorCode: 1049,
    });
    const wrong = await change({ password: 'Wrong#Pass-1', new_password: 'Nw9#pass-Word' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'current_password_incorrect', hydraErrorCode: 1049 });
    expect((await change({ password: PASSWORD, new_password: 'weakpassword' })).json().code).toBe('weak_password');
    expect((await change({ password: PASSWORD, new_password: 'Keys#2024-long' })).json().code).toBe(
      'password_contains_display_name',
    );
    expect((await change({ password: PASSWORD, new_password: PASSWORD })).json()).toMatchObject({
      code: 'password_same',
      hydraErrorCode: 1004,
    });
    expect((await change({ password: PASSWORD, new_password: 'short' })).json().code).toBe('invalid_request');
    await clearLimits();
  });

  it('changes it, mails a notice and, when asked, signs out every other session', async () => {
    const otherSignIn = await signIn('keys@example.com');
    const other = otherSignIn.access_token as string;
    const thisSignIn = await signIn('keys@example.com');
    const token = thisSignIn.access_token as string;
    const changed = await call('PUT', '/api/accounts/me/password', token, {
      password: PASSWORD,
      new_password: 'Nw9#pass-Word',
      sign_out_others: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().password_set).toBe(true);
    expect((await mails('keys@example.com'))[0].template).toBe('password_changed');
    expect((await call('GET', '/api/accounts/me', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/accounts/me', other)).json().code).toBe('auth_expired');
    // The other sign-in's refresh token is revoked too; this one's still rotates.
    const refresh = async (refreshToken: string) =>
      (
        await call('POST', '/api/sessions/auth/token', undefined, {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
        })
      ).json();
    expect((await refresh(otherSignIn.refresh_token)).code).toBe('auth_expired');
    expect((await refresh(thisSignIn.refresh_token)).access_token).toBeTruthy();
    expect((await signIn('keys@example.com', PASSWORD)).code).toBe('invalid_credentials');
    expect((await signIn('keys@example.com', 'Nw9#pass-Word')).access_token).toBeTruthy();
    await clearLimits();
  });

  it('sets a first password without a current one, once the player proved it is them', async () => {
    await call('POST', '/api/sessions/email', undefined, { email: 'nopassword@example.com' });
    const [mail] = await mails('nopassword@example.com');
    const session = (
      await call('POST', '/api/sessions/auth/token', undefined, {
        grant_type: 'email_code',
        email: 'nopassword@example.com',
        code: mail.code,
      })
    ).json();
    expect(session.account.password_set).toBe(false);
    // A session alone (a token taken away) cannot give the account a password: a code first (issue 31).
    const unproved = await call('PUT', '/api/accounts/me/password', session.access_token, {
      new_password: 'Fresh#Pass-42',
    });
    expect(unproved.json()).toMatchObject({ code: 'session_verification_required' });
    await clearLimits();
    await call('POST', '/api/sessions/email', undefined, { email: 'nopassword@example.com' });
    const [again] = await mails('nopassword@example.com');
    const proved = await call('PUT', '/api/sessions/me/verify', session.access_token, {
      code_type: 'email_code',
      code: again.code,
    });
    expect(proved.statusCode).toBe(200);
    const set = await call('PUT', '/api/accounts/me/password', session.access_token, { new_password: 'Fresh#Pass-42' });
    expect(set.statusCode).toBe(200);
    expect(set.json().password_set).toBe(true);
    expect((await signIn('nopassword@example.com', 'Fresh#Pass-42')).access_token).toBeTruthy();
    await clearLimits();
  });
});

describe('country, date of birth, language and marketing', () => {
  it('takes a listed country, a territory only in the US, never an embargoed country', async () => {
    const token = await tokenOf('places@example.com');
    const put = (body: object) => call('PUT', '/api/accounts/me/country', token, body);
    expect((await put({ country: 'CU' })).json()).toMatchObject({ code: 'embargoed_country', hydraErrorCode: 1035 });
    expect((await put({ country: 'ZZ' })).json()).toMatchObject({ code: 'invalid_country_code', hydraErrorCode: 1034 });
    expect((await put({ country: 'FR', territory: 'US-CA' })).json().code).toBe('invalid_request');
    expect((await put({ country: 'US', territory: 'US-CA' })).json()).toMatchObject({
      country: 'US',
      territory: 'US-CA',
    });
    expect((await put({ country: 'FR' })).json()).toMatchObject({ country: 'FR', territory: null });
  });

  it('corrects the date of birth, never under the age of the country', async () => {
    const token = await tokenOf('places@example.com');
    const put = (date_of_birth: string) => call('PUT', '/api/accounts/me/date_of_birth', token, { date_of_birth });
    const fourteen = new Date();
    fourteen.setFullYear(fourteen.getFullYear() - 14);
    // The account is in FR now (minimum age 15).
    expect((await put(fourteen.toISOString().slice(0, 10))).json()).toMatchObject({
      code: 'age_gated',
      hydraErrorCode: 1036,
    });
    expect((await put('2999-01-01')).json().code).toBe('age_location_error');
    expect((await put('01/02/1990')).json().code).toBe('invalid_request');
    expect((await put('1988-07-15')).json().date_of_birth).toBe('1988-07-15');
  });

  it('changes the language to a listed one and the marketing choice', async () => {
    const token = await tokenOf('places@example.com');
    expect((await call('PUT', '/api/accounts/me/locale', token, { locale: 'xx-XX' })).json().code).toBe(
      'invalid_request',
    );
    expect((await call('PUT', '/api/accounts/me/locale', token, { locale: 'ar-AE' })).json().locale).toBe('ar-AE');
    expect((await call('PUT', '/api/accounts/me/marketing', token, { marketing_opt_in: 'yes' })).json().code).toBe(
      'invalid_request',
    );
    expect(
      (await call('PUT', '/api/accounts/me/marketing', token, { marketing_opt_in: true })).json().marketing_opt_in,
    ).toBe(true);
    await clearLimits();
  });
});

describe('avatars', () => {
  it('lists the catalogue and picks one of it only', async () => {
    const token = await tokenOf('picker@example.com');
    const { avatars } = (await call('GET', '/api/accounts/me/avatars_available', token)).json();
    expect(avatars.length).toBeGreaterThanOrEqual(9);
    expect(avatars[0]).toEqual({ slug: 'default', image_url: '/avatars/default-profile-avatar.png' });
    expect((await call('PUT', '/api/accounts/me/avatar', token, { avatar: 'no-such-avatar' })).json().code).toBe(
      'invalid_request',
    );
    const picked = (await call('PUT', '/api/accounts/me/avatar', token, { avatar: 'night-moon' })).json();
    expect(picked.avatar).toEqual({ slug: 'night-moon', image_url: '/avatars/night-moon.png' });
    expect((await call('GET', '/api/accounts/me/avatars_available')).json().code).toBe('unauthorized');
    await clearLimits();
  });
});

describe('email notification preferences', () => {
  it('turn friend-request mails off from the link in a mail, without signing in', async () => {
    await friendRequestTo('picker@example.com');
    const [mail] = await mails('picker@example.com');
    expect(mail.template).toBe('friend_request');
    const optOut = /https?:\/\/\S+\/email-notifications\?token=(\S+)/.exec(mail.text);
    expect(optOut).not.toBeNull();
    const token = optOut?.[1] ?? '';
    const url = `/api/accounts/email_notification_preferences?token=${token}`;
    expect((await call('GET', url)).json()).toEqual({ preferences: { friend_request: true } });
    expect((await call('PUT', url, undefined, { preferences: { friend_request: false } })).json()).toEqual({
      preferences: { friend_request: false },
    });
    expect((await call('GET', url)).json()).toEqual({ preferences: { friend_request: false } });
    await friendRequestTo('picker@example.com');
    expect(await friendMails('picker@example.com')).toHaveLength(1);
    const madeUp = await call('GET', '/api/accounts/email_notification_preferences?token=lt_made-up-token-0000000000');
    expect(madeUp.json()).toMatchObject({ code: 'link_invalid', hydraErrorCode: 1075 });
  });

  it('change from the account page too', async () => {
    const token = await tokenOf('picker@example.com');
    const on = await call('PUT', '/api/accounts/me/email_notification_preferences', token, { friend_request: true });
    expect(on.json().email_notification_preferences).toEqual({ friend_request: true });
    await clearLimits();
  });
});

describe('deleting the account', () => {
  it('needs the password just before and the mailed code, ends every sign-in and frees the address', async () => {
    const unproved = await tokenOf('leaver@example.com');
    expect((await call('PUT', '/api/accounts/me/delete_user', unproved, { code: '123456' })).json()).toMatchObject({
      code: 'reauthentication_required',
      hydraErrorCode: 1028,
    });
    const token = await reauthenticated('leaver@example.com');
    expect((await call('PUT', '/api/accounts/me/delete_user', token, { code: '123456' })).json().code).toBe(
      'email_code_not_sent',
    );
    expect((await call('PUT', '/api/accounts/me/send_delete_verification_email', token)).statusCode).toBe(200);
    const [mail] = await mails('leaver@example.com');
    expect(mail.template).toBe('delete_account');
    const wrong = String((Number(mail.code) + 1) % 1_000_000).padStart(6, '0');
    expect((await call('PUT', '/api/accounts/me/delete_user', token, { code: wrong })).json()).toMatchObject({
      code: 'email_code_invalid',
    });
    expect((await call('PUT', '/api/accounts/me/delete_user', token, { code: mail.code })).statusCode).toBe(200);
    expect((await call('GET', '/api/accounts/me', token)).json().code).toBe('auth_expired');
    expect((await signIn('leaver@example.com')).code).toBe('invalid_credentials');
    const check = (await call('GET', '/api/accounts/email/check?email=leaver@example.com')).json();
    expect(check.available).toBe(true);
    const [left] = await t.deps.db.query<{ n: string }>(
      `SELECT (SELECT count(*) FROM accounts WHERE email = 'leaver@example.com')::text AS n`,
    );
    expect(left?.n).toBe('0');
    await clearLimits();
  });
});
