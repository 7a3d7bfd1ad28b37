// The device flow (RFC 8628 with the spec's calls): starting, looking up a typed code, approving or
// refusing it, polling (authorization_pending, slow_down, expired_token, access_denied, tokens once),
// and the limits on guessing user codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../src/http/api-key.ts';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { DEMO_GAME_API_KEY } from '../src/seed/demo.ts';
import { GUESSES_PER_CLIENT } from '../src/modules/device/guess-limit.ts';
import { USER_CODE_ALPHABET } from '../src/modules/device/user-code.ts';
import { apiCall, insertAccount, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const PASSWORD = 'Tq8#vLp2-Original';
const CLIENT = 'starfall-legends-pc';
let t: TestApp;
let player: string;
beforeAll(async () => {
  t = await testApp({ DEVICE_POLL_INTERVAL_SECONDS: '1' }, { seed: true });
  const passwordHash = await hashPassword(PASSWORD);
  await insertAccount(t.deps.db, { email: 'console@example.com', username: 'Console', passwordHash });
  await insertAccount(t.deps.db, { email: 'kid@example.com', username: 'Kiddo', passwordHash });
  await t.deps.db.query(`UPDATE accounts SET date_of_birth = '2015-01-01' WHERE email = 'kid@example.com'`);
  player = await tokenOf('console@example.com');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown, ip = '203.0.113.1') =>
  apiCall(t.app, method, `/api${url}`, token, payload, { remoteAddress: ip });
async function tokenOf(email: string): Promise<string> {
  const answer = await call('POST', '/sessions/auth/password', undefined, { email, password: PASSWORD });
  return answer.json().access_token as string;
}
const start = async (extra: object = {}) => {
  const answer = await call('POST', '/sessions/device', undefined, {
    client_id: CLIENT,
    device_name: 'Living-room TV',
    ...extra,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json() as {
    device_code: string;
    user_code: string;
    interval: number;
    verification_uri_complete: string;
  };
};
const poll = (deviceCode: string) =>
  call('POST', '/sessions/auth/token', undefined, { grant_type: 'device_code', code: deviceCode });

describe('starting a device authorization', () => {
  it('answers a device code, a 9-character user code of the unambiguous alphabet and the URIs', async () => {
    const started = await start();
    expect(started.user_code).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{9}$`));
    expect(started.device_code.length).toBeGreaterThanOrEqual(43);
    expect(started).toMatchObject({
      expires_in: 600,
      interval: 1,
      verification_uri: expect.stringMatching(/\/device$/),
    });
    expect(started.verification_uri_complete).toContain(`/device?user_code=${started.user_code}`);
  });

  it("starts with a game's own API key for its clients only", async () => {
    const asGame = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sessions/device',
        headers: { 'x-hydra-api-key': key, 'content-type': 'application/json', accept: 'application/json' },
        payload: { client_id: CLIENT },
      });
    expect((await asGame(DEMO_GAME_API_KEY)).statusCode).toBe(200);
    await t.deps.db.query(
      `INSERT INTO api_clients (name, kind, key_hash, key_prefix, game_slug) VALUES ('Other', 'game', $1, 'ag-other', 'other-game')`,
      [hashApiKey('ag-other-game-key-0001')],
    );
    expect((await asGame('ag-other-game-key-0001')).json()).toMatchObject({ code: 'invalid_client_id' });
  });

  it('refuses an unknown client and bad input', async () => {
    const unknown = await call('POST', '/sessions/device', undefined, { client_id: 'nobody' });
    expect(unknown.json()).toMatchObject({ code: 'invalid_client_id' });
    const bad = await call('POST', '/sessions/device', undefined, { client_id: CLIENT, user_flow: 'nope' });
    expect(bad.json()).toMatchObject({ code: 'invalid_request' });
  });
});

describe('looking up, approving and polling', () => {
  it('shows the device and game for a typed code, in any case and with hyphens', async () => {
    const { user_code } = await start({ registration_defaults: { location: 'US-CA' } });
    const typed = `${user_code.slice(0, 4)}-${user_code.slice(4)}`.toLowerCase();
    const answer = await call('GET', `/sessions/device/${typed}`);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ device_name: 'Living-room TV', auth_type: 'device', user_flow: 'default' });
    expect(body.game.slug).toBe('starfall-legends');
    expect(body.registration_defaults).toEqual({ dob: null, age: null, location: 'US-CA' });
    expect(body.device_token).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/dc_/);
  });

  it('answers the length messages and device_token_invalid for a code that matches nothing', async () => {
    expect((await call('GET', '/sessions/device/BCDFGHJK')).json().body.issues[0].message).toBe(
      'Invalid device code - Lower than 9 digits',
    );
    expect((await call('GET', '/sessions/device/BCDFGHJKLM')).json().body.issues[0].message).toBe(
      'Invalid device code - Greater than 9 digits',
    );
    const wrong = await call('GET', '/sessions/device/BCDFGHJKL', undefined, undefined, '203.0.113.9');
    expect(wrong.json()).toMatchObject({ code: 'device_token_invalid', hydraErrorCode: 1102 });
  });

  it('polls pending, slows a device that polls too fast, and gives the tokens once after approval', async () => {
    const { device_code, user_code } = await start();
    const pending = await poll(device_code);
    expect(pending.statusCode).toBe(400);
    expect(pending.json().body.error).toBe('authorization_pending');
    const early = await poll(device_code);
    expect(early.json().body).toMatchObject({ error: 'slow_down', interval: 6 });
    expect((await call('PUT', `/sessions/device/${user_code}/authorize`)).json().code).toBe('unauthorized');
    expect((await call('PUT', `/sessions/device/${user_code}/authorize`, player)).statusCode).toBe(200);
    // Still too early for the new interval of 6 s.
    expect((await poll(device_code)).json().body.error).toBe('slow_down');
    await t.deps.db.query(`UPDATE device_authorizations SET last_polled_at = now() - interval '1 minute'`);
    const granted = await poll(device_code);
    expect(granted.statusCode).toBe(200);
    const tokens = granted.json();
    expect(tokens.access_token).toMatch(/^at_/);
    const me = await call('GET', '/accounts/me', tokens.access_token);
    expect(me.json().email).toBe('console@example.com');
    await t.deps.db.query(`UPDATE device_authorizations SET last_polled_at = now() - interval '1 minute'`);
    expect((await poll(device_code)).json().body).toMatchObject({ error: 'invalid_grant', reason: 'device_code_used' });
    // The code is spent for the browser too.
    expect((await call('GET', `/sessions/device/${user_code}`)).json().code).toBe('device_token_used');
  });

  it('answers access_denied after the player refuses', async () => {
    const { device_code, user_code } = await start();
    expect(
      (await call('PUT', `/sessions/device/${user_code}/error`, undefined, { error: 'access_denied' })).statusCode,
    ).toBe(200);
    expect((await poll(device_code)).json().body).toMatchObject({ error: 'access_denied', reason: 'access_denied' });
    expect((await call('PUT', `/sessions/device/${user_code}/authorize`, player)).json().code).toBe(
      'device_token_used',
    );
  });

  it('answers expired_token once the code has expired', async () => {
    const { device_code, user_code } = await start();
    await t.deps.db.query(`UPDATE device_authorizations SET expires_at = now() - interval '1 second'`);
    expect((await poll(device_code)).json().body.error).toBe('expired_token');
    expect((await call('GET', `/sessions/device/${user_code}`)).json()).toMatchObject({
      code: 'device_token_expired',
      hydraErrorCode: 1103,
    });
  });

  it('starts a passwordless device only for a game signed in as a stub, which no player approves directly', async () => {
    const refused = await call('POST', '/sessions/device', undefined, { client_id: CLIENT, auth_type: 'passwordless' });
    expect(refused.json()).toMatchObject({ code: 'unauthorized', body: { reason: 'stub_token_required' } });
    // The stub-account flow itself: stub-accounts.test.ts.
  });

  it('refuses a player under 18 for a mature game, and the browser reports it to the device', async () => {
    await t.deps.db.query(`UPDATE games SET mature_audience = true WHERE slug = 'starfall-legends'`);
    try {
      const { device_code, user_code } = await start();
      const kid = await tokenOf('kid@example.com');
      const refused = await call('PUT', `/sessions/device/${user_code}/authorize`, kid);
      expect(refused.json()).toMatchObject({ code: 'age_gated', body: { adult_age_gate: true } });
      await call('PUT', `/sessions/device/${user_code}/error`, kid, { error: 'age_gated' });
      expect((await poll(device_code)).json().body).toMatchObject({ error: 'access_denied', reason: 'age_gated' });
    } finally {
      await t.deps.db.query(`UPDATE games SET mature_audience = false WHERE slug = 'starfall-legends'`);
    }
  });
});

describe('guessing user codes', () => {
  it(`stops an address after ${GUESSES_PER_CLIENT} wrong codes, even for a right one, while others go on`, async () => {
    const { user_code } = await start();
    const guesser = '198.51.100.7';
    for (let i = 0; i < GUESSES_PER_CLIENT; i++) {
      const wrong = await call(
        'GET',
        `/sessions/device/${'BCDFGHJK'}${USER_CODE_ALPHABET[i % 20]}`,
        undefined,
        undefined,
        guesser,
      );
      if (wrong.json().code !== 'device_token_invalid') expect(wrong.json().code).toBe('device_token_used');
    }
    const throttled = await call('GET', `/sessions/device/${user_code}`, undefined, undefined, guesser);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('too_many_requests');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('GET', `/sessions/device/${user_code}`, undefined, undefined, '198.51.100.8')).statusCode).toBe(
      200,
    );
  });

  it('stops everyone once the global limit of wrong codes is reached', async () => {
    const limited = await testApp({ DEVICE_GUESSES_PER_MINUTE: '5' }, { seed: true });
    try {
      const inject = (code: string, ip: string) =>
        apiCall(limited.app, 'GET', `/api/sessions/device/${code}`, undefined, undefined, { remoteAddress: ip });
      for (let i = 0; i < 5; i++) await inject('BCDFGHJKL', `192.0.2.${i + 1}`);
      const throttled = await inject('BCDFGHJKM', '192.0.2.99');
      expect(throttled.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('a device polling beside other sign-ins from one address', () => {
  const ADDRESS = '198.51.100.77';
  let limited: TestApp;
  beforeAll(async () => {
    // Two sign-ins a minute per address: the sign-in tier is used up at once.
    limited = await testApp({ SIGN_IN_PER_MINUTE: '2', DEVICE_POLL_INTERVAL_SECONDS: '1' });
  });
  afterAll(() => limited.close());

  const signIn = () =>
    apiCall(
      limited.app,
      'POST',
      '/api/sessions/auth/password',
      undefined,
      { email: 'nobody-device-poll@example.com', password: PASSWORD },
      { remoteAddress: ADDRESS },
    );
  const startHere = async () => {
    const answer = await apiCall(limited.app, 'POST', '/api/sessions/device', undefined, { client_id: CLIENT });
    return answer.json() as { device_code: string; interval: number };
  };
  /** One poll at the device's interval (its last poll moved back by the interval). */
  const pollAtInterval = async (deviceCode: string, standard: boolean) => {
    await limited.deps.db.query(`UPDATE device_authorizations SET last_polled_at = now() - interval '2 seconds'`);
    if (!standard) {
      return apiCall(
        limited.app,
        'POST',
        '/api/sessions/auth/token',
        undefined,
        { grant_type: 'device_code', code: deviceCode },
        { remoteAddress: ADDRESS },
      );
    }
    return limited.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      remoteAddress: ADDRESS,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: deviceCode,
        client_id: CLIENT,
      }).toString(),
    });
  };

  it('is not refused by the sign-in limit of the address, and does not use it up', async () => {
    const portal = await startHere();
    const standard = await startHere();
    // Many more polls than the address's sign-ins a minute, on both token endpoints.
    for (let i = 0; i < 6; i++) {
      const polled = await pollAtInterval(portal.device_code, false);
      expect(polled.statusCode, polled.body).toBe(400);
      expect(polled.json().body.error).toBe('authorization_pending');
      const standardPoll = await pollAtInterval(standard.device_code, true);
      expect(standardPoll.statusCode, standardPoll.body).toBe(400);
      expect(standardPoll.json().error).toBe('authorization_pending');
    }
    // The address's sign-ins are still all there, and once they are used up the devices poll on.
    expect((await signIn()).statusCode).not.toBe(429);
    expect((await signIn()).statusCode).not.toBe(429);
    const refused = await signIn();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await pollAtInterval(portal.device_code, false)).json().body.error).toBe('authorization_pending');
    expect((await pollAtInterval(standard.device_code, true)).json().error).toBe('authorization_pending');
  });

  it("still counts the standard token endpoint's other grants as sign-ins, and says when to come back", async () => {
    const { device_code } = await startHere();
    const refresh = () =>
      limited.app.inject({
        method: 'POST',
        url: '/oauth2/token',
        remoteAddress: ADDRESS,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: 'rt_nope',
          client_id: CLIENT,
        }).toString(),
      });
    expect((await refresh()).statusCode).toBe(400);
    expect((await refresh()).statusCode).toBe(400);
    const refused = await refresh();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('slow_down');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await pollAtInterval(device_code, true)).json().error).toBe('authorization_pending');
  });

  it('is limited per device by its interval: a poll that comes early is told slow_down', async () => {
    const { device_code, interval } = await startHere();
    await pollAtInterval(device_code, true);
    const early = await limited.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      remoteAddress: ADDRESS,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code,
        client_id: CLIENT,
      }).toString(),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ error: 'slow_down', interval: interval + 5 });
  });
});
