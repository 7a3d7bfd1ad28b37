// A standard OAuth 2.0 / OpenID Connect client library that we did not write (openid-client)
// signs a player in to a game against the discovery document: PKCE S256 with an ID token, the
// device authorization grant, userinfo and refresh. Then the RFC 6749 error bodies of /oauth2/token.
import { createServer } from 'node:net';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { SecretBox } from '../src/security/secret-box.ts';
import { OAuthRepo } from '../src/modules/oauth/repo.ts';
import { SigningKeys } from '../src/modules/oauth/signing-keys.ts';
import { DEMO_THIRD_PARTY_CLIENT_ID } from '../src/seed/demo.ts';
import { apiCall, insertAccount, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { until } from './until.ts';

const PASSWORD = 'Tq8#vLp2-Original';
const CLIENT = 'starfall-legends-pc';
const REDIRECT = 'http://127.0.0.1:43117/callback';
let t: TestApp;
let issuer: string;
let config: client.Configuration;
let player: string;
let playerId: string;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  t = await testApp({ PUBLIC_URL: issuer, DEVICE_POLL_INTERVAL_SECONDS: '1' }, { seed: true });
  await t.app.listen({ port, host: '127.0.0.1' });
  playerId = await insertAccount(t.deps.db, {
    email: 'oidc@example.com',
    username: 'Oidc',
    passwordHash: await hashPassword(PASSWORD),
  });
  const signIn = await apiCall(t.app, 'POST', '/api/sessions/auth/password', undefined, {
    email: 'oidc@example.com',
    password: PASSWORD,
  });
  player = signIn.json().access_token;
  config = await client.discovery(new URL(issuer), CLIENT, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
});
afterAll(() => t.close());

/** What the /oauth page does for a signed-in player: asks for a code and sends the browser back. */
async function browserApproves(authorizationUrl: URL, options: { consent?: true } = {}): Promise<URL> {
  const toPage = await t.app.inject({ method: 'GET', url: authorizationUrl.pathname + authorizationUrl.search });
  expect(toPage.statusCode).toBe(302);
  const page = new URL(toPage.headers.location as string, issuer);
  expect(page.pathname).toBe('/oauth');
  const q = page.searchParams;
  const answer = await apiCall(t.app, 'POST', '/api/sessions/authorize', player, {
    client_id: q.get('client_id'),
    redirect_uri: q.get('redirect_uri'),
    code_challenge: q.get('code_challenge'),
    response_type: 'code',
    code_method: 'S256',
    ...Object.fromEntries(['state', 'scope', 'nonce'].flatMap((name) => (q.has(name) ? [[name, q.get(name)]] : []))),
    ...options,
  });
  expect(answer.statusCode).toBe(200);
  const back = new URL(q.get('redirect_uri') as string);
  back.searchParams.set('code', answer.json().auth_code);
  back.searchParams.set('state', answer.json().state);
  // RFC 9207: the issuer that answered, which the library checks (discovery says it is sent).
  back.searchParams.set('iss', answer.json().iss);
  return back;
}

describe('a standard OpenID Connect client', () => {
  it('reads the discovery document', () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(issuer);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.grant_types_supported).toContain('urn:ietf:params:oauth:grant-type:device_code');
    expect(metadata.device_authorization_endpoint).toBe(`${issuer}/oauth2/device_authorization`);
  });

  it('completes the authorization code flow with PKCE and verifies the ID token', async () => {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid profile email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const callback = await browserApproves(url);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: issuer,
      aud: CLIENT,
      sub: playerId,
      preferred_username: 'Oidc',
      email: 'oidc@example.com',
    });
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, playerId);
    expect(userinfo).toMatchObject({ sub: playerId, email: 'oidc@example.com', email_verified: true });
    // The game's access token works on the account calls a game may use, and not on the others.
    const me = await apiCall(t.app, 'GET', '/api/accounts/me', tokens.access_token);
    expect(me.json().email).toBe('oidc@example.com');
    const security = await apiCall(t.app, 'PUT', '/api/accounts/me/locale', tokens.access_token, { locale: 'fr-FR' });
    expect(security.statusCode).toBe(401);
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token as string);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.scope).toBe('openid profile email');
  });

  it("signs a player in to a third party's app once they allowed it; its userinfo needs scope openid", async () => {
    const app = await client.discovery(new URL(issuer), DEMO_THIRD_PARTY_CLIENT_ID, undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    });
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(app, {
      redirect_uri: REDIRECT,
      scope: 'profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    // The /oauth page shows the consent screen first (oauth-conformance.test.ts); the player allows.
    const callback = await browserApproves(url, { consent: true });
    const tokens = await client.authorizationCodeGrant(app, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.id_token).toBeUndefined();
    const refused = await client.fetchUserInfo(app, tokens.access_token, playerId).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(client.WWWAuthenticateChallengeError);
    expect((refused as client.WWWAuthenticateChallengeError).cause[0]?.parameters.error).toBe('insufficient_scope');
  });

  it('completes the device authorization grant while the player approves in the browser', async () => {
    const started = await client.initiateDeviceAuthorization(config, { scope: 'openid' });
    expect(started.user_code).toMatch(/^[B-Z]{3}-[B-Z]{3}-[B-Z]{3}$/);
    expect(started.verification_uri).toBe(`${issuer}/device`);
    // The player approves once the game has polled (and been told to wait), not after a set time.
    let polls = 0;
    const game = await client.discovery(new URL(issuer), CLIENT, undefined, client.None(), {
      execute: [client.allowInsecureRequests],
      [client.customFetch]: async (url, options) => {
        const response = await fetch(url, options);
        if (new URL(url).pathname === '/oauth2/token') polls++;
        return response;
      },
    });
    const polling = client.pollDeviceAuthorizationGrant(game, started);
    await until(() => polls > 0, "the game's first poll");
    const approved = await apiCall(t.app, 'PUT', `/api/sessions/device/${started.user_code}/authorize`, player);
    expect(approved.statusCode).toBe(200);
    const tokens = await polling;
    expect(tokens.claims()?.sub).toBe(playerId);
    expect(tokens.claims()?.email).toBeUndefined();
  });

  it('publishes the signing keys, rotates them when due and keeps a replaced key published', async () => {
    const before = (await (await fetch(`${issuer}/oauth2/jwks`)).json()) as { keys: { kid: string }[] };
    expect(before.keys[0]).toMatchObject({ alg: 'ES256', kty: 'EC', crv: 'P-256', use: 'sig' });
    expect(JSON.stringify(before)).not.toMatch(/"d":/);
    await t.deps.db.query(`UPDATE signing_keys SET created_at = now() - interval '31 days'`);
    // Another instance (no cached key) finds the key due and makes the next one.
    const keys = new SigningKeys(
      new OAuthRepo(t.deps.db.orm),
      new SecretBox(`${t.deps.config.MFA_SECRET_KEY}:id-token-keys`),
      {
        rotationDays: 30,
        idTokenTtlSeconds: 3600,
      },
    );
    const next = await keys.active();
    expect(before.keys.map((k) => k.kid)).not.toContain(next.kid);
    const after = (await keys.published()).keys.map((k) => k.kid);
    expect(after).toEqual([next.kid, ...before.keys.map((k) => k.kid)]);
  });
});

describe('the token endpoint answers RFC 6749 errors', () => {
  const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${issuer}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form),
    });

  it('for an unsupported grant, an unknown client, a bad code and a missing verifier', async () => {
    const unsupported = await post({ grant_type: 'password', client_id: CLIENT });
    expect(unsupported.status).toBe(400);
    expect(await unsupported.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const unknown = await post({ grant_type: 'authorization_code', client_id: 'nobody' });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ error: 'invalid_client' });
    const noVerifier = await post({
      grant_type: 'authorization_code',
      client_id: CLIENT,
      code: 'ac_x',
      redirect_uri: REDIRECT,
    });
    expect(await noVerifier.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'code_verifier is missing',
    });
    const badCode = await post({
      grant_type: 'authorization_code',
      client_id: CLIENT,
      code: 'ac_nothing',
      redirect_uri: REDIRECT,
      code_verifier: 'x'.repeat(43),
    });
    expect(badCode.status).toBe(400);
    expect(badCode.headers.get('cache-control')).toBe('no-store');
    expect(await badCode.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('for device polling before approval and a JSON body', async () => {
    const started = await client.initiateDeviceAuthorization(config, {});
    const pending = await post({
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      client_id: CLIENT,
      device_code: started.device_code,
    });
    expect(await pending.json()).toMatchObject({ error: 'authorization_pending' });
    const json = await fetch(`${issuer}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('lets browser games call the token and userinfo endpoints from their own origin', async () => {
    const preflight = await fetch(`${issuer}/oauth2/userinfo`, {
      method: 'OPTIONS',
      headers: { origin: 'https://game.example.com', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const unauthenticated = await fetch(`${issuer}/oauth2/userinfo`);
    expect(unauthenticated.status).toBe(401);
    // RFC 6750 §3.1: no credentials, no error code; a bad token is invalid_token.
    expect(unauthenticated.headers.get('www-authenticate')).toBe('Bearer realm="userinfo"');
    const bad = await fetch(`${issuer}/oauth2/userinfo`, { headers: { authorization: 'Bearer nope' } });
    expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('sends an authorization request it can answer back to the game, and the rest to the /oauth page', async () => {
    const redirect = encodeURIComponent(REDIRECT);
    const plain = await fetch(
      `${issuer}/oauth2/authorize?client_id=${CLIENT}&redirect_uri=${redirect}&response_type=code&code_challenge=abc&code_challenge_method=plain&state=xyz`,
      { redirect: 'manual' },
    );
    const back = new URL(plain.headers.get('location') as string);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('xyz');
    const evil = await fetch(
      `${issuer}/oauth2/authorize?client_id=${CLIENT}&redirect_uri=${encodeURIComponent('https://evil.example.com/cb')}&response_type=token`,
      { redirect: 'manual' },
    );
    expect(evil.headers.get('location')).toMatch(/^\/oauth\?/);
  });
});
