// The audit trail (ADR 027): each account's security events, recorded where they happen with where
// the request came from, shown to the player (GET /api/accounts/me/activity) and to operators
// (`npm run admin -- audit`), and counted in GET /metrics (lockouts, sign-ins by method).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin/commands.ts';
import { composeOperations } from '../src/composition.ts';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { authenticatorCode } from './authenticator.ts';
import { apiCall, insertAccount, portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const PASSWORD = 'Tq8#vLp2-Audited';
const NEW_PASSWORD = 'Zr4!mKq9-Changed';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const METRICS_TOKEN = 'metrics-token-of-the-test-0001';
let t: TestApp;
let passwordHash: string;

beforeAll(async () => {
  t = await testApp({ SOFT_LOCK_THRESHOLD: '3', METRICS_TOKEN });
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());

const signIn = (email: string, password: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/sessions/auth/password',
    remoteAddress,
    headers: portalHeaders({ 'content-type': 'application/json', accept: 'application/json', 'user-agent': FIREFOX }),
    payload: { email, password },
  });
const activity = async (token: string) =>
  (await apiCall(t.app, 'GET', '/api/accounts/me/activity', token)).json().items as Array<Record<string, unknown>>;
const metrics = async () =>
  (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;

describe('audit trail', () => {
  it('records sign-ins with the address and device, wrong passwords, the lock, and changes; newest first', async () => {
    const email = 'audited@example.com';
    const id = await insertAccount(t.deps.db, { email, username: 'Audited', passwordHash });
    expect((await signIn(email, 'wrong-password-1')).statusCode).toBe(401);
    const signedIn = (await signIn(email, PASSWORD)).json();
    const token = signedIn.access_token as string;

    const changed = await apiCall(t.app, 'PUT', '/api/accounts/me/password', token, {
      password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    const proved = await apiCall(t.app, 'PUT', '/api/sessions/me/verify', token, {
      code_type: 'password',
      password: NEW_PASSWORD,
    });
    expect(proved.statusCode).toBe(200);
    const started = (await apiCall(t.app, 'POST', '/api/accounts/me/mfa', token)).json();
    const activated = await apiCall(t.app, 'PUT', '/api/accounts/me/mfa/activate', token, {
      code: authenticatorCode(started.secret, Date.now()),
    });
    expect(activated.statusCode).toBe(200);

    const items = await activity(token);
    expect(items.map((item) => item.type)).toEqual(['mfa_enabled', 'password_changed', 'sign_in', 'sign_in_failed']);

    // With two-factor on, the password alone is not a sign-in yet; the second step makes it one.
    const pending = (await signIn(email, NEW_PASSWORD)).json();
    expect(pending.mfa_required).toBe(true);
    expect(await activity(token)).toHaveLength(4);
    const nextStep = Math.floor(Date.now() / 30_000 + 1) * 30_000;
    const completed = await apiCall(t.app, 'PUT', '/api/sessions/mfa', pending.access_token, {
      code_type: 'mfa_code',
      code: authenticatorCode(started.secret, nextStep),
    });
    expect(completed.statusCode).toBe(200);
    expect((await activity(token))[0]).toMatchObject({ type: 'sign_in', method: 'authenticator' });
    expect(items[2]).toMatchObject({
      type: 'sign_in',
      method: 'password',
      ip: '203.0.113.7',
      browser: 'Firefox',
      os: 'Linux',
      client_name: null,
    });
    expect(items[3]).toMatchObject({ type: 'sign_in_failed', method: 'password', browser: 'Firefox' });
    expect(new Date(String(items[0]?.created_at)).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // Operators read the same trail by address or by account id, without the player's secrets.
    const byEmail = await runAdmin(['audit', email], composeOperations(t.deps.db, t.deps.config));
    expect(byEmail[0]).toBe(
      `${email} ${id}: 5 security event(s), newest first (time, event, method, address, device, game, operator)`,
    );
    expect(byEmail[4]).toMatch(/\tsign_in\tpassword\t203\.0\.113\.7\tFirefox on Linux\t-\t-$/);
    expect(await runAdmin(['audit', id, '--limit', '1'], composeOperations(t.deps.db, t.deps.config))).toHaveLength(2);
    expect(await runAdmin(['audit', 'nobody@example.com'], composeOperations(t.deps.db, t.deps.config))).toEqual([
      'no account with the address nobody@example.com',
    ]);
  });

  it('records the attempt that locks an account, and counts the lock in the metrics', async () => {
    const email = 'locked-out@example.com';
    const id = await insertAccount(t.deps.db, { email, username: 'LockedOut', passwordHash });
    const before = /portal_account_lockouts_total (\d+)/.exec(await metrics())?.[1];
    for (let i = 0; i < 3; i++) await signIn(email, `wrong-password-${i}`, '198.51.100.4');
    const events = await t.deps.audit.forOperator(id, 10);
    expect(events.map((event) => event.type)).toEqual([
      'account_locked',
      'sign_in_failed',
      'sign_in_failed',
      'sign_in_failed',
    ]);
    expect(events[0]).toMatchObject({ ip: '198.51.100.4', method: 'password' });
    expect(Number(/portal_account_lockouts_total (\d+)/.exec(await metrics())?.[1])).toBe(Number(before) + 1);
    await t.deps.db.query('DELETE FROM rate_limits');
  });

  it('shows a player only their own events, and refuses without a sign-in', async () => {
    const other = await insertAccount(t.deps.db, { email: 'other-player@example.com', username: 'OtherOne' });
    const token = (await t.deps.tokens.start({ accountId: other })).accessToken;
    expect(await activity(token)).toEqual([]);
    expect((await apiCall(t.app, 'GET', '/api/accounts/me/activity')).statusCode).toBe(401);
    expect((await apiCall(t.app, 'GET', '/api/accounts/me/activity?limit=500', token)).statusCode).toBe(400);
  });
});

describe('GET /metrics', () => {
  it('exists only with METRICS_TOKEN, and answers only that token', async () => {
    const plain = await testApp({}, { seed: false });
    // Without a token the address is the web app's like any other (its not-found page), no metrics.
    const none = await plain.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.headers['content-type']).toMatch(/^text\/html/);
    expect(none.body).not.toContain('portal_');
    await plain.close();
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-of-the-test-0002' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'unauthorized', hydraErrorCode: 1018 });
  });

  it('shows requests per call with latency, sign-ins by method and outcome, and the mail queue', async () => {
    const email = 'measured@example.com';
    await insertAccount(t.deps.db, { email, username: 'Measured', passwordHash });
    await signIn(email, PASSWORD);
    await signIn(email, 'not-the-password');
    await t.deps.mailer.stop();
    await apiCall(t.app, 'POST', '/api/accounts/recovery/init', undefined, { email });
    const text = await metrics();
    t.deps.mailer.start();
    expect(text).toMatch(
      /portal_http_request_duration_seconds_count\{method="POST",route="\/api\/sessions\/auth\/password",status="200"\} [1-9]/,
    );
    expect(text).toMatch(/portal_sign_ins_total\{method="password",outcome="success"\} [1-9]/);
    expect(text).toMatch(/portal_sign_ins_total\{method="password",outcome="refused"\} [1-9]/);
    expect(text).toMatch(/portal_mail_queue\{state="pending"\} [1-9]/);
    expect(text).toMatch(/portal_mail_queue_oldest_pending_seconds \d/);
    expect(text).toMatch(/portal_nodejs_eventloop_lag_seconds \d/);
    expect(text).not.toContain(email);
  });
});

describe('audit trail: how a sign-in finished, and an email change done (issue 28)', () => {
  const outboxCode = async (to: string, template: string) => {
    const mails = (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` })).json();
    return (mails as Array<{ template: string; code: string | null; link: string | null }>).find(
      (mail) => mail.template === template,
    );
  };
  const emailedSignInCode = async (email: string) => {
    // One code a minute per address: the test asks for several.
    await t.deps.db.query('DELETE FROM rate_limits');
    expect((await apiCall(t.app, 'POST', '/api/sessions/email', undefined, { email })).statusCode).toBe(200);
    return (await outboxCode(email, 'sign_in_code'))?.code ?? '';
  };

  it('names the second step of a two-factor sign-in: authenticator, backup code or a code sent by email', async () => {
    const email = 'second-step@example.com';
    await insertAccount(t.deps.db, { email, username: 'SecondStep', passwordHash });
    const first = (await signIn(email, PASSWORD, '203.0.113.21')).json();
    await apiCall(t.app, 'PUT', '/api/sessions/me/verify', first.access_token, {
      code_type: 'password',
      password: PASSWORD,
    });
    const started = (await apiCall(t.app, 'POST', '/api/accounts/me/mfa', first.access_token)).json();
    const activated = await apiCall(t.app, 'PUT', '/api/accounts/me/mfa/activate', first.access_token, {
      code: authenticatorCode(started.secret, Date.now()),
    });
    const backupCode = (activated.json().backup_codes as Array<{ code: string }>)[0]?.code;

    const byAuthenticator = (await signIn(email, PASSWORD, '203.0.113.22')).json();
    const nextStep = Math.floor(Date.now() / 30_000 + 1) * 30_000;
    const completed = await apiCall(t.app, 'PUT', '/api/sessions/mfa', byAuthenticator.access_token, {
      code_type: 'mfa_code',
      code: authenticatorCode(started.secret, nextStep),
    });
    expect(completed.statusCode).toBe(200);
    const byBackupCode = (await signIn(email, PASSWORD, '203.0.113.23')).json();
    expect(
      (
        await apiCall(t.app, 'PUT', '/api/sessions/mfa', byBackupCode.access_token, {
          code_type: 'backup_code',
          code: backupCode,
        })
      ).statusCode,
    ).toBe(200);
    // "Try another way": a code sent by email finishes the pending sign-in.
    const byEmail = (await signIn(email, PASSWORD, '203.0.113.24')).json();
    const verified = await apiCall(t.app, 'PUT', '/api/sessions/me/verify', byEmail.access_token, {
      code_type: 'email_code',
      code: await emailedSignInCode(email),
    });
    expect(verified.statusCode).toBe(200);

    const token = completed.json().access_token as string;
    const signIns = (await activity(token)).filter((item) => item.type === 'sign_in');
    expect(signIns.map((item) => item.method)).toEqual(['email_code', 'backup_code', 'authenticator', 'password']);

    // Proving oneself again in a full session is not a sign-in.
    const again = await apiCall(t.app, 'PUT', '/api/sessions/me/verify', token, {
      code_type: 'email_code',
      code: await emailedSignInCode(email),
    });
    expect(again.statusCode).toBe(200);
    expect((await activity(token)).filter((item) => item.type === 'sign_in')).toHaveLength(4);
    await t.deps.db.query('DELETE FROM rate_limits');
  });

  it('records an email change when it is asked for and again when the new address is verified', async () => {
    const email = 'moving-player@example.com';
    await insertAccount(t.deps.db, { email, username: 'MovingOn', passwordHash });
    const token = (await signIn(email, PASSWORD, '203.0.113.31')).json().access_token as string;
    // Proven again first: an email change asks for the password or the authenticator (ADR 029).
    await apiCall(t.app, 'PUT', '/api/sessions/me/verify', token, { code_type: 'password', password: PASSWORD });

    // Verified by the code, signed in.
    const byCode = 'moved-by-code@example.com';
    expect((await apiCall(t.app, 'PUT', '/api/accounts/me/email', token, { email: byCode })).statusCode).toBe(200);
    const code = (await outboxCode(byCode, 'verify_email'))?.code;
    expect((await apiCall(t.app, 'POST', '/api/accounts/verify_email', token, { code })).statusCode).toBe(200);
    const afterCode = await activity(token);
    expect(afterCode.slice(0, 2).map((item) => [item.type, item.method])).toEqual([
      ['email_changed', 'verified'],
      ['email_changed', 'requested'],
    ]);

    // Verified by the mailed link, without a session.
    const byLink = 'moved-by-link@example.com';
    expect((await apiCall(t.app, 'PUT', '/api/accounts/me/email', token, { email: byLink })).statusCode).toBe(200);
    const link = (await outboxCode(byLink, 'verify_email'))?.link ?? '';
    const linkToken = new URL(link).searchParams.get('token');
    const verified = await apiCall(t.app, 'POST', '/api/accounts/verify_email', undefined, { token: linkToken });
    expect(verified.statusCode).toBe(200);
    const afterLink = await activity(token);
    expect(afterLink.slice(0, 2).map((item) => [item.type, item.method])).toEqual([
      ['email_changed', 'verified'],
      ['email_changed', 'requested'],
    ]);
    expect(afterLink.filter((item) => item.type === 'email_changed')).toHaveLength(4);
    await t.deps.db.query('DELETE FROM rate_limits');
  });
});
