// Passkeys (issue 31, ADR 036), answered by a software authenticator (passkey-authenticator.ts):
// adding one after proving the player, signing in with it (user verification passes two-factor),
// as the second step of a pending sign-in and as a re-authentication, and every refusal: a
// challenge used twice or made for something else, another origin, an unknown credential, a
// counter going back, the limit. Every change is mailed and audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEYS_MAX } from '@portal/contract/calls/passkeys';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { authenticatorCode } from './authenticator.ts';
import { insertAccount, portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { assertCredential, createCredential } from './passkey-authenticator.ts';
import type { AuthenticatorFlags, Credential } from './passkey-authenticator.ts';

const ORIGIN = 'https://portal.example.test';
const PASSWORD = 'Tq8#vLp2-Original';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ PUBLIC_URL: ORIGIN }, { seed: false });
  const passwordHash = await hashPassword(PASSWORD);
  for (const name of ['Keyholder', 'Twofactor', 'Stranger', 'Collector', 'Counter']) {
    await insertAccount(t.deps.db, { email: `${name.toLowerCase()}@example.com`, username: name, passwordHash });
  }
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: portalHeaders({
      accept: 'application/json',
      'user-agent': SAFARI_MAC,
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { 'x-hydra-access-token': token } : {}),
    }),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const mails = async (to: string) =>
  (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${to}` })).json() as { template: string }[];
const clearLimits = () => t.deps.db.query('DELETE FROM rate_limits');

async function signIn(email: string): Promise<string> {
  const answer = await call('POST', '/sessions/auth/password', undefined, { email, password: PASSWORD });
  expect(answer.statusCode).toBe(200);
  return answer.json().access_token as string;
}
const verifyPassword = async (token: string) =>
  expect(
    (await call('PUT', '/sessions/me/verify', token, { code_type: 'password', password: PASSWORD })).statusCode,
  ).toBe(200);

/** Adds a passkey through the calls (the session verified just before) and answers the credential. */
async function addPasskey(token: string, flags: AuthenticatorFlags = {}, name?: string): Promise<Credential> {
  const options = await call('POST', '/accounts/me/passkeys/options', token);
  expect(options.statusCode).toBe(200);
  const { credential, response } = createCredential(options.json().options, ORIGIN, flags);
  const added = await call('POST', '/accounts/me/passkeys', token, { ...(name ? { name } : {}), response });
  expect(added.statusCode).toBe(200);
  return credential;
}

async function signInOptions() {
  const answer = await call('POST', '/sessions/passkey/options');
  expect(answer.statusCode).toBe(200);
  return answer.json().options as { challenge: string; rpId: string; allowCredentials?: unknown[] };
}
const passkeySignIn = (response: unknown) => call('POST', '/sessions/auth/passkey', undefined, { response });

describe('adding passkeys', () => {
  it('needs the player proved with the password first, then adds one named after the browser, mailed and audited', async () => {
    const token = await signIn('keyholder@example.com');
    const refused = await call('POST', '/accounts/me/passkeys/options', token);
    expect(refused.json()).toMatchObject({ code: 'reauthentication_required', hydraErrorCode: 1028 });
    await verifyPassword(token);
    const options = await call('POST', '/accounts/me/passkeys/options', token);
    expect(options.json().options).toMatchObject({
      rp: { id: 'portal.example.test' },
      user: { name: 'keyholder@example.com', displayName: 'Keyholder' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      attestation: 'none',
      excludeCredentials: [],
    });
    const { credential, response } = createCredential(options.json().options, ORIGIN);
    const added = await call('POST', '/accounts/me/passkeys', token, { response });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ name: 'Safari · macOS', synced: true, backed_up: true, last_used_at: null });
    const listed = await call('GET', '/accounts/me/passkeys', token);
    expect(listed.json().items).toHaveLength(1);
    expect((await mails('keyholder@example.com')).map((m) => m.template)).toContain('passkey_added');
    const activity = await call('GET', '/accounts/me/activity', token);
    expect(activity.json().items.map((e: { type: string }) => e.type)).toContain('passkey_added');
    // The same authenticator is told which credentials the account holds already.
    const next = await call('POST', '/accounts/me/passkeys/options', token);
    expect(next.json().options.excludeCredentials).toEqual([
      { id: credential.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
  });

  it('refuses an answer to a spent challenge, from another origin, or to a challenge made for signing in', async () => {
    await clearLimits();
    const token = await signIn('stranger@example.com');
    await verifyPassword(token);
    const options = (await call('POST', '/accounts/me/passkeys/options', token)).json().options;
    const foreign = createCredential(options, 'https://evil.example').response;
    expect((await call('POST', '/accounts/me/passkeys', token, { response: foreign })).json().code).toBe(
      'passkey_invalid',
    );
    // That answer spent the challenge: the right origin now hears it is over.
    const late = createCredential(options, ORIGIN).response;
    expect((await call('POST', '/accounts/me/passkeys', token, { response: late })).json()).toMatchObject({
      code: 'passkey_challenge_expired',
      hydraErrorCode: 1081,
    });
    const forSignIn = createCredential({ ...(await signInOptions()), rp: {}, user: { id: 'AAAA' } }, ORIGIN).response;
    expect((await call('POST', '/accounts/me/passkeys', token, { response: forSignIn })).json().code).toBe(
      'passkey_challenge_expired',
    );
    expect((await call('GET', '/accounts/me/passkeys', token)).json().items).toEqual([]);
  });

  it(`holds at most ${PASSKEYS_MAX} passkeys an account`, async () => {
    await clearLimits();
    const token = await signIn('collector@example.com');
    await verifyPassword(token);
    for (let i = 0; i < PASSKEYS_MAX; i++) await addPasskey(token, {}, `Key ${i + 1}`);
    const refused = await call('POST', '/accounts/me/passkeys/options', token);
    expect(refused.json()).toMatchObject({ code: 'passkey_limit_reached', hydraErrorCode: 1083 });
    await clearLimits();
  });

  it('refuses a body that is not a passkey answer with the fields named', async () => {
    const token = await signIn('stranger@example.com');
    await verifyPassword(token);
    const bad = await call('POST', '/accounts/me/passkeys', token, { response: { id: 'x', type: 'password' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_request');
  });
});

describe('signing in with a passkey', () => {
  let credential: Credential;
  beforeAll(async () => {
    await clearLimits();
    const token = await signIn('twofactor@example.com');
    await verifyPassword(token);
    credential = await addPasskey(token);
    // Two-factor on.
    await verifyPassword(token);
    const started = (await call('POST', '/accounts/me/mfa', token)).json();
    const on = await call('PUT', '/accounts/me/mfa/activate', token, {
      code: authenticatorCode(started.secret, Date.now()),
    });
    expect(on.statusCode).toBe(200);
  });

  it('signs in fully with a verified user, two-factor on or not, and audits the sign-in', async () => {
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'portal.example.test', userVerification: 'preferred' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = await passkeySignIn(assertCredential(credential, options, ORIGIN));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ mfa_required: false });
    const me = await call('GET', '/accounts/me', answer.json().access_token);
    expect(me.json().username).toBe('Twofactor');
    const activity = (await call('GET', '/accounts/me/activity', answer.json().access_token)).json().items;
    expect(activity[0]).toMatchObject({ type: 'sign_in', method: 'passkey' });
  });

  it('without user verification it is a first step: two-factor is still asked, not by the passkey again', async () => {
    const answer = await passkeySignIn(
      assertCredential(credential, await signInOptions(), ORIGIN, { verified: false }),
    );
    expect(answer.json().mfa_required).toBe(true);
    const pending = answer.json().access_token as string;
    const current = await call('GET', '/sessions/me/current', pending);
    expect(current.json().mfa_methods).toEqual(['mfa_code', 'backup_code', 'email_code']);
  });

  it('is a second step after the password, through the verify call', async () => {
    await clearLimits();
    const pending = await signIn('twofactor@example.com');
    expect((await call('GET', '/sessions/me/current', pending)).json().mfa_methods).toEqual([
      'mfa_code',
      'backup_code',
      'email_code',
      'passkey',
    ]);
    expect((await call('GET', '/accounts/me', pending)).statusCode).toBe(401);
    const options = await call('POST', '/sessions/me/passkey/options', pending);
    expect(options.json().options.allowCredentials).toEqual([
      { id: credential.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
    const verified = await call('PUT', '/sessions/me/verify', pending, {
      code_type: 'passkey',
      response: assertCredential(credential, options.json().options, ORIGIN),
    });
    expect(verified.statusCode).toBe(200);
    expect((await call('GET', '/accounts/me', pending)).statusCode).toBe(200);
  });

  it('refuses a challenge used twice, an unknown passkey, and a counter that went back', async () => {
    await clearLimits();
    const options = await signInOptions();
    expect((await passkeySignIn(assertCredential(credential, options, ORIGIN))).statusCode).toBe(200);
    const again = await passkeySignIn(assertCredential(credential, options, ORIGIN));
    expect(again.json()).toMatchObject({ code: 'passkey_challenge_expired', hydraErrorCode: 1081 });
    const unknown = createCredential({ challenge: 'x', rp: {}, user: { id: 'AAAA' } }, ORIGIN).credential;
    const stranger = await passkeySignIn(assertCredential(unknown, await signInOptions(), ORIGIN));
    expect(stranger.json()).toMatchObject({ code: 'passkey_unknown', hydraErrorCode: 1085 });
    const cloned = await passkeySignIn(
      assertCredential({ ...credential }, await signInOptions(), ORIGIN, { counter: credential.counter - 1 }),
    );
    expect(cloned.json().code).toBe('passkey_invalid');
    const forged = assertCredential(credential, await signInOptions(), ORIGIN) as {
      response: { signature: string };
    };
    forged.response.signature = forged.response.signature.replace(/^../, 'AA');
    expect((await passkeySignIn(forged)).json().code).toBe('passkey_invalid');
  });
});

describe('managing passkeys', () => {
  it('renames one, refuses another account’s, and removes one after a passkey re-authentication', async () => {
    await clearLimits();
    const token = await signIn('counter@example.com');
    await verifyPassword(token);
    const credential = await addPasskey(token, { synced: false });
    const [stored] = (await call('GET', '/accounts/me/passkeys', token)).json().items as {
      id: string;
      synced: boolean;
    }[];
    expect(stored?.synced).toBe(false);
    const id = stored?.id ?? '';
    const renamed = await call('PUT', `/accounts/me/passkeys/${id}`, token, { name: '  YubiKey 5C  ' });
    expect(renamed.json()).toMatchObject({ id, name: 'YubiKey 5C' });
    const empty = await call('PUT', `/accounts/me/passkeys/${id}`, token, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    const other = await signIn('stranger@example.com');
    expect((await call('PUT', `/accounts/me/passkeys/${id}`, other, { name: 'Mine' })).json().code).toBe('not_found');

    // A fresh sign-in has proved nothing yet; a passkey proves the player again.
    const later = await signIn('counter@example.com');
    expect((await call('DELETE', `/accounts/me/passkeys/${id}`, later)).json().code).toBe('reauthentication_required');
    const options = (await call('POST', '/sessions/me/passkey/options', later)).json().options;
    const verified = await call('PUT', '/sessions/me/verify', later, {
      code_type: 'passkey',
      response: assertCredential(credential, options, ORIGIN),
    });
    expect(verified.statusCode).toBe(200);
    expect((await call('DELETE', `/accounts/me/passkeys/${id}`, later)).statusCode).toBe(200);
    expect((await call('DELETE', `/accounts/me/passkeys/${id}`, later)).json().code).toBe('not_found');
    expect((await mails('counter@example.com')).map((m) => m.template)).toContain('passkey_removed');
    // The removed passkey signs in no more, and there is none left to verify with.
    const gone = await passkeySignIn(assertCredential(credential, await signInOptions(), ORIGIN));
    expect(gone.json().code).toBe('passkey_unknown');
    expect((await call('POST', '/sessions/me/passkey/options', later)).json()).toMatchObject({
      code: 'passkey_none',
      hydraErrorCode: 1084,
    });
    await clearLimits();
  });
});
