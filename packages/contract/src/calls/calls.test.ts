import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALLS_BEYOND_SPEC } from './beyond-spec.ts';
import { accounts } from './index.ts';
import { PLATFORM_IDS } from '../data/platform-ids.ts';
import { account, deviceUserCode, linkPayload } from './entities.ts';
import { friends } from './friends.ts';
import { allCalls, calls } from './index.ts';
import { sessions } from './index.ts';
import { social } from './social.ts';

/** Every call of spec 001 §7, as `METHOD path`. */
const SPEC_CALLS = [
  // Analytics
  'POST /wba/events',
  // Accounts
  'GET /accounts/me',
  'GET /accounts/max/me/subscription',
  'GET /accounts/lookup',
  'POST /accounts',
  'POST /accounts/complete',
  'PUT /accounts/me/username',
  'PUT /accounts/me/email',
  'PUT /accounts/me/transfer/profile/{gameSlug}',
  'PUT /accounts/me/transfer/link/{name}',
  'PUT /accounts/me/transfer/account',
  'PUT /accounts/me/locale',
  'PUT /accounts/me/marketing',
  'PUT /accounts/me/{type}/consent',
  'PUT /accounts/me/password',
  'POST /accounts/recovery/finalize',
  'POST /accounts/recovery/init',
  'GET /accounts/recovery/validate',
  'POST /accounts/verify_email',
  'DELETE /accounts/me/verify_email',
  'PUT /accounts/me/send_verification_email',
  'POST /accounts/register/email',
  'POST /accounts/me/mfa',
  'PUT /accounts/me/mfa/activate',
  'PUT /accounts/me/mfa/remove',
  'PUT /accounts/me/mfa/backup_codes',
  'GET /accounts/me/mfa/backup_codes',
  'PUT /accounts/me/link/{platform}',
  'PUT /accounts/me/confirm/{platform}',
  'PUT /accounts/me/cancel/{platform}',
  'PUT /accounts/me/unlink/{platform}',
  'PUT /accounts/me/unlink/game/{game}',
  'PUT /accounts/me/avatar',
  'GET /accounts/me/avatars_available',
  'GET /accounts/username/check',
  'GET /accounts/username/generate',
  'GET /accounts/email/check',
  'GET /accounts/date_of_birth/check',
  'POST /accounts/age_category/check',
  'GET /accounts/location',
  'PUT /accounts/me/send_delete_verification_email',
  'PUT /accounts/me/delete_user',
  'GET /accounts/me/game_progress',
  'POST /accounts/login_info',
  'POST /accounts/unlock',
  'POST /accounts/unlock/init',
  'GET /accounts/email_notification_preferences',
  'PUT /accounts/email_notification_preferences',
  'PUT /accounts/me/email_notification_preferences',
  // Sessions
  'POST /sessions/auth/password',
  'POST /sessions/auth/{platform}',
  'POST /sessions/auth/token',
  'PUT /sessions/mfa',
  'PUT /sessions/me/verify',
  'GET /sessions/device/{userCode}',
  'PUT /sessions/device/{code}/authorize',
  'PUT /sessions/device/{code}/error',
  'GET /sessions/me/current',
  'GET /sessions/authorize/precheck',
  'DELETE /sessions',
  'POST /sessions/authorize',
  'POST /sessions/email',
  // Betas
  'GET /betas/me/referrals',
  'POST /betas/me/referrals',
  'POST /betas/me/redeem',
  'POST /betas/me/award',
  'GET /betas/me/available',
  'GET /betas/lookup/campaign/{code}',
  'GET /betas/{id}/info',
  'PUT /betas/me/{code}/update_tos',
  'GET /betas/records',
  'POST /betas/me/register',
  'PUT /betas/me/register/{id}',
  'DELETE /betas/me/register/{id}',
  // Friends and social
  'GET /friends/me',
  'GET /friends/me/invitations/incoming',
  'GET /friends/me/invitations/outgoing',
  'POST /friends/me/invitations',
  'PUT /friends/me/invitations/{id}/accept',
  'PUT /friends/me/invitations/{id}/cancel',
  'PUT /friends/me/invitations/{id}/decline',
  'PUT /friends/me/unfriend/{id}',
  'GET /social/me/blocked',
  'PUT /social/me/block/{id}',
  'PUT /social/me/unblock/{id}',
  // Other
  'GET /games/{slug}',
  'GET /games/verify',
  'GET /settings/public',
  'PUT /twitch/entitlements/me/claim/beta',
  'GET /twitch/benefits/{id}',
];

const key = (c: { method: string; path: string }) => `${c.method} ${c.path}`;
const UUID = '6f1c1a52-3f0e-4b55-9a53-1f6f1b6c2d11';

describe('the call catalogue', () => {
  it('has unique ids, each prefixed by its area', () => {
    const ids = allCalls.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of allCalls) expect(c.id.startsWith(`${c.area}.`), c.id).toBe(true);
  });

  it('has each method and path once', () => {
    const keys = allCalls.map(key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('defines every call of spec 001 §7, and no other', () => {
    const defined = new Set(allCalls.map(key));
    expect(SPEC_CALLS.filter((k) => !defined.has(k))).toEqual([]);
    const listed = new Set([...SPEC_CALLS, ...CALLS_BEYOND_SPEC]);
    expect([...defined].filter((k) => !listed.has(k))).toEqual([]);
    expect(new Set(SPEC_CALLS).size).toBe(SPEC_CALLS.length);
  });

  it('groups calls under their own area', () => {
    for (const [area, group] of Object.entries(calls)) {
      for (const c of Object.values(group)) expect(c.area, c.id).toBe(area);
    }
    expect(Object.keys(calls.accounts)).toHaveLength(61);
    expect(Object.keys(calls.sessions)).toHaveLength(21);
    expect(Object.keys(calls.betas)).toHaveLength(12);
    expect(Object.keys(calls.friends)).toHaveLength(8);
    expect(Object.keys(calls.social)).toHaveLength(3);
    expect(Object.keys(calls.twitch)).toHaveLength(2);
  });

  it('matches each params schema to the path placeholders', () => {
    for (const c of allCalls) {
      const names = [...c.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(c.params, c.id).toBeInstanceOf(z.ZodObject);
      const shape = (c.params as z.ZodObject).shape;
      expect(Object.keys(shape).sort(), c.id).toEqual(names);
    }
  });

  it('reads path parameters and query strings as objects (one OpenAPI parameter per key)', () => {
    for (const c of allCalls) expect(c.query, c.id).toBeInstanceOf(z.ZodObject);
  });

  it('gives every call a one-line summary and a success status', () => {
    for (const c of allCalls) {
      expect(c.summary.length, c.id).toBeGreaterThan(10);
      expect(c.summary, c.id).not.toContain('\n');
      expect([200, 201, 204], c.id).toContain(c.status);
    }
  });

  it('needs a token for /me/ calls and a captcha on registration and password sign-in', () => {
    for (const c of allCalls) if (c.path.includes('/me/') || c.path.endsWith('/me')) expect(c.auth, c.id).toBe('token');
    expect(
      allCalls
        .filter((c) => c.captcha)
        .map(key)
        .sort(),
    ).toEqual(['POST /accounts', 'POST /sessions/auth/password']);
    expect(accounts.getLocation.auth).toBe('public');
  });
});

describe('sessions', () => {
  const body = sessions.token.body;

  it('takes the four grant types', () => {
    expect(body.safeParse({ grant_type: 'refresh_token', refresh_token: 'r1' }).success).toBe(true);
    expect(body.safeParse({ grant_type: 'device_code', code: 'ABCDEFGHJ' }).success).toBe(true);
    expect(body.safeParse({ grant_type: 'email_code', email: 'a@b.co', code: '123456' }).success).toBe(true);
    const pkce = {
      grant_type: 'authorization_code',
      code: 'c',
      code_verifier: 'v'.repeat(43),
      client_id: 'game',
      redirect_uri: 'https://game.example/cb',
    };
    expect(body.safeParse(pkce).success).toBe(true);
    expect(body.safeParse({ ...pkce, code_verifier: 'short' }).success).toBe(false);
  });

  it('rejects the password and implicit grants and bad email codes', () => {
    expect(body.safeParse({ grant_type: 'password', email: 'a@b.co', password: 'x'.repeat(10) }).success).toBe(false);
    expect(body.safeParse({ grant_type: 'implicit' }).success).toBe(false);
    expect(body.safeParse({ grant_type: 'email_code', email: 'a@b.co', code: '12345' }).success).toBe(false);
  });

  it('authorizes with S256 only', () => {
    const ok = {
      client_id: 'game',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      redirect_uri: 'https://game.example/cb',
      response_type: 'code',
      code_method: 'S256',
      state: 'xyz',
    };
    expect(sessions.authorize.body.safeParse(ok).success).toBe(true);
    expect(sessions.authorize.body.safeParse({ ...ok, code_method: 'plain' }).success).toBe(false);
    expect(sessions.authorize.body.safeParse({ ...ok, response_type: 'token' }).success).toBe(false);
    expect(sessions.authorize.body.safeParse({ ...ok, redirect_uri: 'javascript:alert(1)' }).success).toBe(false);
    expect(sessions.authorize.body.safeParse({ ...ok, redirect_uri: 'mygame://auth' }).success).toBe(true);
  });

  it('reads device codes of 9 letters of the device-code alphabet, hyphens ignored', () => {
    expect(deviceUserCode.parse('bcdf-ghjk-l')).toBe('BCDFGHJKL');
    expect(sessions.getDeviceAuthorization.params.parse({ userCode: 'BCDFGHJKL' })).toEqual({ userCode: 'BCDFGHJKL' });
    const short = deviceUserCode.safeParse('BCDF-GHJK');
    expect(short.error?.issues[0]?.message).toBe('Invalid device code - Lower than 9 digits');
    const long = deviceUserCode.safeParse('BCDFGHJKLM');
    expect(long.error?.issues[0]?.message).toBe('Invalid device code - Greater than 9 digits');
    expect(deviceUserCode.safeParse('BCDF GHJKL').success).toBe(false);
    // Vowels and digits never appear in a code: refused before any lookup.
    for (const typed of ['ABCDFGHJK', 'BCDFGHJK1']) {
      expect(deviceUserCode.safeParse(typed).error?.issues[0]?.message).toBe('That device code is not valid.');
    }
  });

  it('signs in with a platform from one payload kind, not a made-up platform', () => {
    expect(sessions.signInWithPlatform.params.safeParse({ platform: 'steam' }).success).toBe(true);
    expect(sessions.signInWithPlatform.params.safeParse({ platform: 'myspace' }).success).toBe(false);
    expect(PLATFORM_IDS).toHaveLength(17);
    const device_data = { visitor_id: UUID, platform_name: 'web' };
    expect(sessions.signInWithPlatform.body.safeParse({ access_token: 't', device_data }).success).toBe(true);
    expect(sessions.signInWithPlatform.body.safeParse({ device_data }).success).toBe(false);
  });
});

describe('accounts', () => {
  const registration = {
    email: 'player@example.com',
    email_code: '123456',
    date_of_birth: '2000-02-29',
    country: 'US',
    territory: 'US-CA',
    locale: 'en-US',
    marketing_opt_in: false,
    tos_consent: true,
  };
  const body = accounts.register.body;

  it('registers with valid fields', () => {
    expect(body.parse(registration)).toMatchObject({ email: 'player@example.com', country: 'US' });
    expect(body.safeParse({ country: 'FR', age: 30, marketing_opt_in: true, tos_consent: true }).success).toBe(true);
    expect(accounts.register.query.parse({ options: ['account', 'refresh_token'] }).options).toEqual([
      'account',
      'refresh_token',
    ]);
    expect(accounts.register.query.parse({ options: 'account' }).options).toEqual(['account']);
    expect(accounts.register.query.safeParse({ options: 'password' }).success).toBe(false);
    expect(accounts.register.status).toBe(201);
  });

  it('rejects bad emails, country formats, dates and missing consent', () => {
    expect(body.safeParse({ ...registration, email: 'not an email' }).success).toBe(false);
    expect(body.safeParse({ ...registration, country: 'usa' }).success).toBe(false);
    expect(body.safeParse({ ...registration, territory: 'CA' }).success).toBe(false);
    expect(body.safeParse({ ...registration, country: 'FR' }).success).toBe(false);
    expect(body.safeParse({ ...registration, date_of_birth: '2001-02-29' }).success).toBe(false);
    expect(body.safeParse({ ...registration, tos_consent: false }).success).toBe(false);
    expect(body.safeParse({ ...registration, locale: 'english' }).success).toBe(false);
    expect(body.safeParse({ ...registration, password: 'short' }).success).toBe(false);
    const { date_of_birth: _dob, ...noAge } = registration;
    expect(body.safeParse(noAge).success).toBe(false);
  });

  it('completes an account with only what it lacks', () => {
    const complete = accounts.complete.body;
    expect(complete.safeParse({ marketing_opt_in: false, tos_consent: true, locale: 'en-US' }).success).toBe(true);
    expect(complete.safeParse({ marketing_opt_in: false, locale: 'en-US' }).success).toBe(false);
    expect(complete.safeParse({ tos_consent: true, country: 'FR', territory: 'US-CA' }).success).toBe(false);
  });

  it('looks players up by email or display name', () => {
    const query = accounts.lookupAccount.query;
    expect(query.safeParse({ type: 'email', value: 'a@b.co' }).success).toBe(true);
    expect(query.safeParse({ type: 'email', value: 'Player1' }).success).toBe(false);
    expect(query.safeParse({ type: 'username', value: 'Player1' }).success).toBe(true);
    expect(query.safeParse({ type: 'public_id', value: 'Player1' }).success).toBe(false);
  });

  it('links a platform from one payload kind', () => {
    expect(linkPayload.safeParse({ auth_code: 'a', nonce: 'n' }).success).toBe(true);
    expect(linkPayload.safeParse({ auth_code: 'a' }).success).toBe(true);
    expect(linkPayload.safeParse({ short_code: 'ABCD1234' }).success).toBe(true);
    expect(linkPayload.safeParse({ access_token: 't', short_code: 'ABCD1234' }).success).toBe(false);
    expect(accounts.linkPlatform.query.parse({})).toEqual({ needs_confirmation: false, refresh: false });
    expect(accounts.linkPlatform.query.parse({ needs_confirmation: 'True' }).needs_confirmation).toBe(true);
  });

  it('consents to tos or privacy_policy only', () => {
    expect(accounts.consent.params.safeParse({ type: 'privacy_policy' }).success).toBe(true);
    expect(accounts.consent.params.safeParse({ type: 'cookies' }).success).toBe(false);
  });

  it('reads an account as returned', () => {
    const returned = {
      id: UUID,
      public_id: 'p1',
      email: 'player@example.com',
      email_pending: null,
      username: 'Player1',
      date_of_birth: '1990-01-31',
      email_verified: true,
      tos_consent_required: false,
      privacy_policy_consent_required: false,
      password_set: true,
      stub: false,
      completed: true,
      mfa_active: false,
      mfa: null,
      mfa_generated_at: null,
      registration_flagged: false,
      links: {
        steam: { auth_id: '765', last_seen_username: 'p', pending: null, refresh_required: false, locked_until: null },
      },
      identity_links: [{ id_type: 'steam' }],
      avatar: { image_url: 'https://cdn.example/a.png', slug: 'default' },
      locale: 'en-US',
      country: 'US',
      territory: null,
      username_updated_at: '2024-01-02T03:04:05+0000',
      can_change_username: true,
      marketing_opt_in: false,
      game_links: [],
      email_notification_preferences: { friend_request: true },
    };
    const parsed = account.parse(returned);
    expect(parsed.username_updated_at).toBeInstanceOf(Date);
    expect(account.safeParse({ ...returned, links: { myspace: returned.links.steam } }).success).toBe(false);
    expect(accounts.getLocation.response.parse({ country: 'US', territory: 'US-NY' })).toEqual({
      country: 'US',
      territory: 'US-NY',
    });
  });
});

describe('friends and social', () => {
  it('pages with bounds and defaults', () => {
    expect(friends.listFriends.query.parse({})).toEqual({ page: 1, page_size: 50 });
    expect(friends.listFriends.query.parse({ page: '2', page_size: '100' })).toEqual({ page: 2, page_size: 100 });
    expect(friends.listFriends.query.safeParse({ page_size: '1000' }).success).toBe(false);
    expect(friends.listFriends.query.safeParse({ page: '0' }).success).toBe(false);
    expect(social.listBlocked.query.safeParse({ page_size: '1000' }).success).toBe(false);
  });

  it('lists open invitations by default', () => {
    expect(friends.listIncoming.query.parse({}).state).toBe('open');
    expect(friends.listOutgoing.query.parse({ state: 'declined' }).state).toBe('declined');
    expect(friends.listIncoming.query.safeParse({ state: 'pending' }).success).toBe(false);
  });

  it('takes uuids for accounts and invitations', () => {
    expect(friends.invite.body.safeParse({ account_id: UUID }).success).toBe(true);
    expect(friends.invite.body.safeParse({ account_id: 'bob' }).success).toBe(false);
    expect(friends.accept.params.safeParse({ id: '42' }).success).toBe(false);
    expect(social.block.params.safeParse({ id: UUID }).success).toBe(true);
  });
});
