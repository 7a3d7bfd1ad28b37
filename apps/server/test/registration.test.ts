// POST /api/accounts and the checks of the registration screens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({}, { seed: false });
});
afterAll(() => t.close());

const REGISTER_URL = '/api/accounts?options=account&options=refresh_token';
const base = { country: 'US', date_of_birth: '1995-06-15', marketing_opt_in: false, tos_consent: true };
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: portalHeaders({ 'content-type': 'application/json', accept: 'application/json', ...headers }),
    payload: payload as object,
  });
const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: portalHeaders({ accept: 'application/json' }) });
const register = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  post(REGISTER_URL, { ...base, ...body }, headers);
const codeFor = async (email: string) => {
  await t.deps.db.query('DELETE FROM rate_limits');
  await post('/api/accounts/register/email', { email });
  const [mail] = (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${email}` })).json();
  return mail.code as string;
};

describe('POST /api/accounts', () => {
  it('creates an account with an emailed code, verified, and signs it in', async () => {
    const code = await codeFor('coded@example.com');
    const res = await register(
      { email: 'coded@example.com', email_code: code, username: 'CodedPilot' },
      { 'accept-language': 'de-DE' },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.refresh_token).toMatch(/^rt_/);
    expect(body.account).toMatchObject({
      email: 'coded@example.com',
      username: 'CodedPilot',
      email_verified: true,
      password_set: false,
      completed: true,
      locale: 'de-DE',
      country: 'US',
      date_of_birth: '1995-06-15',
    });
    expect(body.account.public_id).toMatch(/^AG[A-Z2-9]{10}$/);
  });

  it('creates an account with a password, which then signs in', async () => {
    const res = await register({ email: 'pw@example.com', password: 'Tq8#vLp2-Nova', username: 'NovaRanger' });
    expect(res.statusCode).toBe(201);
    expect(res.json().account).toMatchObject({ password_set: true, email_verified: false });
    const signIn = await post('/api/sessions/auth/password', { email: 'pw@example.com', password: 'Tq8#vLp2-Nova' });
    expect(signIn.statusCode).toBe(200);
  });

  it('suggests a display name when none is given', async () => {
    const res = await register({ email: 'noname@example.com', password: 'Tq8#vLp2-Quiet' });
    expect(res.json().account.username).toMatch(/^[A-Za-z]+\d{4}$/);
  });

  it('refuses weak, common and name-containing passwords', async () => {
    expect((await register({ email: 'a1@example.com', password: 'Ab1!xy' })).statusCode).toBe(400);
    const weak = await register({ email: 'a2@example.com', password: 'alllowercase1!' });
    expect(weak.json()).toMatchObject({ code: 'weak_password', body: { reason: 'missing_classes' } });
    expect((await register({ email: 'a3@example.com', password: 'Password1!' })).json()).toMatchObject({
      code: 'weak_password',
      body: { reason: 'common' },
    });
    const named = await register({ email: 'a4@example.com', password: 'Xx-CometFox-9', username: 'CometFox' });
    expect(named.json()).toMatchObject({ code: 'password_contains_display_name', hydraErrorCode: 1006 });
  });

  it('refuses a taken email (1001) and a taken display name in any case (1000)', async () => {
    expect((await register({ email: 'PW@example.com', password: 'Tq8#vLp2-Other' })).json()).toMatchObject({
      hydraErrorCode: 1001,
    });
    expect(
      (await register({ email: 'b1@example.com', password: 'Tq8#vLp2-Other', username: 'novaranger' })).json(),
    ).toMatchObject({ hydraErrorCode: 1000 });
  });

  it('refuses display names with spaces or special characters', async () => {
    const res = await register({ email: 'b2@example.com', password: 'Tq8#vLp2-Other', username: 'Nova Ranger' });
    expect(res.statusCode).toBe(400);
    expect(
      (await register({ email: 'b3@example.com', password: 'Tq8#vLp2-Other', username: 'TheAdmin' })).json().code,
    ).toBe('username_invalid');
  });

  it('needs the terms accepted, with the spec message', async () => {
    const res = await register({ email: 'c1@example.com', password: 'Tq8#vLp2-Other', tos_consent: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().body.issues).toContainEqual(
      expect.objectContaining({
        path: 'body.tos_consent',
        message: 'Please agree to Terms of Use and acknowledge the Privacy Policy to continue.',
      }),
    );
  });

  it('refuses under-age players per country, embargoed and unknown countries', async () => {
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 15);
    const dob = young.toISOString().slice(0, 10);
    expect(
      (
        await register({ email: 'd1@example.com', password: 'Tq8#vLp2-Other', country: 'DE', date_of_birth: dob })
      ).json().code,
    ).toBe('age_gated');
    expect(
      (
        await register({
          email: 'd2@example.com',
          password: 'Tq8#vLp2-Young',
          date_of_birth: dob,
          username: 'YoungOne',
        })
      ).statusCode,
    ).toBe(201);
    expect((await register({ email: 'd3@example.com', password: 'Tq8#vLp2-Other', country: 'KP' })).json().code).toBe(
      'embargoed_country',
    );
    expect((await register({ email: 'd4@example.com', password: 'Tq8#vLp2-Other', country: 'ZZ' })).json().code).toBe(
      'invalid_country_code',
    );
    expect(
      (await register({ email: 'd5@example.com', password: 'Tq8#vLp2-Other', country: 'CA', territory: 'US-CA' }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses a wrong emailed code', async () => {
    const code = await codeFor('e1@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await register({ email: 'e1@example.com', email_code: wrong })).json().code).toBe('email_code_invalid');
  });
});

describe('registration checks', () => {
  it('tell whether a display name is free and allowed, and suggest one', async () => {
    expect((await get('/api/accounts/username/check?username=NovaRanger')).json()).toEqual({ available: false });
    expect((await get('/api/accounts/username/check?username=FreshName1')).json()).toEqual({ available: true });
    expect((await get('/api/accounts/username/check?username=Bad%20Name')).json()).toEqual({ available: false });
    const { username } = (await get('/api/accounts/username/generate')).json();
    expect((await get(`/api/accounts/username/check?username=${username}`)).json()).toEqual({ available: true });
  });

  it('tell whether an email is free', async () => {
    expect((await get('/api/accounts/email/check?email=pw@example.com')).json()).toEqual({ available: false });
    expect((await get('/api/accounts/email/check?email=free@example.com')).json()).toEqual({ available: true });
  });

  it('check a date of birth against the country age', async () => {
    expect((await get('/api/accounts/date_of_birth/check?date_of_birth=1990-01-01&country=DE')).json()).toEqual({
      passed: true,
    });
    expect(
      (
        await get(
          `/api/accounts/date_of_birth/check?date_of_birth=${new Date().getUTCFullYear() - 15}-01-01&country=DE`,
        )
      ).json(),
    ).toEqual({ passed: false });
    expect((await get('/api/accounts/date_of_birth/check?date_of_birth=1990-01-01&country=CU')).json().code).toBe(
      'embargoed_country',
    );
  });

  it('answer the age category with the adult gate', async () => {
    const res = await post('/api/accounts/age_category/check', {
      age_data: { age: 16 },
      location_data: { country: 'US' },
    });
    expect(res.json()).toEqual({ age_gated: false, adult_age_gate: true });
    const adult = await post('/api/accounts/age_category/check', {
      age_data: { age: 25 },
      location_data: { country: 'US' },
    });
    expect(adult.json()).toEqual({ age_gated: false, adult_age_gate: false });
    // An array is no empty object: refused by the schema, as the OpenAPI document says.
    expect((await post('/api/accounts/age_category/check', [])).statusCode).toBe(400);
  });

  it('login_info tells only whether a password is set, the same for unknown addresses', async () => {
    expect((await post('/api/accounts/login_info', { email: 'pw@example.com' })).json()).toEqual({
      password_set: true,
    });
    expect((await post('/api/accounts/login_info', { email: 'coded@example.com' })).json()).toEqual({
      password_set: false,
    });
    expect((await post('/api/accounts/login_info', { email: 'nobody@example.com' })).json()).toEqual({
      password_set: false,
    });
  });
});

describe('captcha', () => {
  it('is required on registration when a provider is configured', async () => {
    const guarded = await testApp(
      { CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SECRET: 'test-secret', CAPTCHA_SITE_KEY: 'test-site-key' },
      { seed: false },
    );
    const res = await guarded.app.inject({
      method: 'POST',
      url: REGISTER_URL,
      headers: portalHeaders({ 'content-type': 'application/json' }),
      payload: { ...base, email: 'bot@example.com', password: 'Tq8#vLp2-Robot' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ hydraErrorCode: 1201, key: 'error.captcha_failed' });
    await guarded.close();
  });
});

describe('PUT /api/accounts/me/username', () => {
  it('changes the display name, the first time for free, then asks to wait 30 days with the date', async () => {
    const created = await register({
      email: 'renamer@example.com',
      password: 'Tq8#vLp2-Rename',
      username: 'FirstName1',
    });
    const token = created.json().access_token as string;
    const put = (username: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/accounts/me/username',
        headers: portalHeaders({
          'content-type': 'application/json',
          accept: 'application/json',
          'x-hydra-access-token': token,
        }),
        payload: { username },
      });
    expect((await put('FirstName1')).json()).toMatchObject({ hydraErrorCode: 1003 });
    expect((await put('NovaRanger')).json()).toMatchObject({ hydraErrorCode: 1000 });
    expect((await put('Bad Name')).statusCode).toBe(400);
    // The first change is free (issue 28): it does not start the wait, the next one does.
    expect(created.json().account).toMatchObject({ can_change_username: true, username_change_free: true });
    const free = await put('SecondName2');
    expect(free.json()).toMatchObject({
      username: 'SecondName2',
      can_change_username: true,
      username_change_free: false,
    });
    const renamed = await put('ThirdName3');
    expect(renamed.json()).toMatchObject({ username: 'ThirdName3', can_change_username: false });
    const again = await put('FourthName4');
    expect(again.json()).toMatchObject({ hydraErrorCode: 1002, code: 'username_cooldown' });
    expect(again.json().body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(again.json().message).toContain(again.json().body.date);
  });
});

describe('POST /api/accounts/complete', () => {
  it('completes an incomplete account with the fields it lacks, once', async () => {
    const id = '7d1f0a52-9d1e-4f7a-8a3c-1b2c3d4e5f61';
    await t.deps.db.query(
      `INSERT INTO accounts (id, public_id, stub, completed) VALUES ($1, 'AGSTUBSTUB01', true, false)`,
      [id],
    );
    const { accessToken } = await t.deps.tokens.start({ accountId: id });
    const complete = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/complete',
        headers: portalHeaders({
          'content-type': 'application/json',
          accept: 'application/json',
          'x-hydra-access-token': accessToken,
        }),
        payload,
      });
    expect((await complete({ tos_consent: true })).json()).toMatchObject({ code: 'age_location_error' });
    expect((await complete({ tos_consent: true, country: 'KP' })).json().code).toBe('embargoed_country');
    const done = await complete({
      tos_consent: true,
      country: 'FR',
      date_of_birth: '1992-02-02',
      email: 'stubby@example.com',
      password: 'Tq8#vLp2-Stubby',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      completed: true,
      stub: false,
      email: 'stubby@example.com',
      country: 'FR',
      password_set: true,
      tos_consent_required: false,
    });
    expect(done.json().username).toMatch(/^[A-Za-z]+\d{4}$/);
    expect((await complete({ tos_consent: true })).json()).toMatchObject({
      code: 'stub_completed',
      hydraErrorCode: 1052,
    });
  });
});

describe('display name length (issue 28)', () => {
  const putName = (token: string, username: string, locale = 'en-US') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/accounts/me/username',
      headers: portalHeaders({
        'content-type': 'application/json',
        accept: 'application/json',
        'accept-language': locale,
        'x-hydra-access-token': token,
      }),
      payload: { username },
    });

  it('refuses a name too short or too long with the bounds and the reason, in the caller language', async () => {
    const short = await register({ email: 'len1@example.com', password: 'Tq8#vLp2-Length', username: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'username_invalid',
      body: { min: 4, max: 16, reason: 'too_short' },
    });
    expect(short.json().message).toContain('4 to 16');
    const created = await register({ email: 'len2@example.com', password: 'Tq8#vLp2-Length' });
    const token = created.json().access_token as string;
    const long = await putName(token, 'A'.repeat(17));
    expect(long.json()).toMatchObject({ code: 'username_invalid', body: { min: 4, max: 16, reason: 'too_long' } });
    const german = await putName(token, 'abc', 'de-DE');
    expect(german.json().body).toMatchObject({ reason: 'too_short' });
    expect(german.json().message).toMatch(/4.*16/);
    expect(german.json().message).not.toContain('{{');
    const characters = await putName(token, 'Nova!Ranger');
    expect(characters.json().body).toMatchObject({ min: 4, max: 16, reason: 'characters' });
    const reserved = await putName(token, 'TheAdmin');
    expect(reserved.json().body).toMatchObject({ min: 4, max: 16, reason: 'reserved' });
  });

  it('publishes the bounds in the public settings, as configured', async () => {
    const settings = (await get('/api/settings/public')).json();
    expect(settings.display_name).toEqual({ min_length: 4, max_length: 16 });
    const other = await testApp({ USERNAME_MIN_LENGTH: '3', USERNAME_MAX_LENGTH: '20' }, { seed: false });
    const res = await other.app.inject({
      method: 'GET',
      url: '/api/settings/public',
      headers: portalHeaders({ accept: 'application/json' }),
    });
    expect(res.json().display_name).toEqual({ min_length: 3, max_length: 20 });
    await other.close();
  });
});
