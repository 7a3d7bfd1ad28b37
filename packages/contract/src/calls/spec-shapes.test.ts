// The request shapes of spec 001 §7, as a client following the spec writes them (x-ag-json bodies,
// `expand_localizations=True` on every query), against the contract's schemas. Deliberate
// differences are listed in docs/spec-deviations.md; the ones that refuse something are pinned here.
import { afterEach, describe, expect, it } from 'vitest';
import { decode } from '../codec/codec.ts';
import type { Call } from './define.ts';
import { CALLS_BEYOND_SPEC } from './beyond-spec.ts';
import { accounts, allCalls, betas, sessions } from './index.ts';

const UUID = '6f1c1a52-3f0e-4b55-9a53-1f6f1b6c2d11';
const TOKEN = 'k3Jd9_aQ-2mZ.x7Lp~4tRw8vNb';
const EMAIL = 'player@example.com';
const PASSWORD = 'Tq8#vLp2-Nova';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const device_data = { visitor_id: UUID, platform_name: 'web' };
/** A typed wire datetime, as the codec writes a Date. */
const typed = (iso: string) => ({ _agType: 'datetime', _agValue: iso });
/** The environment of the Node process running the tests (the contract itself has no Node types). */
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;

interface SpecRequest {
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  /** Wire JSON, decoded as the server decodes a request body; absent: the call has no body. */
  body?: unknown;
}

/**
 * One or more requests per call of spec 001 §7, with the spec's field names. Where the spec shows
 * no payload and the contract chose one, the chosen one is used (marked "chosen", see
 * docs/spec-deviations.md).
 */
const SPEC_REQUESTS: Record<string, SpecRequest[]> = {
  'POST /wba/events': [
    {
      body: {
        events: [
          {
            name: 'session_start',
            body: {
              _session_id: 's-1',
              _platform_name: 'web',
              _event_time_utc: typed('2025-03-01T10:00:00.000Z'),
              _dedupe_index: 0,
              window_h: 800,
              window_w: 1280,
              referrer: '',
              device_language: 'en-US',
              device_os: 'Linux',
              source: 'accounts_website',
              build_version: '1.60.3',
            },
          },
          {
            name: 'page_view',
            body: {
              _session_id: 's-1',
              _platform_name: 'web',
              _event_time_utc: '2025-03-01T10:00:01+0000',
              _dedupe_index: 1,
              page: '/account',
              section: null,
            },
          },
        ],
      },
    },
  ],
  'GET /accounts/me': [{}],
  'GET /accounts/max/me/subscription': [{}],
  'GET /accounts/lookup': [{ query: { type: 'email', value: EMAIL } }, { query: { type: 'username', value: 'Nova' } }],
  'POST /accounts': [
    {
      query: { options: ['account', 'refresh_token'] },
      body: {
        email: EMAIL,
        username: 'NovaRanger',
        email_code: '123456',
        date_of_birth: typed('1990-05-17T00:00:00.000Z'),
        password: PASSWORD,
        country: 'US',
        marketing_opt_in: false,
        tos_consent: true,
        territory: 'US-CA',
        locale: 'en-US',
      },
    },
    { body: { email: EMAIL, age: 30, password: PASSWORD, country: 'FR', marketing_opt_in: true, tos_consent: true } },
  ],
  'POST /accounts/complete': [
    {
      body: {
        username: 'NovaRanger',
        date_of_birth: typed('1990-05-17T00:00:00.000Z'),
        country: 'US',
        marketing_opt_in: false,
        tos_consent: true,
        locale: 'en-US',
      },
    },
  ],
  'PUT /accounts/me/username': [{ body: { username: 'NovaRanger' } }],
  'PUT /accounts/me/email': [{ body: { email: EMAIL } }],
  'PUT /accounts/me/transfer/profile/{gameSlug}': [
    {
      params: { gameSlug: 'starfall' },
      body: { source_account_access_token: TOKEN, squash_conflict: false, keep_old: true },
    },
  ],
  // chosen: the stub's access token (the spec shows no body)
  'PUT /accounts/me/transfer/link/{name}': [
    { params: { name: 'steam' }, body: { source_account_access_token: TOKEN } },
  ],
  'PUT /accounts/me/transfer/account': [{ body: { source_account_access_token: TOKEN } }],
  // chosen: the new value (the spec shows no body)
  'PUT /accounts/me/locale': [{ body: { locale: 'de-DE' } }],
  'PUT /accounts/me/marketing': [{ body: { marketing_opt_in: true } }],
  'PUT /accounts/me/{type}/consent': [
    { params: { type: 'tos' }, body: { consented: true } },
    { params: { type: 'privacy_policy' }, body: { consented: true } },
  ],
  'PUT /accounts/me/password': [{ body: { password: 'Old#Passw0rd', new_password: PASSWORD } }],
  'POST /accounts/recovery/finalize': [
    { body: { new_password: PASSWORD, token: TOKEN, auto_login: true, device_data } },
  ],
  'POST /accounts/recovery/init': [{ body: { email: EMAIL } }],
  'GET /accounts/recovery/validate': [{ query: { token: TOKEN } }],
  'POST /accounts/verify_email': [{ body: { code: '123456', token: TOKEN } }, { body: { token: TOKEN } }],
  'DELETE /accounts/me/verify_email': [{}],
  // A client that writes every body with the codec sends {} where there is no payload.
  'PUT /accounts/me/send_verification_email': [{}, { body: {} }],
  'POST /accounts/register/email': [{ body: { email: EMAIL } }],
  'POST /accounts/me/mfa': [{}, { body: {} }],
  'PUT /accounts/me/mfa/activate': [{ body: { code: '123456' } }],
  'PUT /accounts/me/mfa/remove': [{}, { body: {} }],
  'PUT /accounts/me/mfa/backup_codes': [{ body: { code: '123456' } }],
  'GET /accounts/me/mfa/backup_codes': [{ query: { code: '123456' } }],
  'PUT /accounts/me/link/{platform}': [
    {
      params: { platform: 'psn' },
      query: { needs_confirmation: 'True', refresh: 'False' },
      body: { auth_code: 'c', nonce: 'n' },
    },
    { params: { platform: 'steam' }, body: { access_token: TOKEN } },
    { params: { platform: 'discord' }, body: { auth_code: 'c' } },
    { params: { platform: 'wizarding_world' }, body: { short_code: 'WW-1234' } },
  ],
  'PUT /accounts/me/confirm/{platform}': [{ params: { platform: 'xbox' }, body: { auth_id: '2535' } }],
  'PUT /accounts/me/cancel/{platform}': [{ params: { platform: 'xbox' } }, { params: { platform: 'xbox' }, body: {} }],
  'PUT /accounts/me/unlink/{platform}': [{ params: { platform: 'xbox' } }],
  'PUT /accounts/me/unlink/game/{game}': [{ params: { game: 'starfall' } }],
  'PUT /accounts/me/avatar': [
    { body: { avatar: 'default' } },
    { body: { avatar: { image_url: '/avatars/default-profile-avatar.png', slug: 'default' } } },
  ],
  'GET /accounts/me/avatars_available': [{}],
  // chosen: the value to check in the query (the spec shows only the answer)
  'GET /accounts/username/check': [{ query: { username: 'NovaRanger' } }],
  'GET /accounts/username/generate': [{}],
  'GET /accounts/email/check': [{ query: { email: EMAIL } }],
  'GET /accounts/date_of_birth/check': [
    { query: { date_of_birth: '1990-05-17', country: 'US', territory: 'US-CA' } },
    { query: { date_of_birth: '1990-05-17T00:00:00.000Z', country: 'DE' } },
  ],
  'POST /accounts/age_category/check': [
    {
      body: {
        age_data: { date_of_birth: typed('1990-05-17T00:00:00.000Z') },
        location_data: { country: 'US', territory: 'US-CA' },
      },
    },
    { body: { age_data: { age: 17 }, location_data: { country: 'KR' } } },
  ],
  'GET /accounts/location': [{}],
  'PUT /accounts/me/send_delete_verification_email': [{}, { body: {} }],
  'PUT /accounts/me/delete_user': [{ body: { code: '123456' } }],
  'GET /accounts/me/game_progress': [{ query: { game_slugs: ['starfall', 'other-game'] } }],
  'POST /accounts/login_info': [{ body: { email: EMAIL } }],
  'POST /accounts/unlock': [{ body: { token: TOKEN, email: EMAIL } }],
  'POST /accounts/unlock/init': [{ body: { email: EMAIL } }],
  'GET /accounts/email_notification_preferences': [{ query: { token: TOKEN } }],
  'PUT /accounts/email_notification_preferences': [
    { query: { token: TOKEN }, body: { preferences: { friend_request: false } } },
    { body: { token: TOKEN, preferences: { friend_request: false } } },
  ],
  'PUT /accounts/me/email_notification_preferences': [{ body: { friend_request: false } }],
  'POST /sessions/auth/password': [{ body: { email: EMAIL, password: PASSWORD, device_data } }],
  'POST /sessions/auth/{platform}': [
    { params: { platform: 'psn' }, body: { auth_code: 'c', nonce: 'n', device_data } },
    { params: { platform: 'steam' }, body: { access_token: TOKEN, device_data } },
  ],
  'POST /sessions/auth/token': [
    { body: { grant_type: 'refresh_token', code: TOKEN, device_data } },
    { body: { grant_type: 'refresh_token', code: TOKEN, device_data, email: null } },
    { body: { grant_type: 'device_code', code: 'dc_abc', device_data, email: null } },
    { body: { grant_type: 'email_code', code: '123456', device_data, email: EMAIL } },
  ],
  // chosen: the code and its kind (the spec shows no body)
  'PUT /sessions/mfa': [{ body: { code_type: 'mfa_code', code: '123456' } }],
  'PUT /sessions/me/verify': [
    { body: { code_type: 'email_code', code: '123456' } },
    { body: { code_type: 'mfa_code', code: '123456' } },
  ],
  'GET /sessions/device/{userCode}': [{ params: { userCode: 'BCD-FGH-JKL' } }],
  'PUT /sessions/device/{code}/authorize': [
    { params: { code: 'BCDFGHJKL' } },
    { params: { code: 'BCDFGHJKL' }, body: {} },
  ],
  'PUT /sessions/device/{code}/error': [{ params: { code: 'BCDFGHJKL' }, body: { error: 'age_gated' } }],
  'GET /sessions/me/current': [{}],
  'GET /sessions/authorize/precheck': [{ query: { client_id: 'starfall', redirect_uri: 'https://game.example/cb' } }],
  'DELETE /sessions': [{}],
  'POST /sessions/authorize': [
    {
      body: {
        client_id: 'starfall',
        code_challenge: CHALLENGE,
        redirect_uri: 'https://game.example/cb',
        response_type: 'code',
        code_method: 'S256',
      },
    },
  ],
  'POST /sessions/email': [{ body: { email: EMAIL } }],
  'GET /betas/me/referrals': [{ query: { beta_id: UUID } }],
  'POST /betas/me/referrals': [{ body: { beta_id: UUID } }],
  'POST /betas/me/redeem': [{ body: { code: 'SPRING-2025', beta_tos: true } }],
  'POST /betas/me/award': [{ body: { beta_id: UUID, platform: 'ps_5' } }],
  'GET /betas/me/available': [{ query: { embeds: 'game' } }],
  'GET /betas/lookup/campaign/{code}': [{ params: { code: 'SPRING-2025' } }],
  'GET /betas/{id}/info': [{ params: { id: UUID } }],
  'PUT /betas/me/{code}/update_tos': [
    { params: { code: 'SPRING-2025' } },
    { params: { code: 'SPRING-2025' }, body: {} },
    { params: { code: 'SPRING-2025' }, body: { beta_tos: true } },
  ],
  'GET /betas/records': [{}],
  'POST /betas/me/register': [
    { body: { beta_id: UUID, speed: '50_100', platforms: ['ps_5', 'pc_steam'], beta_tos: true } },
  ],
  // chosen: the preferences that change (the spec shows no body)
  'PUT /betas/me/register/{id}': [{ params: { id: UUID }, body: { speed: '25_50', platforms: ['pc_epic'] } }],
  'DELETE /betas/me/register/{id}': [{ params: { id: UUID } }],
  'GET /friends/me': [{ query: { page: '1', page_size: '50' } }],
  'GET /friends/me/invitations/incoming': [{ query: { page: '1', page_size: '50', state: 'open' } }],
  'GET /friends/me/invitations/outgoing': [{ query: { page: '2', page_size: '10' } }],
  'POST /friends/me/invitations': [{ body: { account_id: UUID } }],
  'PUT /friends/me/invitations/{id}/accept': [{ params: { id: UUID } }],
  'PUT /friends/me/invitations/{id}/cancel': [{ params: { id: UUID } }],
  'PUT /friends/me/invitations/{id}/decline': [{ params: { id: UUID } }],
  'PUT /friends/me/unfriend/{id}': [{ params: { id: UUID } }],
  'GET /social/me/blocked': [{}],
  'PUT /social/me/block/{id}': [{ params: { id: UUID } }],
  'PUT /social/me/unblock/{id}': [{ params: { id: UUID } }],
  'GET /games/{slug}': [{ params: { slug: 'starfall' } }],
  'GET /games/verify': [
    { query: { entry: 'starfall', client_id: 'starfall', redirect_uri: 'https://game.example/cb' } },
  ],
  'GET /settings/public': [{}],
  'PUT /twitch/entitlements/me/claim/beta': [{ body: { game_slug: 'starfall', benefit_id: 'drop-1' } }],
  'GET /twitch/benefits/{id}': [{ params: { id: 'drop-1' } }],
};

const key = (c: Call) => `${c.method} ${c.path}`;
const callFor = (k: string): Call => {
  const found = allCalls.find((c) => key(c) === k);
  if (!found) throw new Error(`no call ${k}`);
  return found;
};

function issuesOf(call: Call, request: SpecRequest) {
  const parts = [
    ['params', call.params.safeParse(request.params ?? {})],
    // Every request of the spec's client carries expand_localizations=True.
    ['query', call.query.safeParse({ expand_localizations: 'True', ...request.query })],
    ['body', call.body.safeParse(request.body === undefined ? undefined : decode(request.body))],
  ] as const;
  return parts.flatMap(([where, result]) =>
    result.success ? [] : result.error.issues.map((issue) => `${where}.${issue.path.join('.')}: ${issue.message}`),
  );
}

describe('the request shapes of spec 001 §7', () => {
  it('has a request for every call the spec lists', () => {
    // Every call with an area of the spec, except the additions docs/spec-deviations.md lists.
    const missing = allCalls.map(key).filter((k) => !(k in SPEC_REQUESTS) && !CALLS_BEYOND_SPEC.includes(k));
    expect(missing).toEqual([]);
    for (const k of Object.keys(SPEC_REQUESTS)) expect(() => callFor(k)).not.toThrow();
  });

  for (const [k, requests] of Object.entries(SPEC_REQUESTS)) {
    it(`takes ${k}`, () => {
      const call = callFor(k);
      for (const request of requests) expect(issuesOf(call, request), JSON.stringify(request)).toEqual([]);
    });
  }
});

describe('POST /sessions/auth/token with grant_type refresh_token', () => {
  const body = sessions.token.body;

  it('reads the refresh token from code (the spec) as from refresh_token (RFC 6749)', () => {
    expect(body.parse({ grant_type: 'refresh_token', code: 'rt_abc', device_data, email: null })).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt_abc',
      device_data,
    });
    expect(body.parse({ grant_type: 'refresh_token', refresh_token: 'rt_abc' })).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt_abc',
    });
    expect(body.parse({ grant_type: 'refresh_token', refresh_token: 'rt_abc', code: 'rt_abc' })).toMatchObject({
      refresh_token: 'rt_abc',
    });
  });

  it('refuses no token, an empty one, and two different ones', () => {
    expect(body.safeParse({ grant_type: 'refresh_token' }).success).toBe(false);
    expect(body.safeParse({ grant_type: 'refresh_token', code: '' }).success).toBe(false);
    expect(body.safeParse({ grant_type: 'refresh_token', refresh_token: 'rt_a', code: 'rt_b' }).success).toBe(false);
  });

  it('keeps code as the device code and the emailed code of the other grants', () => {
    expect(body.parse({ grant_type: 'device_code', code: 'dc_1' })).toEqual({
      grant_type: 'device_code',
      code: 'dc_1',
    });
    expect(body.parse({ grant_type: 'email_code', code: '123456', email: EMAIL })).toMatchObject({ code: '123456' });
  });
});

describe('a date of birth sent as a datetime', () => {
  const zone = env.TZ;
  afterEach(() => {
    if (zone === undefined) delete env.TZ;
    else env.TZ = zone;
  });

  /** Each place a date of birth is taken, reading the date back out of the parsed request. */
  const places: Record<string, (dob: unknown) => unknown> = {
    registration: (dob) =>
      accounts.register.body.parse(
        decode({
          email: EMAIL,
          password: PASSWORD,
          date_of_birth: dob,
          country: 'US',
          marketing_opt_in: false,
          tos_consent: true,
        }),
      ).date_of_birth,
    'stub completion': (dob) =>
      accounts.complete.body.parse(decode({ date_of_birth: dob, tos_consent: true })).date_of_birth,
    'date of birth check': (dob) =>
      accounts.checkDateOfBirth.query.parse({ date_of_birth: dob, country: 'US' }).date_of_birth,
    'age category check': (dob) =>
      accounts.checkAgeCategory.body.parse(decode({ age_data: { date_of_birth: dob } })).age_data?.date_of_birth,
    'account settings': (dob) => accounts.updateDateOfBirth.body.parse(decode({ date_of_birth: dob })).date_of_birth,
    'device registration defaults': (dob) =>
      sessions.startDeviceAuthorization.body.parse(decode({ client_id: 'starfall', registration_defaults: { dob } }))
        .registration_defaults?.dob,
  };

  for (const [place, read] of Object.entries(places)) {
    it(`gives the birthday, in any server time zone: ${place}`, () => {
      // Far west and far east of UTC, where a day taken in the server's own zone would be wrong.
      for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati']) {
        env.TZ = tz;
        expect(new Date(Date.UTC(1990, 4, 17)).getDate(), `${tz} in effect`).not.toBe(17);
        if (place !== 'date of birth check') {
          expect(read(typed('1990-05-17T00:00:00.000Z'))).toBe('1990-05-17');
          expect(read(typed('1990-05-17T00:00:00+02:00'))).toBe('1990-05-17');
          expect(read(typed('1990-05-17T23:30:00-0500'))).toBe('1990-05-17');
          expect(read(typed('2000-02-29T00:00:00Z'))).toBe('2000-02-29');
        }
        // Plain JSON and query strings carry the datetime as its ISO text.
        expect(read('1990-05-17T00:00:00.000Z')).toBe('1990-05-17');
        expect(read('1990-05-17T00:00:00+02:00')).toBe('1990-05-17');
        expect(read('1990-05-17')).toBe('1990-05-17');
      }
    });
  }

  it('reads a Date made in the process (not decoded) as its UTC day', () => {
    env.TZ = 'Pacific/Kiritimati';
    expect(accounts.updateDateOfBirth.body.parse({ date_of_birth: new Date(Date.UTC(1990, 4, 17)) })).toEqual({
      date_of_birth: '1990-05-17',
    });
  });

  it('still refuses what is not a date', () => {
    const parse = (dob: unknown) => accounts.updateDateOfBirth.body.safeParse({ date_of_birth: dob }).success;
    expect(parse('2001-02-29')).toBe(false);
    expect(parse('2001-02-29T00:00:00Z')).toBe(false);
    expect(parse('17/05/1990')).toBe(false);
    expect(parse('yesterday')).toBe(false);
    expect(parse(new Date(Number.NaN))).toBe(false);
    expect(parse(642902400000)).toBe(false);
    expect(parse(null)).toBe(false);
  });
});

describe('calls without a payload', () => {
  const withoutBody = allCalls.filter(
    (c) => c.body.safeParse(undefined).success && !c.body.safeParse({ x: 1 }).success,
  );

  it('take no body, an empty object or null, and nothing else', () => {
    expect(withoutBody.map(key)).toContain('PUT /accounts/me/mfa/remove');
    for (const c of withoutBody) {
      for (const none of [undefined, null, {}]) expect(c.body.parse(none), key(c)).toBeUndefined();
      expect(c.body.safeParse({ code: '123456' }).success, key(c)).toBe(false);
      expect(c.body.safeParse([]).success, key(c)).toBe(false);
    }
  });
});

describe('deliberate differences (docs/spec-deviations.md)', () => {
  it('takes the avatar object and keeps only its slug', () => {
    const body = accounts.updateAvatar.body;
    expect(body.parse({ avatar: { image_url: 'https://elsewhere.example/x.png', slug: 'default' } })).toEqual({
      avatar: 'default',
    });
  });

  it('takes consents and playtest terms only as given', () => {
    expect(accounts.consent.body.safeParse({ consented: false }).success).toBe(false);
    expect(
      accounts.register.body.safeParse({ country: 'FR', age: 30, marketing_opt_in: true, tos_consent: false }).success,
    ).toBe(false);
    expect(betas.redeem.body.safeParse({ code: 'SPRING-2025', beta_tos: false }).success).toBe(false);
    expect(betas.updateTos.body.safeParse({ beta_tos: false }).success).toBe(false);
  });

  it('needs the stub token to move a stub account into the signed-in one', () => {
    expect(accounts.transferLink.body.safeParse(undefined).success).toBe(false);
    expect(accounts.transferAccount.body.safeParse({}).success).toBe(false);
  });
});
