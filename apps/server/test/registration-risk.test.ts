// Registration risk flags over the API (issue 30; spec 000 §4 rule 12): a registration with a
// throwaway address, the Nth from one client address or one visitor in RISK_WINDOW_MINUTES (a fake
// clock moves through the window), or, with RISK_CAPTCHA=flag, with a refused captcha (a real
// siteverify peer on 127.0.0.1) makes a flagged account; verifying the address lifts the flag. The
// signals go to operators (the audit trail, the metric), never to the player's recent activity.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startSiteverifyPeer } from './siteverify-peer.ts';
import type { SiteverifyPeer } from './siteverify-peer.ts';

const PASSWORD = 'Tq8#vLp2-Outrider';
const METRICS_TOKEN = 'risk-test-metrics-token';
const SECRET = 'turnstile-test-secret';
const TOKEN = 'turnstile-response-token';
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ SIGN_IN_PER_MINUTE: '1000', METRICS_TOKEN }, { seed: false });
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

interface From {
  ip?: string;
  visitor?: string;
  captcha?: string;
}

/** POST /api/accounts with a password (the address not proven), from a client address and visitor. */
const registerOn = (app: TestApp, email: string | null, from: From = {}, extra: Record<string, unknown> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/api/accounts?options=account&options=refresh_token',
    remoteAddress: from.ip ?? '127.0.0.1',
    headers: portalHeaders({
      accept: 'application/json',
      'content-type': 'application/json',
      ...(from.visitor ? { 'x-hydra-visitor-id': from.visitor } : {}),
      ...(from.captcha ? { 'x-captcha-response': from.captcha } : {}),
    }),
    payload: {
      ...(email === null ? {} : { email, password: PASSWORD }),
      country: 'US',
      date_of_birth: '1994-02-11',
      marketing_opt_in: false,
      tos_consent: true,
      ...extra,
    },
  });
const register = (email: string, from: From = {}, extra: Record<string, unknown> = {}) =>
  registerOn(t, email, from, extra);

/** Whether the account just registered is flagged, as the account answer of the registration says. */
const flaggedOf = (res: {
  statusCode: number;
  body: string;
  json: () => { account: { registration_flagged: boolean } };
}) => {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().account.registration_flagged;
};

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: portalHeaders({
      accept: 'application/json',
      'x-hydra-access-token': token,
      ...(payload ? { 'content-type': 'application/json' } : {}),
    }),
    ...(payload ? { payload: payload as object } : {}),
  });
const latestMail = async (to: string) => (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${to}` })).json()[0];
const operatorEvents = async (accountId: string) =>
  (await t.deps.audit.forOperator(accountId, 20)).map((event) => [event.type, event.method]);
/** portal_registrations_flagged_total of a signal, as GET /metrics answers it. */
const flaggedTotal = async (signal: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = res.body
    .split('\n')
    .find((l) => l.startsWith(`portal_registrations_flagged_total{signal="${signal}"} `));
  return Number(line?.split(' ')[1] ?? 0);
};

describe('a throwaway address', () => {
  it('flags the account (GET /accounts/me), an everyday address does not', async () => {
    const throwaway = await register('outrider@mailinator.com', { ip: '198.51.100.1' });
    expect(flaggedOf(throwaway)).toBe(true);
    const me = await call('GET', '/api/accounts/me', throwaway.json().access_token);
    expect(me.json()).toMatchObject({ registration_flagged: true, email_verified: false });

    const everyday = await register('outrider@example.com', { ip: '198.51.100.2' });
    expect(flaggedOf(everyday)).toBe(false);
    expect((await call('GET', '/api/accounts/me', everyday.json().access_token)).json()).toMatchObject({
      registration_flagged: false,
    });
  });

  it('flags under a subdomain of a listed domain too', async () => {
    expect(flaggedOf(await register('rider@eu.mailinator.com', { ip: '198.51.100.3' }))).toBe(true);
  });

  it('tells operators which signal flagged it, and not the player', async () => {
    const before = await flaggedTotal('disposable_email');
    const res = await register('scout@yopmail.com', { ip: '198.51.100.4' });
    expect(flaggedOf(res)).toBe(true);
    const { account, access_token: token } = res.json();
    expect(await operatorEvents(account.id)).toEqual([['registration_flagged', 'disposable_email']]);
    const activity = await call('GET', '/api/accounts/me/activity', token);
    expect(activity.statusCode, activity.body).toBe(200);
    expect(activity.json().items.map((item: { type: string }) => item.type)).not.toContain('registration_flagged');
    expect(await flaggedTotal('disposable_email')).toBe(before + 1);
  });

  it('is lifted by verifying the address', async () => {
    const res = await register('courier@mailinator.com', { ip: '198.51.100.5' });
    expect(flaggedOf(res)).toBe(true);
    const token = res.json().access_token;
    expect((await call('PUT', '/api/accounts/me/send_verification_email', token)).statusCode).toBe(200);
    const mail = await latestMail('courier@mailinator.com');
    expect((await call('POST', '/api/accounts/verify_email', token, { code: mail.code })).statusCode).toBe(200);
    expect((await call('GET', '/api/accounts/me', token)).json()).toMatchObject({
      registration_flagged: false,
      email_verified: true,
    });
  });

  it('proven by the emailed code in the registration itself leaves nothing to flag', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/accounts/register/email',
      remoteAddress: '198.51.100.6',
      headers: portalHeaders({ 'content-type': 'application/json' }),
      payload: { email: 'coded@mailinator.com' },
    });
    const { code } = await latestMail('coded@mailinator.com');
    const res = await register(
      'coded@mailinator.com',
      { ip: '198.51.100.6' },
      { password: undefined, email_code: code },
    );
    expect(flaggedOf(res)).toBe(false);
    expect(res.json().account.email_verified).toBe(true);
    expect(await operatorEvents(res.json().account.id)).toEqual([]);
  });
});

describe('registrations from one client address', () => {
  it('flag the one after RISK_REGISTRATIONS_PER_ADDRESS in RISK_WINDOW_MINUTES, by the service clock', async () => {
    const start = new Date('2026-05-04T10:00:00.000Z').getTime();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const ip = '203.0.113.7';
    for (let i = 1; i <= 5; i++) expect(flaggedOf(await register(`wave${i}@example.com`, { ip })), `#${i}`).toBe(false);

    vi.setSystemTime(start + 59 * MINUTE);
    const sixth = await register('wave6@example.com', { ip });
    expect(flaggedOf(sixth)).toBe(true);
    expect(await operatorEvents(sixth.json().account.id)).toEqual([['registration_flagged', 'address_window']]);
    // Another address is not concerned.
    expect(flaggedOf(await register('elsewhere@example.com', { ip: '203.0.113.8' }))).toBe(false);

    // The window's edge: the first five are counted until exactly RISK_WINDOW_MINUTES have passed.
    vi.setSystemTime(start + 60 * MINUTE - 1);
    expect(flaggedOf(await register('wave7@example.com', { ip }))).toBe(true);
    vi.setSystemTime(start + 60 * MINUTE);
    expect(flaggedOf(await register('wave8@example.com', { ip }))).toBe(false);
  });

  it('count an IPv6 client by its /64', async () => {
    for (let i = 1; i <= 5; i++)
      expect(flaggedOf(await register(`six${i}@example.com`, { ip: `2001:db8:7:1::a${i}` }))).toBe(false);
    expect(flaggedOf(await register('six6@example.com', { ip: '2001:db8:7:1:ffff::1' }))).toBe(true);
    expect(flaggedOf(await register('six7@example.com', { ip: '2001:db8:7:2::1' }))).toBe(false);
  });

  it('are kept as keyed hashes, never the address itself', async () => {
    const rows = await t.deps.db.query<{ address_hash: string | null; visitor_hash: string | null }>(
      'SELECT address_hash, visitor_hash FROM registration_sources',
    );
    expect(rows.length).toBeGreaterThan(10);
    const stored = JSON.stringify(rows);
    for (const address of ['203.0.113.7', '2001:db8:7:1', '198.51.100.1']) expect(stored).not.toContain(address);
    expect(rows.every((row) => /^[\w-]{43}$/.test(row.address_hash ?? ''))).toBe(true);
  });
});

describe('registrations of one visitor', () => {
  it('flag the one after RISK_REGISTRATIONS_PER_VISITOR, from any address', async () => {
    const visitor = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
    const before = await flaggedTotal('visitor_window');
    for (let i = 1; i <= 3; i++)
      expect(flaggedOf(await register(`visit${i}@example.com`, { ip: `192.0.2.${i}`, visitor }))).toBe(false);
    const fourth = await register('visit4@example.com', { ip: '192.0.2.4', visitor });
    expect(flaggedOf(fourth)).toBe(true);
    expect(await operatorEvents(fourth.json().account.id)).toEqual([['registration_flagged', 'visitor_window']]);
    const other = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
    expect(flaggedOf(await register('visit5@example.com', { ip: '192.0.2.5', visitor: other }))).toBe(false);
    expect(await flaggedTotal('visitor_window')).toBe(before + 1);
  });
});

describe('a refused captcha on registration', () => {
  let peer: SiteverifyPeer;
  let flagging: TestApp;
  let refusing: TestApp;
  const captcha = { CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SECRET: SECRET, CAPTCHA_SITE_KEY: 'turnstile-site-key' };

  beforeAll(async () => {
    peer = await startSiteverifyPeer({ secret: SECRET, token: TOKEN });
    const env = { ...captcha, CAPTCHA_VERIFY_URL: peer.url, SIGN_IN_PER_MINUTE: '1000' };
    flagging = await testApp({ ...env, RISK_CAPTCHA: 'flag' }, { seed: false });
    refusing = await testApp({ ...env, RISK_CAPTCHA: 'refuse', RISK_DISPOSABLE_EMAIL: 'off' }, { seed: false });
  });
  afterAll(async () => {
    await flagging?.close();
    await refusing?.close();
    await peer?.close();
  });
  afterEach(() => {
    peer.passing = true;
    peer.outOfService = false;
  });

  it('with RISK_CAPTCHA=flag: missing, failed or not checkable, the account is created flagged', async () => {
    const missing = await registerOn(flagging, 'nocaptcha@example.com', { ip: '192.0.2.10' });
    expect(flaggedOf(missing)).toBe(true);
    const events = await flagging.deps.audit.forOperator(missing.json().account.id, 5);
    expect(events.map((event) => [event.type, event.method])).toEqual([['registration_flagged', 'captcha']]);

    peer.passing = false;
    expect(flaggedOf(await registerOn(flagging, 'failed@example.com', { ip: '192.0.2.11', captcha: TOKEN }))).toBe(
      true,
    );
    peer.passing = true;
    peer.outOfService = true;
    expect(flaggedOf(await registerOn(flagging, 'down@example.com', { ip: '192.0.2.12', captcha: TOKEN }))).toBe(true);
    peer.outOfService = false;
    expect(flaggedOf(await registerOn(flagging, 'passed@example.com', { ip: '192.0.2.13', captcha: TOKEN }))).toBe(
      false,
    );
  });

  it('with RISK_CAPTCHA=flag: a registration without an address to prove is still refused', async () => {
    const res = await registerOn(flagging, null, { ip: '192.0.2.14' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ hydraErrorCode: 1201, code: 'captcha_missing' });
  });

  it('with RISK_CAPTCHA=flag: password sign-in still refuses', async () => {
    const res = await flagging.app.inject({
      method: 'POST',
      url: '/api/sessions/auth/password',
      headers: portalHeaders({ 'content-type': 'application/json' }),
      payload: { email: 'passed@example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ hydraErrorCode: 1201 });
  });

  it('with RISK_CAPTCHA=refuse: refused as before, and no account is made', async () => {
    expect((await registerOn(refusing, 'refused@example.com')).json()).toMatchObject({ hydraErrorCode: 1201 });
    peer.passing = false;
    expect((await registerOn(refusing, 'refused@example.com', { captcha: TOKEN })).json()).toMatchObject({
      hydraErrorCode: 1202,
    });
    peer.passing = true;
    peer.outOfService = true;
    const down = await registerOn(refusing, 'refused@example.com', { captcha: TOKEN });
    expect([down.statusCode, down.json().hydraErrorCode]).toEqual([503, 1204]);
    expect(await refusing.deps.accounts.findByEmail('refused@example.com')).toBeUndefined();
  });

  it('with RISK_DISPOSABLE_EMAIL=off: a throwaway address is not looked at', async () => {
    expect(flaggedOf(await registerOn(refusing, 'plain@mailinator.com', { captcha: TOKEN }))).toBe(false);
  });
});
