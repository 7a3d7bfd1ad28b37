// The captcha over the API, with CAPTCHA_PROVIDER=turnstile and a real siteverify peer on 127.0.0.1:
// every call that declares it (password sign-in, registration) refuses a request without the
// X-Captcha-Response header or with a token the provider refuses (1200-1204), and goes on with one
// the provider accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { insertAccount, portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startSiteverifyPeer } from './siteverify-peer.ts';
import type { SiteverifyPeer } from './siteverify-peer.ts';

const PASSWORD = 'Tq8#vLp2-Starfall';
const SECRET = 'turnstile-test-secret';
const TOKEN = 'turnstile-response-token';
let t: TestApp;
let peer: SiteverifyPeer;

beforeAll(async () => {
  peer = await startSiteverifyPeer({ secret: SECRET, token: TOKEN });
  t = await testApp(
    {
      CAPTCHA_PROVIDER: 'turnstile',
      CAPTCHA_SECRET: SECRET,
      CAPTCHA_SITE_KEY: 'turnstile-site-key',
      CAPTCHA_VERIFY_URL: peer.url,
      SIGN_IN_PER_MINUTE: '1000',
    },
    { seed: false },
  );
  await insertAccount(t.deps.db, {
    email: 'pilot@example.com',
    username: 'StarPilot',
    passwordHash: await hashPassword(PASSWORD),
  });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const signIn = (captcha?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sessions/auth/password',
    headers: portalHeaders({
      'content-type': 'application/json',
      ...(captcha === undefined ? {} : { 'x-captcha-response': captcha }),
    }),
    payload: {
      email: 'pilot@example.com',
      password: PASSWORD,
      device_data: { visitor_id: '5b0c2a3e-1111-4222-8333-444455556666', platform_name: 'web' },
    },
  });

describe('password sign-in with a captcha provider', () => {
  it('is refused without X-Captcha-Response (1201), and the provider is not asked', async () => {
    const before = peer.received.length;
    const res = await signIn();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ hydraErrorCode: 1201, code: 'captcha_missing', key: 'error.captcha_failed' });
    expect(res.json().access_token).toBeUndefined();
    expect(peer.received.length).toBe(before);
  });

  it('is refused when the provider refuses the token (1202)', async () => {
    peer.passing = false;
    try {
      const res = await signIn(TOKEN);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ hydraErrorCode: 1202, key: 'error.captcha_failed' });
    } finally {
      peer.passing = true;
    }
    expect((await signIn('a-forged-token')).json()).toMatchObject({ hydraErrorCode: 1202 });
  });

  it('signs in when the provider accepts the token, which it got with the secret', async () => {
    const res = await signIn(TOKEN);
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toMatch(/^at_/);
    expect(res.json().account).toMatchObject({ email: 'pilot@example.com' });
    const sent = peer.received.at(-1);
    expect([sent?.get('secret'), sent?.get('response')]).toEqual([SECRET, TOKEN]);
  });
});

describe('registration with a captcha provider', () => {
  const register = (email: string, captcha?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/accounts?options=account&options=refresh_token',
      headers: portalHeaders({
        'content-type': 'application/json',
        ...(captcha === undefined ? {} : { 'x-captcha-response': captcha }),
      }),
      payload: {
        email,
        password: 'Tq8#vLp2-Newcomer',
        username: 'NewcomerOne',
        country: 'US',
        date_of_birth: '1995-06-15',
        marketing_opt_in: false,
        tos_consent: true,
      },
    });

  it('refuses without the header and with a refused token, and registers with an accepted one', async () => {
    expect((await register('newcomer@example.com')).json()).toMatchObject({ hydraErrorCode: 1201 });
    peer.passing = false;
    try {
      expect((await register('newcomer@example.com', TOKEN)).json()).toMatchObject({ hydraErrorCode: 1202 });
    } finally {
      peer.passing = true;
    }
    const res = await register('newcomer@example.com', TOKEN);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().account).toMatchObject({ email: 'newcomer@example.com' });
  });
});
