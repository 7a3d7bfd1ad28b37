// The player's signed-in devices and connected games (issue 31): every live sign-in with its device
// and addresses, ending one or all the others (seen at the next request), the inactivity timeout
// (SESSION_IDLE_DAYS), and the games granted access (a code or a device code), revoked at once.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { insertAccount, portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const PASSWORD = 'Tq8#vLp2-Original';
const CLIENT = 'starfall-legends-pc';
const REDIRECT = 'http://127.0.0.1/callback';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const PS5 = 'Mozilla/5.0 (PlayStation; PlayStation 5/6.50) AppleWebKit/605.1.15 (KHTML, like Gecko)';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({}, { seed: true });
  const passwordHash = await hashPassword(PASSWORD);
  for (const name of ['Roamer', 'Other', 'Idler', 'Granter', 'Console']) {
    await insertAccount(t.deps.db, { email: `${name.toLowerCase()}@example.com`, username: name, passwordHash });
  }
});
afterAll(() => t.close());

interface From {
  token?: string;
  ip?: string;
  agent?: string;
}
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, from: From = {}, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    remoteAddress: from.ip ?? '203.0.113.1',
    headers: portalHeaders({
      accept: 'application/json',
      ...(from.agent ? { 'user-agent': from.agent } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(from.token ? { 'x-hydra-access-token': from.token } : {}),
    }),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

interface Pair {
  access_token: string;
  refresh_token: string;
}
async function signIn(email: string, from: From = {}): Promise<Pair> {
  const answer = await call('POST', '/sessions/auth/password', from, { email, password: PASSWORD });
  expect(answer.statusCode).toBe(200);
  return answer.json() as Pair;
}
const refresh = (refreshToken: string, from: From = {}) =>
  call('POST', '/sessions/auth/token', from, { grant_type: 'refresh_token', refresh_token: refreshToken });
const signIns = async (token: string) => {
  const answer = await call('GET', '/sessions/me/sign_ins', { token });
  expect(answer.statusCode).toBe(200);
  return answer.json().items as Record<string, unknown>[];
};

describe('signed-in devices', () => {
  it('lists every live sign-in with its device, addresses and this device, latest used first', async () => {
    const laptop = await signIn('roamer@example.com', { agent: FIREFOX_LINUX, ip: '198.51.100.7' });
    const phone = await signIn('roamer@example.com', { agent: CHROME_PIXEL, ip: '192.0.2.44' });
    const listed = await signIns(laptop.access_token);
    expect(listed).toHaveLength(2);
    const [first, second] = listed;
    expect(first).toMatchObject({
      current: false,
      flow: 'portal',
      game: null,
      browser: 'Chrome',
      os: 'Android',
      device: 'mobile',
      model: 'Pixel 8',
      ip: '192.0.2.44',
      last_ip: '192.0.2.44',
      pending_two_factor: false,
    });
    expect(second).toMatchObject({
      current: true,
      browser: 'Firefox',
      os: 'Linux',
      device: 'desktop',
      ip: '198.51.100.7',
    });
    expect(typeof first!.created_at).toBe('string');

    // A refresh from elsewhere is the sign-in's latest use, from its new address; still one sign-in.
    await t.deps.db.query(`UPDATE sign_ins SET last_used_at = now() - interval '1 hour' WHERE family_id = $1`, [
      second!.id,
    ]);
    const renewed = await refresh(phone.refresh_token, { agent: CHROME_PIXEL, ip: '192.0.2.99' });
    expect(renewed.statusCode).toBe(200);
    const after = await signIns(laptop.access_token);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ id: first!.id, ip: '192.0.2.44', last_ip: '192.0.2.99' });
    expect(Date.parse(after[0]!.last_used_at as string)).toBeGreaterThan(Date.parse(after[1]!.last_used_at as string));
  });

  it('ends one sign-in: its access token fails at the next request and its refresh token at once', async () => {
    const mine = await signIn('roamer@example.com', { agent: FIREFOX_LINUX });
    const theirs = await signIn('roamer@example.com', { agent: CHROME_PIXEL, ip: '192.0.2.200' });
    expect((await call('GET', '/accounts/me', { token: theirs.access_token })).statusCode).toBe(200);
    const target = (await signIns(mine.access_token)).find((row) => row.ip === '192.0.2.200' && !row.current);
    const ended = await call('DELETE', `/sessions/me/sign_ins/${target!.id as string}`, { token: mine.access_token });
    expect(ended.statusCode).toBe(200);
    const refused = await call('GET', '/accounts/me', { token: theirs.access_token });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('auth_expired');
    expect((await refresh(theirs.refresh_token)).json().code).toBe('auth_expired');
    expect((await call('GET', '/accounts/me', { token: mine.access_token })).statusCode).toBe(200);
    expect((await signIns(mine.access_token)).some((row) => row.id === target!.id)).toBe(false);
    // The player's recent activity says so.
    const activity = (await call('GET', '/accounts/me/activity', { token: mine.access_token })).json().items;
    expect(activity[0]).toMatchObject({ type: 'sign_in_ended', method: 'one' });
  });

  it("refuses to end what is not the account's: unknown, another player's, or not an id", async () => {
    const mine = await signIn('roamer@example.com');
    const other = await signIn('other@example.com');
    const otherId = (await signIns(other.access_token))[0]!.id as string;
    const unknown = await call('DELETE', `/sessions/me/sign_ins/${otherId}`, { token: mine.access_token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found', hydraErrorCode: 1016 });
    expect((await call('GET', '/accounts/me', { token: other.access_token })).statusCode).toBe(200);
    const malformed = await call('DELETE', '/sessions/me/sign_ins/not-an-id', { token: mine.access_token });
    expect(malformed.statusCode).toBe(400);
    expect((await call('GET', '/sessions/me/sign_ins')).statusCode).toBe(401);
  });

  it('ends every other sign-in (web and game), keeping this one; ending this one signs out', async () => {
    const mine = await signIn('other@example.com');
    const others = [await signIn('other@example.com'), await signIn('other@example.com')];
    const game = await grantByCode('other@example.com');
    const answer = await call('DELETE', '/sessions/me/sign_ins', { token: mine.access_token });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().ended).toBeGreaterThanOrEqual(3);
    for (const pair of [...others, game]) {
      expect((await call('GET', '/accounts/me', { token: pair.access_token })).statusCode).toBe(401);
      expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
    }
    const left = await signIns(mine.access_token);
    expect(left.map((row) => row.current)).toEqual([true]);
    // Nothing else to end: nothing is recorded again.
    expect((await call('DELETE', '/sessions/me/sign_ins', { token: mine.access_token })).json().ended).toBe(0);
    const endSelf = await call('DELETE', `/sessions/me/sign_ins/${left[0]!.id as string}`, {
      token: mine.access_token,
    });
    expect(endSelf.statusCode).toBe(200);
    expect((await call('GET', '/accounts/me', { token: mine.access_token })).statusCode).toBe(401);
  });

  it("is refused to a game's token", async () => {
    const game = await grantByCode('roamer@example.com');
    const refused = await call('GET', '/sessions/me/sign_ins', { token: game.access_token });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await call('DELETE', '/sessions/me/sign_ins', { token: game.access_token })).statusCode).toBe(
      refused.statusCode,
    );
  });
});

describe('the inactivity timeout (SESSION_IDLE_DAYS)', () => {
  it('refuses to refresh a sign-in unused for longer, and no longer lists it', async () => {
    const idle = await signIn('idler@example.com');
    const active = await signIn('idler@example.com');
    const idleDays = t.deps.config.SESSION_IDLE_DAYS;
    expect(idleDays).toBe(14);
    // The idle sign-in's refresh token was issued (its last use) a day more than the limit ago.
    await t.deps.db.query(
      `UPDATE refresh_tokens SET created_at = now() - ($1 + 1) * interval '1 day'
        WHERE session_id IN (SELECT id FROM sessions WHERE access_token_hash = $2)`,
      [idleDays, createHash('sha256').update(idle.access_token).digest('hex')],
    );
    const listed = await signIns(active.access_token);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.current).toBe(true);
    const refused = await refresh(idle.refresh_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('auth_expired');
    // One used just inside the limit still renews.
    await t.deps.db.query(
      `UPDATE refresh_tokens SET created_at = now() - ($1 - 1) * interval '1 day'
        WHERE session_id IN (SELECT id FROM sessions WHERE access_token_hash = $2)`,
      [idleDays, createHash('sha256').update(active.access_token).digest('hex')],
    );
    expect((await refresh(active.refresh_token)).statusCode).toBe(200);
  });
});

/** A game signs the player in with an authorization code (PKCE); answers the game's tokens. */
async function grantByCode(email: string, scope = 'openid profile', agent = PS5): Promise<Pair> {
  const player = await signIn(email);
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorized = await call(
    'POST',
    '/sessions/authorize',
    { token: player.access_token },
    {
      client_id: CLIENT,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      response_type: 'code',
      code_method: 'S256',
      scope,
    },
  );
  expect(authorized.statusCode).toBe(200);
  const redeemed = await call(
    'POST',
    '/sessions/auth/token',
    { agent },
    {
      grant_type: 'authorization_code',
      code: authorized.json().auth_code,
      code_verifier: verifier,
      client_id: CLIENT,
      redirect_uri: REDIRECT,
    },
  );
  expect(redeemed.statusCode).toBe(200);
  return redeemed.json() as Pair;
}

describe('connected games', () => {
  it('lists a game granted by a code, with its scopes and sign-ins, and names it among the sign-ins', async () => {
    const web = await signIn('granter@example.com');
    expect((await call('GET', '/accounts/me/connected_games', { token: web.access_token })).json().items).toEqual([]);
    await grantByCode('granter@example.com', 'openid profile');
    await grantByCode('granter@example.com', 'openid email');
    const items = (await call('GET', '/accounts/me/connected_games', { token: web.access_token })).json().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      client_id: CLIENT,
      game: { slug: 'starfall-legends' },
      flow: 'game',
      scopes: ['email', 'openid', 'profile'],
    });
    expect(items[0].sign_ins).toBeGreaterThanOrEqual(2);
    const gameSignIn = (await signIns(web.access_token)).find((row) => row.flow === 'game');
    expect(gameSignIn).toMatchObject({
      game: { slug: 'starfall-legends' },
      os: 'PlayStation',
      device: 'console',
      model: 'PlayStation 5',
    });
  });

  it("revokes a game's access: its refresh and access tokens fail at once, and it can be granted again", async () => {
    const web = await signIn('granter@example.com');
    const game = await grantByCode('granter@example.com');
    const before = await call(
      'POST',
      '/sessions/auth/token',
      {},
      {
        grant_type: 'refresh_token',
        refresh_token: game.refresh_token,
      },
    );
    expect(before.statusCode).toBe(200);
    const live = before.json() as Pair;
    const revoked = await call('DELETE', `/accounts/me/connected_games/${CLIENT}`, { token: web.access_token });
    expect(revoked.statusCode).toBe(200);
    expect((await refresh(live.refresh_token)).json().code).toBe('auth_expired');
    const standardRefresh = await t.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&client_id=${CLIENT}&refresh_token=${live.refresh_token}`,
    });
    expect(standardRefresh.statusCode).toBe(400);
    expect(standardRefresh.json().error).toBe('invalid_grant');
    expect((await call('GET', '/accounts/me', { token: live.access_token })).statusCode).toBe(401);
    const userinfo = await t.app.inject({
      method: 'GET',
      url: '/oauth2/userinfo',
      headers: { authorization: `Bearer ${live.access_token}` },
    });
    expect(userinfo.statusCode).toBe(401);
    // The portal's own sign-in is untouched; the list is empty; revoking again finds nothing.
    expect((await call('GET', '/accounts/me', { token: web.access_token })).statusCode).toBe(200);
    expect((await call('GET', '/accounts/me/connected_games', { token: web.access_token })).json().items).toEqual([]);
    const again = await call('DELETE', `/accounts/me/connected_games/${CLIENT}`, { token: web.access_token });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('not_found');
    const activity = (await call('GET', '/accounts/me/activity', { token: web.access_token })).json().items;
    expect(activity[0]).toMatchObject({ type: 'game_access_revoked', client_name: expect.any(String) });
    // Signing in to the game grants it again.
    await grantByCode('granter@example.com');
    const regranted = (await call('GET', '/accounts/me/connected_games', { token: web.access_token })).json().items;
    expect(regranted).toHaveLength(1);
    expect(Date.parse(regranted[0].granted_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lists a game granted on a device, as a device sign-in', async () => {
    const web = await signIn('console@example.com');
    const started = await call('POST', '/sessions/device', { agent: PS5 }, { client_id: CLIENT, device_name: 'TV' });
    const { device_code, user_code } = started.json();
    expect((await call('PUT', `/sessions/device/${user_code}/authorize`, { token: web.access_token })).statusCode).toBe(
      200,
    );
    const polled = await call(
      'POST',
      '/sessions/auth/token',
      { agent: PS5 },
      {
        grant_type: 'device_code',
        code: device_code,
      },
    );
    expect(polled.statusCode).toBe(200);
    const items = (await call('GET', '/accounts/me/connected_games', { token: web.access_token })).json().items;
    expect(items).toMatchObject([{ client_id: CLIENT, flow: 'device', sign_ins: 1 }]);
    const device = (await signIns(web.access_token)).find((row) => row.flow === 'device');
    expect(device).toMatchObject({ game: { slug: 'starfall-legends' }, os: 'PlayStation', device_name: 'TV' });
  });

  it('refuses a malformed client id', async () => {
    const web = await signIn('console@example.com');
    const long = 'x'.repeat(201);
    expect((await call('DELETE', `/accounts/me/connected_games/${long}`, { token: web.access_token })).statusCode).toBe(
      400,
    );
  });
});
