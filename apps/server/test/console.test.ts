// The operators' console (issue 33): operators set up with a link and signed in with a password
// and an authenticator code; their tokens and players' never cross; each role refused what it
// lacks by the server; support finds a player by a platform name, bans them (their session ends),
// exports their data; an admin adds an operator and reads the audit of who did what.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorRole } from '@portal/contract/calls/console';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { authenticatorCode } from './authenticator.ts';
import { apiCall, insertAccount, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const PASSWORD = 'Tq8#vLp2-Supported';
const OPERATOR_PASSWORD = 'a long operator passphrase';
let t: TestApp;
let passwordHash: string;

beforeAll(async () => {
  t = await testApp({ SIGN_IN_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000' }, { seed: false });
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  apiCall(t.app, method, `/api${url}`, token, payload);

/** An operator's sign-in at the console with these credentials. */
const signIn = (email: string, password: string, code: string) =>
  call('POST', '/console/sessions', undefined, { email, password, code });

/** An operator of `role`, set up through its link as a person would: its token, secret and address. */
async function operatorOf(role: OperatorRole) {
  const email = `${role}-${randomUUID().slice(0, 8)}@ops.example.com`;
  const { setupUrl, operator } = await t.deps.operators.add({ email, role }, { commandLine: 'test' });
  const token = setupUrl.split('#')[1] ?? '';
  const info = await call('GET', `/console/setup/${token}`);
  expect(info.statusCode, info.body).toBe(200);
  expect(info.json()).toMatchObject({ email, role });
  const secret = String(info.json().totp_secret);
  const done = await call('POST', '/console/setup', undefined, {
    token,
    password: OPERATOR_PASSWORD,
    code: authenticatorCode(secret, Date.now()),
  });
  expect(done.statusCode, done.body).toBe(201);
  return { id: operator.id, email, secret, setupToken: token, token: String(done.json().token) };
}

async function player(name = `Player${randomUUID().slice(0, 6)}`) {
  const email = `p-${randomUUID().slice(0, 8)}@example.com`;
  const id = await insertAccount(t.deps.db, { email, passwordHash, username: name });
  const signedIn = await call('POST', '/sessions/auth/password', undefined, { email, password: PASSWORD });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return { id, email, name, access: String(signedIn.json().access_token) };
}

describe('operators sign in', () => {
  it('with the setup link once, then with email, password and a fresh authenticator code', async () => {
    const op = await operatorOf('viewer');
    const me = await call('GET', '/console/me', op.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: op.email, role: 'viewer', set_up: true, disabled: false });

    // The link works once.
    const again = await call('GET', `/console/setup/${op.setupToken}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('operator_setup_invalid');

    // The setup's code cannot be used again, and the operator (who has both factors) is told to
    // wait for the next one; the next step's code signs in.
    const replay = await signIn(op.email, OPERATOR_PASSWORD, authenticatorCode(op.secret, Date.now()));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'operator_code_used', message: expect.stringContaining('next code') });
    const next = await signIn(
      op.email.toUpperCase(),
      OPERATOR_PASSWORD,
      authenticatorCode(op.secret, Date.now() + 30_000),
    );
    expect(next.statusCode, next.body).toBe(201);
    expect(next.headers['cache-control']).toBe('no-store');
    expect(next.json()).toMatchObject({ idle_minutes: 30, operator: { email: op.email } });
  });

  it('answers the same refusal for an unknown address, a wrong password and a wrong code', async () => {
    const op = await operatorOf('viewer');
    const tries = [
      { email: 'nobody@ops.example.com', password: OPERATOR_PASSWORD, code: '123456' },
      { email: op.email, password: 'not the passphrase', code: authenticatorCode(op.secret, Date.now() + 30_000) },
      { email: op.email, password: OPERATOR_PASSWORD, code: '000000' },
    ];
    for (const body of tries) {
      const res = await call('POST', '/console/sessions', undefined, body);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('invalid_credentials');
    }
  });

  it('audits every sign-in of an operator and every refused one, with why and from where', async () => {
    const op = await operatorOf('admin');
    const wrong = await signIn(op.email, 'not the passphrase', '123456');
    expect(wrong.statusCode).toBe(401);
    const badCode = await signIn(op.email, OPERATOR_PASSWORD, '000000');
    expect(badCode.statusCode).toBe(401);
    const right = await signIn(op.email, OPERATOR_PASSWORD, authenticatorCode(op.secret, Date.now() + 30_000));
    expect(right.statusCode, right.body).toBe(201);
    // Signing out is audited too.
    const token = String(right.json().token);
    expect((await call('DELETE', '/console/sessions/me', token)).statusCode).toBe(200);
    const audit = await call('GET', `/console/audit?target=${op.id}`, op.token);
    expect(audit.json().entries.slice(0, 4)).toEqual([
      expect.objectContaining({ action: 'operator.sign_out', operator_email: op.email, why: 'signed out' }),
      expect.objectContaining({ action: 'operator.sign_in', operator_email: op.email, why: 'signed in' }),
      expect.objectContaining({ action: 'operator.sign_in_failed', why: 'wrong code' }),
      expect.objectContaining({
        action: 'operator.sign_in_failed',
        why: 'wrong password',
        after: { ip: expect.any(String) },
      }),
    ]);
  });

  it('locks an operator after 10 wrong tries in a row, until a new setup link', async () => {
    const op = await operatorOf('viewer');
    for (let i = 0; i < 10; i++) {
      const res = await signIn(op.email, `wrong ${i}`, '123456');
      expect(res.statusCode).toBe(401);
    }
    const right = await signIn(op.email, OPERATOR_PASSWORD, authenticatorCode(op.secret, Date.now() + 30_000));
    expect(right.statusCode).toBe(401);
    expect(right.json().code).toBe('invalid_credentials');
    // An admin sees the lock in the list of operators.
    const admin = await operatorOf('admin');
    const list = await call('GET', '/console/operators', admin.token);
    expect(list.json().operators).toContainEqual(expect.objectContaining({ email: op.email, locked: true }));
    expect(list.json().operators).toContainEqual(expect.objectContaining({ email: admin.email, locked: false }));
  });

  it('refuses a bad setup: a short password, a wrong code, a made-up link', async () => {
    const { setupUrl } = await t.deps.operators.add(
      { email: `s-${randomUUID().slice(0, 8)}@ops.example.com`, role: 'viewer' },
      { commandLine: 'test' },
    );
    const token = setupUrl.split('#')[1] ?? '';
    const secret = String((await call('GET', `/console/setup/${token}`)).json().totp_secret);
    const short = await call('POST', '/console/setup', undefined, {
      token,
      password: 'short',
      code: authenticatorCode(secret, Date.now()),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().body.issues[0].path).toBe('body.password');
    const wrong = await call('POST', '/console/setup', undefined, {
      token,
      password: OPERATOR_PASSWORD,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().body.issues[0].path).toBe('body.code');
    const madeUp = await call('GET', `/console/setup/os_${'x'.repeat(43)}`);
    expect(madeUp.json().code).toBe('operator_setup_invalid');
  });

  it("never takes a player's token, nor a player call an operator's", async () => {
    const op = await operatorOf('admin');
    const p = await player();
    const onConsole = await call('GET', '/console/me', p.access);
    expect(onConsole.statusCode).toBe(401);
    const onPlayer = await call('GET', '/accounts/me', op.token);
    expect(onPlayer.statusCode).toBe(401);
    const none = await call('GET', '/console/players?q=x');
    expect(none.statusCode).toBe(401);
  });

  it('ends a session that idled, and every session of a disabled operator', async () => {
    const op = await operatorOf('viewer');
    await t.deps.db.query(
      `UPDATE operator_sessions SET last_used_at = now() - interval '31 minutes'
        WHERE operator_id = (SELECT id FROM operators WHERE email = $1)`,
      [op.email],
    );
    expect((await call('GET', '/console/me', op.token)).statusCode).toBe(401);

    const other = await operatorOf('support');
    const admin = await operatorOf('admin');
    const disabled = await call('PUT', `/console/operators/${other.id}`, admin.token, {
      disabled: true,
      why: 'left the team',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().disabled).toBe(true);
    expect((await call('GET', '/console/me', other.token)).statusCode).toBe(401);
    const refused = await signIn(other.email, OPERATOR_PASSWORD, authenticatorCode(other.secret, Date.now() + 30_000));
    expect(refused.statusCode).toBe(401);
  });
});

describe('player support', () => {
  it('finds a player by a linked platform name, bans them (their session ends), exports their data', async () => {
    const support = await operatorOf('support');
    const p = await player();
    await t.deps.db.query(
      `INSERT INTO platform_links (account_id, platform, subject, username) VALUES ($1, 'steam', $2, 'Sn1perWolf')`,
      [p.id, `7656${Date.now()}`],
    );
    const found = await call('GET', '/console/players?q=sn1perwolf&platform=steam', support.token);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().players).toEqual([
      expect.objectContaining({
        id: p.id,
        status: 'active',
        matched: 'platform',
        matched_link: expect.objectContaining({ name: 'Sn1perWolf' }),
      }),
    ]);
    expect((await call('GET', `/console/players?q=${p.email.toUpperCase()}`, support.token)).json().players[0].id).toBe(
      p.id,
    );
    expect((await call('GET', `/console/players?q=${p.name}`, support.token)).json().players[0].matched).toBe(
      'display_name',
    );
    expect((await call('GET', `/console/players?q=${p.id}`, support.token)).json().players[0].matched).toBe('id');

    const page = await call('GET', `/console/players/${p.id}`, support.token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      email: p.email,
      status: 'active',
      links: [{ platform: 'steam', name: 'Sn1perWolf' }],
    });
    expect(page.json().sign_ins.web).toBe(1);

    const noReason = await call('POST', `/console/players/${p.id}/actions`, support.token, {
      action: 'ban',
      reason: 'cheating',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().body.issues[0].path).toBe('body.why');

    const banned = await call('POST', `/console/players/${p.id}/actions`, support.token, {
      action: 'ban',
      reason: 'cheating',
      note: 'Aimbot in ranked.',
      why: 'ticket 812: aimbot reports',
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json().player.status).toBe('banned');
    expect(banned.json().done).toMatch(/Banned/);
    const after = await call('GET', '/accounts/me', p.access);
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('account_banned');

    const exported = await call('POST', `/console/players/${p.id}/export`, support.token, { why: 'GDPR request 77' });
    expect(exported.statusCode, exported.body).toBe(200);
    const data = exported.json().data;
    expect(data.account).toMatchObject({ id: p.id, email: p.email, has_password: true });
    expect(JSON.stringify(data)).not.toContain('argon2');
    expect(data.platform_links[0]).toMatchObject({ platform: 'steam', username: 'Sn1perWolf' });
    expect(data.restrictions[0]).toMatchObject({ kind: 'ban', reason: 'cheating' });

    const unbanned = await call('POST', `/console/players/${p.id}/actions`, support.token, {
      action: 'unban',
      why: 'appeal upheld',
    });
    expect(unbanned.json().player.status).toBe('active');
  });

  it('takes the other actions: sign out, flag, lock, two-factor, unlink, delete', async () => {
    const support = await operatorOf('support');
    const p = await player();
    const act = (body: Record<string, unknown>) =>
      call('POST', `/console/players/${p.id}/actions`, support.token, { why: 'support ticket 9', ...body });

    // A ban from a game no one has is the field's error, not a 500.
    const noGame = await act({ action: 'ban', reason: 'cheating', game: 'starfall' });
    expect(noGame.statusCode, noGame.body).toBe(400);
    expect(noGame.json().body.issues).toEqual([
      expect.objectContaining({
        path: 'body.game',
        message: expect.stringContaining('No game has the slug "starfall"'),
      }),
    ]);
    expect((await act({ action: 'sign_out' })).json().done).toBe('Ended 1 sign-in.');
    expect((await call('GET', '/accounts/me', p.access)).statusCode).toBe(401);
    await act({ action: 'block', reason: 'under_review' });
    const twice = await act({ action: 'block', reason: 'under_review' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().body.issues[0].message).toBe('The account is already blocked');
    await act({ action: 'unblock' });
    expect((await act({ action: 'flag' })).json().player.registration_flagged).toBe(true);
    expect((await act({ action: 'unflag' })).json().player.registration_flagged).toBe(false);
    const notLocked = await act({ action: 'unlock' });
    expect(notLocked.statusCode).toBe(400);
    await t.deps.db.query('UPDATE accounts SET locked_at = now(), failed_sign_ins = 10 WHERE id = $1', [p.id]);
    expect((await act({ action: 'unlock' })).json().player.locked_at).toBeNull();
    const noCheck = await act({ action: 'remove_two_factor' });
    expect(noCheck.statusCode).toBe(400);
    expect(noCheck.json().body.issues[0].path).toBe('body.identity_check');
    const noTwoFactor = await act({ action: 'remove_two_factor', identity_check: 'video call, ID card matched' });
    expect(noTwoFactor.json().code).toBe('mfa_not_enabled');
    const unlinkNothing = await act({ action: 'unlink', platform: 'psn' });
    expect(unlinkNothing.statusCode).toBe(400);
    const deleted = await act({ action: 'delete' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ done: 'Deleted the account.', player: null });
    expect((await call('GET', `/console/players/${p.id}`, support.token)).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('a viewer reads but the server refuses its actions, its export and the operators', async () => {
    const viewer = await operatorOf('viewer');
    const p = await player();
    expect((await call('GET', `/console/players/${p.id}`, viewer.token)).statusCode).toBe(200);
    const ban = await call('POST', `/console/players/${p.id}/actions`, viewer.token, {
      action: 'ban',
      reason: 'cheating',
      why: 'trying my luck',
    });
    expect(ban.statusCode).toBe(403);
    expect(ban.json()).toMatchObject({
      code: 'operator_role_refused',
      message: 'Your role does not allow this. Ask an admin.',
    });
    expect((await call('GET', '/accounts/me', p.access)).statusCode).toBe(200);
    expect((await call('POST', `/console/players/${p.id}/export`, viewer.token, { why: 'curious' })).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/console/operators', viewer.token)).statusCode).toBe(403);
  });

  it('support acts on players but not on operators or the audit', async () => {
    const support = await operatorOf('support');
    expect((await call('GET', '/console/operators', support.token)).statusCode).toBe(403);
    expect((await call('GET', '/console/audit', support.token)).statusCode).toBe(403);
    const add = await call('POST', '/console/operators', support.token, {
      email: 'x@ops.example.com',
      role: 'admin',
      why: 'promote me',
    });
    expect(add.statusCode).toBe(403);
  });

  it('an admin adds an operator (setup link once), changes roles, and reads who did what', async () => {
    const admin = await operatorOf('admin');
    const email = `new-${randomUUID().slice(0, 8)}@ops.example.com`;
    const added = await call('POST', '/console/operators', admin.token, {
      email,
      role: 'support',
      why: 'new hire, ticket 3',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ operator: { email, role: 'support', set_up: false } });
    expect(String(added.json().setup_url)).toMatch(/\/console\/setup#os_/);
    const twice = await call('POST', '/console/operators', admin.token, {
      email: email.toUpperCase(),
      role: 'viewer',
      why: 'again',
    });
    expect(twice.statusCode).toBe(400);
    const id = String(added.json().operator.id);
    const changed = await call('PUT', `/console/operators/${id}`, admin.token, { role: 'viewer', why: 'probation' });
    expect(changed.json().role).toBe('viewer');
    // The same role again changes nothing, and is said so rather than audited.
    const same = await call('PUT', `/console/operators/${id}`, admin.token, { role: 'viewer', why: 'again' });
    expect(same.statusCode).toBe(400);
    expect(same.json().body.issues).toEqual([
      expect.objectContaining({ path: 'body.role', message: `${email} is viewer already` }),
    ]);
    const self = await call('PUT', `/console/operators/${admin.id}`, admin.token, { role: 'viewer', why: 'oops' });
    expect(self.statusCode).toBe(400);
    const list = await call('GET', '/console/operators', admin.token);
    expect(list.json().operators.map((o: { email: string }) => o.email)).toContain(email);

    const audit = await call('GET', `/console/audit?target=${id}`, admin.token);
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().entries).toEqual([
      expect.objectContaining({
        action: 'operator.update',
        operator_email: admin.email,
        why: 'probation',
        before: expect.objectContaining({ role: 'support' }),
        after: expect.objectContaining({ role: 'viewer' }),
      }),
      expect.objectContaining({ action: 'operator.add', operator_email: admin.email, why: 'new hire, ticket 3' }),
    ]);
  });
});

describe('a new setup link', () => {
  it('an admin makes one for another operator: their password, code and sessions stop working', async () => {
    const admin = await operatorOf('admin');
    const lost = await operatorOf('support');
    const support = await operatorOf('support');
    const byRole = await call('POST', `/console/operators/${lost.id}/setup-link`, support.token, { why: 'helping' });
    expect(byRole.statusCode).toBe(403);
    expect(byRole.json().code).toBe('operator_role_refused');
    const noWhy = await call('POST', `/console/operators/${lost.id}/setup-link`, admin.token, {});
    expect(noWhy.statusCode).toBe(400);
    expect(noWhy.json().body.issues).toEqual([expect.objectContaining({ path: 'body.why' })]);
    const self = await call('POST', `/console/operators/${admin.id}/setup-link`, admin.token, { why: 'mine' });
    expect(self.statusCode).toBe(400);
    const unknown = await call('POST', `/console/operators/${randomUUID()}/setup-link`, admin.token, { why: 'who' });
    expect(unknown.statusCode).toBe(404);

    const reset = await call('POST', `/console/operators/${lost.id}/setup-link`, admin.token, {
      why: 'lost phone, ticket 9',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(String(reset.json().setup_url)).toMatch(/\/console\/setup#os_/);
    // Their open session ended, and their old password and authenticator no longer sign in.
    expect((await call('GET', '/console/me', lost.token)).statusCode).toBe(401);
    const old = await signIn(lost.email, OPERATOR_PASSWORD, authenticatorCode(lost.secret, Date.now() + 60_000));
    expect(old.statusCode).toBe(401);
    // The new link sets them up again.
    const token = String(reset.json().setup_url).split('#')[1] ?? '';
    const info = await call('GET', `/console/setup/${token}`);
    expect(info.statusCode, info.body).toBe(200);
    const done = await call('POST', '/console/setup', undefined, {
      token,
      password: OPERATOR_PASSWORD,
      code: authenticatorCode(String(info.json().totp_secret), Date.now()),
    });
    expect(done.statusCode, done.body).toBe(201);
    const audit = await call('GET', `/console/audit?target=${lost.id}`, admin.token);
    expect(audit.json().entries).toContainEqual(
      expect.objectContaining({ action: 'operator.reset', operator_email: admin.email, why: 'lost phone, ticket 9' }),
    );
  });
});

describe('CONSOLE_ALLOWED_IPS', () => {
  it('refuses the console to other addresses, sign-in included', async () => {
    const closed = await testApp({ CONSOLE_ALLOWED_IPS: '10.1.0.0/16, 192.0.2.7' }, { seed: false });
    try {
      const res = await apiCall(closed.app, 'POST', '/api/console/sessions', undefined, {
        email: 'a@ops.example.com',
        password: 'x',
        code: '123456',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('console_address_refused');
      const inside = await apiCall(closed.app, 'GET', '/api/console/me', undefined, undefined, {
        remoteAddress: '10.1.2.3',
      });
      expect(inside.statusCode).toBe(401);
    } finally {
      await closed.close();
    }
  });
});

describe('the command line', () => {
  it('adds the first operator and prints the setup link, lists and resets operators', async () => {
    const { composeOperations } = await import('../src/composition.ts');
    const { runAdmin } = await import('../src/admin/commands.ts');
    const ops = composeOperations(t.deps.db, t.deps.config);
    const email = `cli-${randomUUID().slice(0, 8)}@ops.example.com`;
    const added = await runAdmin(['operators', 'add', email, '--role', 'admin'], ops);
    expect(added[0]).toContain(`added ${email} (admin)`);
    const link = added[1] ?? '';
    expect(link).toMatch(/^http:\/\/.+\/console\/setup#os_[\w-]{43}$/);
    const info = await call('GET', `/console/setup/${link.split('#')[1]}`);
    expect(info.json()).toMatchObject({ email, role: 'admin' });
    expect((await runAdmin(['operators', 'list'], ops)).join('\n')).toContain(`${email}\tadmin\twaiting for setup`);
    await expect(runAdmin(['operators', 'add', email, '--role', 'admin'], ops)).rejects.toThrow(/exists/);
    await expect(runAdmin(['operators', 'add', email, '--role', 'boss'], ops)).rejects.toThrow(/unknown role/);
    const reset = await runAdmin(['operators', 'reset', email], ops);
    expect(reset[1]).toMatch(/\/console\/setup#os_/);
    expect((await call('GET', `/console/setup/${link.split('#')[1]}`)).json().code).toBe('operator_setup_invalid');
  });
});

describe('live operations', () => {
  let live: TestApp;
  beforeAll(async () => {
    live = await testApp({ SIGN_IN_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000' }, { seed: true });
  });
  afterAll(async () => {
    await live?.close();
  });
  const liveCall = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
    apiCall(live.app, method, `/api${url}`, token, payload);
  async function liveOperator(role: OperatorRole) {
    const email = `live-${role}-${randomUUID().slice(0, 8)}@ops.example.com`;
    const { setupUrl } = await live.deps.operators.add({ email, role }, { commandLine: 'test' });
    const token = setupUrl.split('#')[1] ?? '';
    const secret = String((await liveCall('GET', `/console/setup/${token}`)).json().totp_secret);
    const done = await liveCall('POST', '/console/setup', undefined, {
      token,
      password: OPERATOR_PASSWORD,
      code: authenticatorCode(secret, Date.now()),
    });
    return String(done.json().token);
  }

  it('playtests: figures, keys imported with the bad lines named, campaign codes', async () => {
    const viewer = await liveOperator('viewer');
    const support = await liveOperator('support');
    const list = await liveCall('GET', '/console/playtests', viewer);
    expect(list.statusCode, list.body).toBe(200);
    const demo = list.json().playtests.find((p: { key: string }) => p.key === 'starfall-open-playtest');
    expect(demo).toMatchObject({ game: 'starfall-legends', platforms: expect.arrayContaining(['pc_steam']) });

    const bad = await liveCall('POST', '/console/playtests/starfall-open-playtest/keys', support, {
      platform: 'pc_steam',
      text: 'AAAAA-BBBBB-CCCCC\nnot a key\n',
      why: 'launch keys batch 1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().body.issues).toEqual([
      expect.objectContaining({ path: 'body.text', message: expect.stringMatching(/^Line 2: /) }),
    ]);
    const before = demo.keys.find((k: { platform: string }) => k.platform === 'pc_steam')?.total ?? 0;
    const good = await liveCall('POST', '/console/playtests/starfall-open-playtest/keys', support, {
      platform: 'pc_steam',
      text: 'AAAAA-BBBBB-CCCCC\nDDDDD-EEEEE-FFFFF\n',
      why: 'launch keys batch 1',
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().imported).toBe(2);
    expect(good.json().playtest.keys.find((k: { platform: string }) => k.platform === 'pc_steam').total).toBe(
      before + 2,
    );
    expect(
      (
        await liveCall('POST', '/console/playtests/starfall-open-playtest/keys', viewer, {
          platform: 'pc_steam',
          text: 'x',
          why: 'nope',
        })
      ).statusCode,
    ).toBe(403);

    const codes = await liveCall('POST', '/console/playtests/starfall-open-playtest/campaign_codes', support, {
      count: 3,
      type: 'single',
      why: 'creator campaign',
    });
    expect(codes.statusCode, codes.body).toBe(201);
    expect(codes.json().codes).toHaveLength(3);
    expect(
      (
        await liveCall('POST', '/console/playtests/nope/campaign_codes', support, {
          count: 1,
          type: 'single',
          why: 'x y z',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('games and clients: read by all, a redirect URI and a new secret by an admin only', async () => {
    const support = await liveOperator('support');
    const admin = await liveOperator('admin');
    const games = await liveCall('GET', '/console/games', support);
    expect(games.statusCode, games.body).toBe(200);
    const starfall = games.json().games.find((g: { slug: string }) => g.slug === 'starfall-legends');
    expect(starfall.clients.map((c: { client_id: string }) => c.client_id)).toContain('starfall-legends-pc');

    const uri = 'https://starfall.example.com/callback';
    expect(
      (await liveCall('POST', '/console/clients/starfall-legends-pc/redirect_uris', support, { uri, why: 'new site' }))
        .statusCode,
    ).toBe(403);
    const added = await liveCall('POST', '/console/clients/starfall-legends-pc/redirect_uris', admin, {
      uri,
      why: 'new site',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().redirect_uris).toContain(uri);
    const bad = await liveCall('POST', '/console/clients/starfall-legends-pc/redirect_uris', admin, {
      uri: 'javascript:alert(1)',
      why: 'oops',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().body.issues[0].path).toBe('body.uri');

    const publicClient = await liveCall('POST', '/console/clients/starfall-legends-pc/secret', admin, {
      why: 'leaked',
    });
    expect(publicClient.statusCode).toBe(400);
    await live.deps.db.query(
      `INSERT INTO oauth_clients (client_id, game_slug, name, kind, secret_hash, redirect_uris)
       VALUES ('starfall-server', 'starfall-legends', 'Starfall server', 'confidential', 'x', '{}')`,
    );
    const rotated = await liveCall('POST', '/console/clients/starfall-server/secret', admin, {
      why: 'leaked in a log',
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    expect(String(rotated.json().client_secret)).toMatch(/^[\w-]{43}$/);
  });

  it('terms, mail and flags', async () => {
    const viewer = await liveOperator('viewer');
    const support = await liveOperator('support');
    const admin = await liveOperator('admin');
    expect((await liveCall('POST', '/console/terms', support, { document: 'tos', why: 'new terms' })).statusCode).toBe(
      403,
    );
    const published = await liveCall('POST', '/console/terms', admin, { document: 'tos', why: 'new terms, legal 12' });
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json().version).toBeGreaterThan(1);

    const mail = await liveCall('GET', '/console/mail', viewer);
    expect(mail.statusCode, mail.body).toBe(200);
    expect(mail.json()).toMatchObject({ failed: expect.any(Number), failures: expect.any(Array) });
    expect((await liveCall('POST', '/console/mail/retry', viewer, { why: 'retry all' })).statusCode).toBe(403);
    const retried = await liveCall('POST', '/console/mail/retry', support, { why: 'smtp was down' });
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await liveCall('POST', '/console/mail/retry', support, { id: 999999, why: 'one' })).statusCode).toBe(404);

    const flags = await liveCall('GET', '/console/flags', viewer);
    expect(flags.json()).toMatchObject({
      maintenance: false,
      flags: expect.arrayContaining([expect.objectContaining({ name: 'game_page' })]),
    });
    expect(
      (await liveCall('PUT', '/console/flags/game_page', support, { enabled: false, why: 'x y z' })).statusCode,
    ).toBe(403);
    const off = await liveCall('PUT', '/console/flags/game_page', admin, {
      enabled: false,
      why: 'page broken in prod',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().flags).toContainEqual({ name: 'game_page', enabled: false });
    const settings = await liveCall('GET', '/settings/public');
    expect(settings.json().featureFlags.game_page).toBe(false);

    const audit = await liveCall('GET', '/console/audit', admin);
    const actions = audit.json().entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['flag.set', 'mail.retry', 'terms.publish']));
  });

  it("maintenance mode: an admin turns it on and the players' pages say so at once; then off", async () => {
    const support = await liveOperator('support');
    const admin = await liveOperator('admin');
    const page = async () => (await live.app.inject({ method: 'GET', url: '/sign-in' })).body;
    const config = async () => (await live.app.inject({ method: 'GET', url: '/config.json' })).json();
    expect((await config()).maintenanceMode).toBe('disabled');
    const refused = await liveCall('PUT', '/console/maintenance', support, { enabled: true, why: 'deploy' });
    expect(refused.statusCode).toBe(403);
    expect((await liveCall('PUT', '/console/maintenance', admin, { enabled: true })).statusCode).toBe(400);

    const on = await liveCall('PUT', '/console/maintenance', admin, {
      enabled: true,
      why: 'database upgrade, change 88',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ maintenance: true, maintenance_from_config: false });
    expect((await config()).maintenanceMode).toBe('enabled');
    // index.html carries the same config (where the app is built).
    if ((await page()).includes('"config"')) expect(await page()).toContain('"maintenanceMode":"enabled"');
    // It is not one of the public feature flags.
    expect(Object.keys((await liveCall('GET', '/settings/public')).json().featureFlags)).not.toContain(
      'maintenance_mode',
    );

    const off = await liveCall('PUT', '/console/maintenance', admin, { enabled: false, why: 'upgrade done' });
    expect(off.json()).toMatchObject({ maintenance: false });
    expect((await config()).maintenanceMode).toBe('disabled');
    const audit = await liveCall('GET', '/console/audit', admin);
    expect(audit.json().entries.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'maintenance.set', why: 'upgrade done', after: { enabled: false } }),
      expect.objectContaining({
        action: 'maintenance.set',
        why: 'database upgrade, change 88',
        before: { enabled: false },
      }),
    ]);
  });
});
