// Requests written the way spec 001 §7 writes them, sent as the spec's client sends them
// (application/x-ag-json, typed datetimes), through the whole server: issue 13 "Spec shapes the
// server refuses". docs/spec-deviations.md lists what still differs, on purpose.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { insertAccount, portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const PASSWORD = 'Tq8#vLp2-Starfall';
const device_data = { visitor_id: '5b0c2a3e-1111-4222-8333-444455556666', platform_name: 'web' };
/** A typed wire datetime, as the codec writes a Date. */
const typed = (iso: string) => ({ _agType: 'datetime', _agValue: iso });

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ SIGN_IN_PER_MINUTE: '1000' }, { seed: true });
  const passwordHash = await hashPassword(PASSWORD);
  for (const name of ['Refresher', 'Settler', 'Leaver', 'Picker', 'Reader']) {
    await insertAccount(t.deps.db, { email: `${name.toLowerCase()}@example.com`, username: name, passwordHash });
  }
});
afterAll(() => t.close());

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

/** A call as the spec's client makes it: the body written in application/x-ag-json. */
const agCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token?: string) =>
  t.app.inject({
    method,
    url,
    headers: portalHeaders({
      ...(payload !== undefined ? { 'content-type': 'application/x-ag-json' } : {}),
      ...(token ? { 'x-hydra-access-token': token } : {}),
    }),
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
const signIn = async (email: string) => {
  const res = await agCall('POST', '/api/sessions/auth/password', { email, password: PASSWORD, device_data });
  expect(res.statusCode).toBe(200);
  return res.json() as { access_token: string; refresh_token: string };
};
const me = (token: string) => agCall('GET', '/api/accounts/me', undefined, token);
const storedDateOfBirth = async (email: string) => {
  const [row] = await t.deps.db.query<{ dob: string }>(
    `SELECT to_char(date_of_birth, 'YYYY-MM-DD') AS dob FROM accounts WHERE email = $1`,
    [email],
  );
  return row?.dob;
};

describe('POST /api/sessions/auth/token, grant_type refresh_token', () => {
  it('takes the refresh token in code, as the spec sends every grant, and rotates it', async () => {
    const first = await signIn('refresher@example.com');
    const viaCode = await agCall('POST', '/api/sessions/auth/token', {
      grant_type: 'refresh_token',
      code: first.refresh_token,
      device_data,
      email: null,
    });
    expect(viaCode.statusCode).toBe(200);
    const second = viaCode.json();
    expect(second.access_token).toMatch(/^at_/);
    expect(second.refresh_token).toMatch(/^rt_/);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.account).toMatchObject({ email: 'refresher@example.com' });
    expect((await me(second.access_token)).json()).toMatchObject({ email: 'refresher@example.com' });
    expect((await me(first.access_token)).json().code).toBe('auth_expired');

    // The web app's refresh_token field keeps working on the rotated token.
    const viaField = await agCall('POST', '/api/sessions/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: second.refresh_token,
    });
    expect(viaField.statusCode).toBe(200);
    const third = viaField.json();
    expect((await me(third.access_token)).statusCode).toBe(200);

    // A used refresh token sent in code again is reuse: the whole sign-in ends.
    const reuse = await agCall('POST', '/api/sessions/auth/token', {
      grant_type: 'refresh_token',
      code: first.refresh_token,
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('auth_expired');
    expect((await me(third.access_token)).json().code).toBe('auth_expired');
  });

  it('refuses two different tokens in code and refresh_token', async () => {
    const tokens = await signIn('reader@example.com');
    const res = await agCall('POST', '/api/sessions/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      code: 'rt_' + 'x'.repeat(43),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request' });
  });
});

describe('a date of birth sent as a typed datetime', () => {
  const REGISTER_URL = '/api/accounts?options=account&options=refresh_token';
  const registration = { password: 'Tq8#vLp2-Nova', country: 'US', marketing_opt_in: false, tos_consent: true };

  it('registers the account with the day it names, whatever the server time zone', async () => {
    // [server time zone, email, date of birth as sent]
    const cases = [
      ['America/Los_Angeles', 'utc@example.com', typed('1995-06-15T00:00:00.000Z')],
      ['Pacific/Kiritimati', 'east@example.com', typed('1995-06-15T00:00:00+02:00')],
      ['America/Los_Angeles', 'west@example.com', typed('1995-06-15T20:00:00-0500')],
      ['Asia/Tokyo', 'plain@example.com', '1995-06-15T00:00:00Z'],
    ] as const;
    for (const [tz, email, dateOfBirth] of cases) {
      process.env.TZ = tz;
      const res = await agCall('POST', REGISTER_URL, { ...registration, email, date_of_birth: dateOfBirth });
      expect(res.statusCode, `${email}: ${res.body}`).toBe(201);
      expect(res.json().account.date_of_birth, email).toBe('1995-06-15');
      expect(await storedDateOfBirth(email), email).toBe('1995-06-15');
    }
  });

  it('checks a date of birth on the birthday the datetime names (age gate at 16 in DE)', async () => {
    process.env.TZ = 'America/Los_Angeles';
    const day = (offsetDays: number) => {
      const d = new Date(Date.now() + offsetDays * 86_400_000);
      // 16 years earlier, a multiple of 4: every day of the year exists then too.
      return `${d.getUTCFullYear() - 16}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
    };
    const check = async (dateOfBirth: string) => {
      const query = new URLSearchParams({ date_of_birth: dateOfBirth, country: 'DE' });
      const res = await agCall('GET', `/api/accounts/date_of_birth/check?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().passed as boolean;
    };
    expect(await check(`${day(0)}T00:00:00.000Z`)).toBe(true);
    // Midnight at +14:00 is still the day before in UTC: read as written, this player is 16 tomorrow.
    expect(await check(`${day(1)}T00:00:00+14:00`)).toBe(false);
    expect(await check(day(1))).toBe(false);
  });

  it('changes the date of birth on the account page', async () => {
    process.env.TZ = 'Pacific/Kiritimati';
    const { access_token } = await signIn('settler@example.com');
    const res = await agCall(
      'PUT',
      '/api/accounts/me/date_of_birth',
      { date_of_birth: typed('1988-12-31T00:00:00.000Z') },
      access_token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().date_of_birth).toBe('1988-12-31');
    expect(await storedDateOfBirth('settler@example.com')).toBe('1988-12-31');
  });
});

describe('other spec shapes', () => {
  it('takes {} as the body of a call without a payload (sign-out)', async () => {
    const { access_token } = await signIn('leaver@example.com');
    const res = await agCall('DELETE', '/api/sessions', {}, access_token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(access_token)).json().code).toBe('auth_expired');
  });

  it('picks an avatar sent as the avatar object, showing the catalogue image', async () => {
    const { access_token } = await signIn('picker@example.com');
    const { avatars } = (await agCall('GET', '/api/accounts/me/avatars_available', undefined, access_token)).json();
    const chosen = avatars.at(-1) as { slug: string; image_url: string };
    const res = await agCall(
      'PUT',
      '/api/accounts/me/avatar',
      { avatar: { slug: chosen.slug, image_url: 'https://elsewhere.example/me.png' } },
      access_token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().avatar).toEqual(chosen);
  });

  it('changes email preferences with the link token in the body', async () => {
    // A real friend request to the reader, from a new player.
    const [reader] = (await t.deps.db.query(`SELECT id FROM accounts WHERE email = 'reader@example.com'`)) as Array<{
      id: string;
    }>;
    const buddy = await t.deps.tokens.start({ accountId: await insertAccount(t.deps.db, { username: 'Buddy' }) });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/friends/me/invitations',
      headers: { ...portalHeaders(), 'content-type': 'application/json', 'x-hydra-access-token': buddy.accessToken },
      payload: { account_id: reader?.id },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [mail] = (await t.app.inject({ method: 'GET', url: '/dev/outbox?to=reader@example.com' })).json();
    const token = /email-notifications\?token=(\S+)/.exec(mail.text)?.[1] ?? '';
    const url = '/api/accounts/email_notification_preferences';
    const res = await agCall('PUT', url, { token, preferences: { friend_request: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ preferences: { friend_request: false } });
    expect((await agCall('GET', `${url}?token=${token}`)).json()).toEqual({ preferences: { friend_request: false } });
    const none = await agCall('PUT', url, { preferences: { friend_request: true } });
    expect(none.json()).toMatchObject({ code: 'link_invalid', hydraErrorCode: 1075 });
  });
});
