// Each instance keeps the session and account of the access tokens it has seen (ADR 017); a change
// made anywhere (another instance, plain SQL) is seen by the very next request on every instance.
// Two instances on one database, as behind a load balancer: on PostgreSQL each with connections
// of its own (its own pool and listening connection); on PGlite (one process) they share it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { App } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { LISTENER_APPLICATION_NAME } from '../src/db/listen.ts';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { PostgresCounterStore } from '../src/rate-limit/counter-store.ts';
import { apiCall, insertAccount, portalHeaders, testApp, usesPostgres } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { until } from './until.ts';

const PASSWORD = 'Tq8#vLp2-Starfall';
let a: TestApp;
/** The second instance. */
let b: App;
let dbB: Database;

beforeAll(async () => {
  a = await testApp({ SIGN_IN_PER_MINUTE: '1000' }, { seed: false });
  dbB = a.databaseUrl ? await openDatabase({ url: a.databaseUrl, poolSize: 4 }) : a.deps.db;
  b = await buildApp(a.deps.config, {
    config: a.deps.config,
    db: dbB,
    mailer: a.deps.mailer,
    counters: new PostgresCounterStore(dbB),
  });
  await b.ready();
});

afterAll(async () => {
  await b?.close();
  if (dbB && dbB !== a?.deps.db) await dbB.close();
  await a?.close();
});

let players = 0;
/** A new account signed in on instance A: its id, access and refresh tokens. */
async function signedInPlayer() {
  const n = ++players;
  const email = `cached-${n}@example.com`;
  const id = await insertAccount(a.deps.db, {
    email,
    username: `Cached${n}`,
    passwordHash: await hashPassword(PASSWORD),
  });
  const res = await a.app.inject({
    method: 'POST',
    url: '/api/sessions/auth/password',
    headers: portalHeaders({ 'content-type': 'application/json', accept: 'application/json' }),
    payload: { email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return { id, access: String(body.access_token), refresh: String(body.refresh_token) };
}

const me = (app: App, token: string) => apiCall(app, 'GET', '/api/accounts/me', token);

/** Reads the account on the instance until it keeps the token, so the next read may come from memory. */
async function keptOn(app: App, token: string) {
  const read = await me(app, token);
  expect(read.statusCode).toBe(200);
  expect(app.deps.signedIn.keeps(token)).toBe(true);
  return read.json();
}

function expectAuthExpired(res: Awaited<ReturnType<typeof me>>) {
  expect(res.statusCode).toBe(401);
  expect(res.json().key).toBe('error.auth_expired');
}

describe('a signed-in call on two instances of one database', () => {
  it('listens to the changes on both instances (else nothing would be kept)', () => {
    expect(a.deps.signedIn.caching).toBe(true);
    expect(b.deps.signedIn.caching).toBe(true);
  });

  it('refuses on B, at the very next request, a token that B keeps and A signed out', async () => {
    const player = await signedInPlayer();
    await keptOn(b, player.access);
    const signOut = await apiCall(a.app, 'DELETE', '/api/sessions', player.access);
    expect(signOut.statusCode).toBe(200);
    expectAuthExpired(await me(b, player.access));
    expect(b.deps.signedIn.keeps(player.access)).toBe(false);
  });

  it('refuses on the same instance a token it keeps, right after signing it out', async () => {
    const player = await signedInPlayer();
    await keptOn(a.app, player.access);
    expect((await apiCall(a.app, 'DELETE', '/api/sessions', player.access)).statusCode).toBe(200);
    expectAuthExpired(await me(a.app, player.access));
  });

  it('refuses on B the access token a refresh on A replaced, and accepts the new one', async () => {
    const player = await signedInPlayer();
    await keptOn(b, player.access);
    const refreshed = await a.app.inject({
      method: 'POST',
      url: '/api/sessions/auth/token',
      headers: portalHeaders({ 'content-type': 'application/json', accept: 'application/json' }),
      payload: { grant_type: 'refresh_token', refresh_token: player.refresh },
    });
    expect(refreshed.statusCode).toBe(200);
    expectAuthExpired(await me(b, player.access));
    expect((await me(b, String(refreshed.json().access_token))).statusCode).toBe(200);
  });

  it('shows on B, at the very next request, a display name changed on A', async () => {
    const player = await signedInPlayer();
    expect((await keptOn(b, player.access)).username).toBe(`Cached${players}`);
    const changed = await apiCall(a.app, 'PUT', '/api/accounts/me/username', player.access, {
      username: `Renamed${players}`,
    });
    expect(changed.statusCode).toBe(200);
    const read = await me(b, player.access);
    expect(read.statusCode).toBe(200);
    expect(read.json().username).toBe(`Renamed${players}`);
  });

  it('refuses on B the token of an account deleted outside the app (plain SQL, as an operator)', async () => {
    const player = await signedInPlayer();
    await keptOn(b, player.access);
    await a.deps.db.query('DELETE FROM accounts WHERE id = $1', [player.id]);
    expectAuthExpired(await me(b, player.access));
  });

  it('sees a change of the account made by plain SQL at the very next request', async () => {
    const player = await signedInPlayer();
    await keptOn(b, player.access);
    await a.deps.db.query(`UPDATE accounts SET country = 'FR' WHERE id = $1`, [player.id]);
    expect((await me(b, player.access)).json().country).toBe('FR');
    // Revoking every session of the account (as a password reset does), in SQL.
    await a.deps.db.query('UPDATE sessions SET revoked_at = now() WHERE account_id = $1', [player.id]);
    expectAuthExpired(await me(b, player.access));
  });

  it('refuses a kept token whose expiry was moved into the past', async () => {
    const player = await signedInPlayer();
    await keptOn(b, player.access);
    // The token's expiry moved into the past (a change of the session, so it is also heard).
    await a.deps.db.query(`UPDATE sessions SET access_expires_at = now() - interval '1 second' WHERE account_id = $1`, [
      player.id,
    ]);
    expectAuthExpired(await me(b, player.access));
  });
});

describe.runIf(usesPostgres)('an instance whose listening connection is lost', () => {
  it('reads the database meanwhile, and keeps tokens again once it listens again', async () => {
    const player = await signedInPlayer();
    await keptOn(b, player.access);
    // The listening connections of this database are cut (both instances'; each listens again).
    const admin = await openDatabase({ url: a.databaseUrl!, poolSize: 1 });
    try {
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = $1`,
        [LISTENER_APPLICATION_NAME],
      );
    } finally {
      await admin.close();
    }
    // Whatever B kept was dropped the moment it stopped listening: it reads the database.
    await until(() => !b.deps.signedIn.keeps(player.access), 'B to drop what it kept');
    // A revocation while B may not be listening: B reads the database, so it refuses the token.
    await a.deps.db.query('UPDATE sessions SET revoked_at = now() WHERE account_id = $1', [player.id]);
    expectAuthExpired(await me(b, player.access));

    await until(() => b.deps.signedIn.caching, 'B to listen again');
    const next = await signedInPlayer();
    await keptOn(b, next.access);
    expect((await apiCall(a.app, 'DELETE', '/api/sessions', next.access)).statusCode).toBe(200);
    expectAuthExpired(await me(b, next.access));
  });
});
