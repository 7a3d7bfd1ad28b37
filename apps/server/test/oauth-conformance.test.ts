// What two third-party clients found in the standard endpoints (issue 32), each row as a game or a
// browser game would meet it, and the scopes and consent of each client: a client may ask only for
// its own scopes (invalid_scope), and a client that is not the publisher's own gets a code only once
// the player has agreed, once per grant.
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { DEMO_OAUTH_CLIENT_ID, DEMO_THIRD_PARTY_CLIENT_ID } from '../src/seed/demo.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, apiCall, insertAccount, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const ISSUER = 'https://portal.example.com';
const PASSWORD = 'Tq8#vLp2-Original';
const REDIRECT = 'http://127.0.0.1/callback';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
let t: TestApp;
let player: string;

beforeAll(async () => {
  // The web app's own origin is allowed by CORS_ORIGINS: the standard endpoints stay open to any origin.
  t = await testApp({ PUBLIC_URL: ISSUER, CORS_ORIGINS: 'https://portal-admin.example.com' }, { seed: true });
  await insertAccount(t.deps.db, {
    email: 'conformance@example.com',
    username: 'Conform',
    passwordHash: await hashPassword(PASSWORD),
  });
  const signIn = await apiCall(t.app, 'POST', '/api/sessions/auth/password', undefined, {
    email: 'conformance@example.com',
    password: PASSWORD,
  });
  player = signIn.json().access_token;
});
afterAll(() => t.close());

const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

const authorizeBody = (clientId: string, extra: Record<string, unknown> = {}) => ({
  client_id: clientId,
  redirect_uri: REDIRECT,
  code_challenge: CHALLENGE,
  response_type: 'code',
  code_method: 'S256',
  ...extra,
});

/** POST /sessions/authorize for the signed-in player, as the /oauth page sends it. */
const authorizeFor = (clientId: string, extra: Record<string, unknown> = {}) =>
  apiCall(t.app, 'POST', '/api/sessions/authorize', player, authorizeBody(clientId, extra));

describe('the standard endpoints, row by row', () => {
  it('1: malformed Basic client credentials are invalid_client (401), never a server error', async () => {
    const answer = await form(
      '/oauth2/token',
      { grant_type: 'refresh_token', refresh_token: 'x' },
      { authorization: `Basic ${Buffer.from('%zz:x').toString('base64')}` },
    );
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('2: the success answer names the issuer (RFC 9207), and discovery says so', async () => {
    const discovery = (await t.app.inject({ url: '/.well-known/openid-configuration' })).json();
    expect(discovery.authorization_response_iss_parameter_supported).toBe(true);
    expect(discovery.prompt_values_supported).toEqual(['none', 'login', 'consent']);
    const precheck = await apiCall(
      t.app,
      'GET',
      `/api/sessions/authorize/precheck?client_id=${DEMO_OAUTH_CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT)}`,
    );
    expect(precheck.json().iss).toBe(ISSUER);
    const code = await authorizeFor(DEMO_OAUTH_CLIENT_ID);
    expect(code.statusCode).toBe(200);
    expect(code.json().iss).toBe(ISSUER);
  });

  it('3: prompt=none and prompt=consent reach the /oauth page; prompt=none with another value is refused', async () => {
    const query = (extra: string) =>
      `/oauth2/authorize?client_id=${DEMO_OAUTH_CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT)}` +
      `&response_type=code&code_challenge=${CHALLENGE}&code_challenge_method=S256&state=s1${extra}`;
    const none = new URL((await t.app.inject({ url: query('&prompt=none') })).headers.location as string, ISSUER);
    expect(none.pathname).toBe('/oauth');
    expect(none.searchParams.get('prompt')).toBe('none');
    const both = new URL((await t.app.inject({ url: query('&prompt=none%20login') })).headers.location as string);
    expect(both.searchParams.get('error')).toBe('invalid_request');
    expect(both.searchParams.get('iss')).toBe(ISSUER);
  });

  it('4: userinfo answers only a sign-in granted scope openid (insufficient_scope, 403)', async () => {
    const { access_token: token } = await redeemed(DEMO_OAUTH_CLIENT_ID, 'profile');
    const answer = await t.app.inject({ url: '/oauth2/userinfo', headers: { authorization: `Bearer ${token}` } });
    expect(answer.statusCode).toBe(403);
    expect(answer.headers['www-authenticate']).toContain('error="insufficient_scope"');
    const openid = await redeemed(DEMO_OAUTH_CLIENT_ID, 'openid profile');
    const claims = await t.app.inject({
      url: '/oauth2/userinfo',
      headers: { authorization: `Bearer ${openid.access_token}` },
    });
    expect(claims.statusCode).toBe(200);
    expect(claims.json()).toMatchObject({ preferred_username: 'Conform' });
  });

  it('5: a userinfo request with no credentials is told the scheme, with no error code (RFC 6750 §3.1)', async () => {
    const answer = await t.app.inject({ url: '/oauth2/userinfo' });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="userinfo"');
  });

  it('6: a pending or too eager poll says what it means in error_description', async () => {
    const started = (await form('/oauth2/device_authorization', { client_id: DEMO_OAUTH_CLIENT_ID })).json();
    const poll = () =>
      form('/oauth2/token', {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        client_id: DEMO_OAUTH_CLIENT_ID,
        device_code: started.device_code,
      });
    const pending = (await poll()).json();
    expect(pending.error).toBe('authorization_pending');
    expect(pending.error_description).toMatch(/not approved/);
    const eager = (await poll()).json();
    expect(eager.error).toBe('slow_down');
    expect(eager.error_description).toMatch(/interval/);
  });

  it('7: error answers of the token and device endpoints are readable by a browser game', async () => {
    const origin = { origin: 'https://x.example' };
    const token = await form(
      '/oauth2/token',
      {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        client_id: DEMO_OAUTH_CLIENT_ID,
        device_code: 'dc_x',
      },
      origin,
    );
    expect(token.statusCode).toBe(400);
    expect(token.headers['access-control-allow-origin']).toBe('*');
    const device = await form('/oauth2/device_authorization', { client_id: 'nobody' }, origin);
    expect(device.statusCode).toBe(401);
    expect(device.headers['access-control-allow-origin']).toBe('*');
  });

  it("8: with CORS_ORIGINS set, a browser game's preflight to userinfo still allows its bearer token", async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/oauth2/userinfo',
      headers: {
        origin: 'https://x.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
    // The portal's own calls keep answering by origin, and say so to caches.
    const settings = await t.app.inject({
      url: '/api/settings/public',
      headers: { origin: 'https://portal-admin.example.com', 'x-hydra-api-key': API_KEY },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.headers['access-control-allow-origin']).toBe('https://portal-admin.example.com');
    expect(String(settings.headers.vary)).toMatch(/origin/i);
  });

  it('9: answers that carry tokens or a signed-in player are never stored by a cache', async () => {
    const signIn = await apiCall(t.app, 'POST', '/api/sessions/auth/password', undefined, {
      email: 'conformance@example.com',
      password: PASSWORD,
    });
    expect(signIn.headers['cache-control']).toBe('no-store');
    const me = await apiCall(t.app, 'GET', '/api/accounts/me', player);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await apiCall(t.app, 'GET', '/api/accounts/me', 'at_nothing');
    expect(refused.headers['cache-control']).toBe('no-store');
    // A public read the server marked cacheable keeps its own policy.
    const settings = await apiCall(t.app, 'GET', '/api/settings/public');
    expect(settings.statusCode).toBe(200);
    expect(settings.headers['cache-control']).toMatch(/max-age/);
  });
});

/** A code for `clientId` and `scope`, redeemed at /oauth2/token. */
async function redeemed(clientId: string, scope: string) {
  const verifier = 'v'.repeat(43);
  const challenge = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))).toString(
    'base64url',
  );
  const code = await authorizeFor(clientId, { scope, code_challenge: challenge, consent: true });
  expect(code.statusCode).toBe(200);
  const tokens = await form('/oauth2/token', {
    grant_type: 'authorization_code',
    client_id: clientId,
    code: code.json().auth_code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
  });
  expect(tokens.statusCode).toBe(200);
  return tokens.json() as { access_token: string; id_token?: string };
}

describe('scopes and consent per client', () => {
  it('refuses a scope outside the client list, at every door', async () => {
    const page = await t.app.inject({
      url:
        `/oauth2/authorize?client_id=${DEMO_THIRD_PARTY_CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT)}` +
        `&response_type=code&code_challenge=${CHALLENGE}&code_challenge_method=S256&scope=openid%20email&state=s2`,
    });
    const back = new URL(page.headers.location as string);
    expect(back.searchParams.get('error')).toBe('invalid_scope');
    expect(back.searchParams.get('state')).toBe('s2');
    const device = await form('/oauth2/device_authorization', {
      client_id: DEMO_THIRD_PARTY_CLIENT_ID,
      scope: 'email',
    });
    expect(device.statusCode).toBe(400);
    expect(device.json().error).toBe('invalid_scope');
    const code = await authorizeFor(DEMO_THIRD_PARTY_CLIENT_ID, { scope: 'openid email' });
    expect(code.statusCode).toBe(400);
    expect(code.json()).toMatchObject({ code: 'oauth_scope_not_allowed', body: { scopes: ['email'] } });
  });

  it('asks once per grant for a third party, never for a first-party game, and again after a revoke', async () => {
    const first = await authorizeFor(DEMO_OAUTH_CLIENT_ID);
    expect(first.statusCode).toBe(200);
    const ask = () => authorizeFor(DEMO_THIRD_PARTY_CLIENT_ID, { scope: 'openid profile' });
    const asked = await ask();
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({
      code: 'oauth_consent_required',
      body: { client_name: 'Starfall Tracker (community app)', first_party: false, scopes: ['openid', 'profile'] },
    });
    const agreed = await authorizeFor(DEMO_THIRD_PARTY_CLIENT_ID, { scope: 'openid profile', consent: true });
    expect(agreed.statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    // More than was granted: asked again.
    const more = await authorizeFor(DEMO_THIRD_PARTY_CLIENT_ID, { scope: 'openid profile offline_access' });
    expect(more.statusCode).toBe(403);
    // The player removes the app from connected games: its next sign-in asks again.
    const revoked = await apiCall(
      t.app,
      'DELETE',
      `/api/accounts/me/connected_games/${DEMO_THIRD_PARTY_CLIENT_ID}`,
      player,
    );
    expect(revoked.statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(403);
  });

  it("asks even a first-party game's player when the game says prompt=consent", async () => {
    const asked = await authorizeFor(DEMO_OAUTH_CLIENT_ID, { prompt: 'consent' });
    expect(asked.statusCode).toBe(403);
    expect(asked.json().body).toMatchObject({ first_party: true, client_name: 'Starfall Legends for PC' });
    const agreed = await authorizeFor(DEMO_OAUTH_CLIENT_ID, { prompt: 'consent', consent: true });
    expect(agreed.statusCode).toBe(200);
  });
});
