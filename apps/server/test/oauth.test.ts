// Games signing players in: entry and client checks, the authorization code with PKCE S256, and its
// single redemption at the token endpoint.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { apiCall, insertAccount, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const PASSWORD = 'Tq8#vLp2-Original';
const CLIENT = 'starfall-legends-pc';
const REDIRECT = 'http://127.0.0.1/callback';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({}, { seed: true });
  const passwordHash = await hashPassword(PASSWORD);
  await insertAccount(t.deps.db, { email: 'gamer@example.com', username: 'Gamer', passwordHash });
  await insertAccount(t.deps.db, { email: 'flagged@example.com', username: 'Flagged', passwordHash });
  await t.deps.db.query(`UPDATE accounts SET registration_flagged = true WHERE email = 'flagged@example.com'`);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  apiCall(t.app, method, `/api${url}`, token, payload);
const tokenOf = async (email: string) =>
  (await call('POST', '/sessions/auth/password', undefined, { email, password: PASSWORD })).json()
    .access_token as string;
const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
const authorizeBody = (challenge: string, extra: object = {}) => ({
  client_id: CLIENT,
  redirect_uri: REDIRECT,
  code_challenge: challenge,
  response_type: 'code',
  code_method: 'S256',
  ...extra,
});
const redeem = (code: string, verifier: string, extra: object = {}) =>
  call('POST', '/sessions/auth/token', undefined, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: CLIENT,
    redirect_uri: REDIRECT,
    ...extra,
  });

describe('checking a game entry and its client', () => {
  it('answers the game for a known entry, client and redirect URI', async () => {
    expect((await call('GET', '/games/verify')).json()).toMatchObject({ code: 'entry_slug_missing' });
    expect((await call('GET', '/games/verify?entry=no-such-game')).json()).toMatchObject({ hydraErrorCode: 1108 });
    expect((await call('GET', `/games/verify?entry=starfall-legends&client_id=other`)).json()).toMatchObject({
      hydraErrorCode: 1107,
    });
    const ok = await call('GET', `/games/verify?entry=starfall-legends&client_id=${CLIENT}&redirect_uri=${REDIRECT}`);
    expect(ok.json().game.slug).toBe('starfall-legends');
  });

  it('prechecks the client (404) and the redirect URI (400), matched exactly but for a loopback port', async () => {
    const precheck = (client: string, uri: string) =>
      call('GET', `/sessions/authorize/precheck?client_id=${client}&redirect_uri=${encodeURIComponent(uri)}`);
    const unknown = await precheck('nobody', REDIRECT);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'invalid_client_id', hydraErrorCode: 1105 });
    for (const uri of [
      'https://evil.example.com/callback',
      `${REDIRECT}/`,
      `${REDIRECT}?x=1`,
      'http://127.0.0.1/Callback',
      'http://localhost/callback',
    ]) {
      const refused = await precheck(CLIENT, uri);
      expect(refused.statusCode, uri).toBe(400);
      expect(refused.json().code).toBe('invalid_redirect_uri');
    }
    expect((await precheck(CLIENT, 'http://127.0.0.1:51234/callback')).json().game.slug).toBe('starfall-legends');
    expect((await precheck(CLIENT, 'com.aurora.starfall:/oauth/callback')).statusCode).toBe(200);
  });
});

describe('the authorization code', () => {
  it('is issued to a signed-in player with S256 only, and echoes the state', async () => {
    const { challenge } = pkce();
    expect((await call('POST', '/sessions/authorize', undefined, authorizeBody(challenge))).json().code).toBe(
      'unauthorized',
    );
    const token = await tokenOf('gamer@example.com');
    expect(
      (await call('POST', '/sessions/authorize', token, authorizeBody(challenge, { code_method: 'plain' }))).json()
        .code,
    ).toBe('invalid_request');
    expect((await call('POST', '/sessions/authorize', token, authorizeBody('short'))).json().code).toBe(
      'invalid_request',
    );
    const issued = (
      await call('POST', '/sessions/authorize', token, authorizeBody(challenge, { state: 'xyz' }))
    ).json();
    expect(issued).toMatchObject({ redirect_uri: REDIRECT, state: 'xyz' });
    expect(issued.auth_code).toMatch(/^ac_/);
  });

  it('gives the game tokens once; a second use fails and ends what the first started', async () => {
    const token = await tokenOf('gamer@example.com');
    const { verifier, challenge } = pkce();
    const { auth_code } = (await call('POST', '/sessions/authorize', token, authorizeBody(challenge))).json();
    const first = await redeem(auth_code, verifier);
    expect(first.statusCode).toBe(200);
    const game = first.json();
    expect(game).toMatchObject({ token_type: 'Bearer', mfa_required: false });
    expect(game.account.email).toBe('gamer@example.com');
    expect((await call('GET', '/accounts/me', game.access_token)).statusCode).toBe(200);
    const second = await redeem(auth_code, verifier);
    expect(second.json()).toMatchObject({
      code: 'invalid_request',
      body: { error: 'invalid_grant', reason: 'code_already_used' },
    });
    expect((await call('GET', '/accounts/me', game.access_token)).json().code).toBe('auth_expired');
    expect(
      (
        await call('POST', '/sessions/auth/token', undefined, {
          grant_type: 'refresh_token',
          refresh_token: game.refresh_token,
        })
      ).json().code,
    ).toBe('auth_expired');
  });

  it('is bound to its verifier, client and redirect URI, and expires', async () => {
    const token = await tokenOf('gamer@example.com');
    const issue = async () => {
      const p = pkce();
      const { auth_code } = (await call('POST', '/sessions/authorize', token, authorizeBody(p.challenge))).json();
      return { code: auth_code as string, verifier: p.verifier };
    };
    let c = await issue();
    expect((await redeem(c.code, pkce().verifier)).json()).toMatchObject({
      code: 'oauth_code_challenge_failed',
      hydraErrorCode: 1101,
    });
    // Exactly the URI the code was issued for: no other port, trailing slash, case or query.
    for (const other of [
      'http://127.0.0.1:9/callback',
      'http://127.0.0.1/callback/',
      'http://127.0.0.1/Callback',
      'HTTP://127.0.0.1/callback',
      'http://127.0.0.1/callback?x=1',
    ]) {
      c = await issue();
      expect((await redeem(c.code, c.verifier, { redirect_uri: other })).json(), other).toMatchObject({
        code: 'redirect_uri_mismatch',
        hydraErrorCode: 1100,
      });
    }
    c = await issue();
    expect((await redeem(c.code, c.verifier, { client_id: 'another-client' })).json().body).toMatchObject({
      reason: 'client_mismatch',
    });
    c = await issue();
    expect((await redeem(c.code, 'plain')).json().code).toBe('invalid_request');
    await t.deps.db.query(`UPDATE authorization_codes SET expires_at = now() - interval '1 second'`);
    c = await issue();
    await t.deps.db.query(
      `UPDATE authorization_codes SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    expect((await redeem(c.code, c.verifier)).json().body).toMatchObject({ reason: 'code_expired' });
    expect((await redeem('ac_made-up-code-000000000000000000000000000', c.verifier)).json().body).toMatchObject({
      reason: 'unknown_code',
    });
  });

  it('is refused to a registration-flagged account unless the game allows it (rule 12)', async () => {
    const token = await tokenOf('flagged@example.com');
    const { challenge } = pkce();
    expect((await call('POST', '/sessions/authorize', token, authorizeBody(challenge))).json()).toMatchObject({
      code: 'email_verification_required',
      hydraErrorCode: 1044,
    });
    await t.deps.db.query(`UPDATE games SET flagged_account_oauth_enabled = true WHERE slug = 'starfall-legends'`);
    expect((await call('POST', '/sessions/authorize', token, authorizeBody(challenge))).statusCode).toBe(200);
    await t.deps.db.query(`UPDATE games SET flagged_account_oauth_enabled = false WHERE slug = 'starfall-legends'`);
  });

  it('is refused to a player under 18 for a mature game', async () => {
    const token = await tokenOf('gamer@example.com');
    const { challenge } = pkce();
    await t.deps.db.query(`UPDATE games SET mature_audience = true WHERE slug = 'starfall-legends'`);
    const young = new Date();
    young.setFullYear(young.getFullYear() - 16);
    await t.deps.db.query(`UPDATE accounts SET date_of_birth = $1 WHERE email = 'gamer@example.com'`, [
      young.toISOString().slice(0, 10),
    ]);
    expect((await call('POST', '/sessions/authorize', token, authorizeBody(challenge))).json()).toMatchObject({
      code: 'age_gated',
      body: { adult_age_gate: true },
    });
    await t.deps.db.query(`UPDATE games SET mature_audience = false WHERE slug = 'starfall-legends'`);
  });
});
