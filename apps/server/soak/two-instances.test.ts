// Two instances, one database: two real server processes (A and B) on one PostgreSQL database, as
// behind a load balancer, every call through HTTP. What one instance counts, rotates, approves or
// answers holds on the other: the sign-in rate limit (counters in PostgreSQL, and in Redis), the soft
// lock, refresh-token rotation, the device flow; and a kill -9 of one instance under load loses
// nothing it answered (ADR 012: token writes skip the wait for the disk, which only a crash of the
// database server can lose, not one of a Node process).
//
// PostgreSQL only (the PGlite project has one process). The two start at once on a new database, as
// a deployment starts them: they migrate and seed it one at a time (advisory locks). Before issue 19
// one of them often exited in the demo seed ("duplicate key value violates unique constraint").
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OAUTH_CLIENT_ID } from '../src/seed/demo.ts';
import { testDatabase, usesPostgres } from '../test/helpers.ts';
import type { TestDatabase } from '../test/test-databases.ts';
import { until } from '../test/until.ts';
import { call, freePort, ServerInstance } from './instances.ts';
import type { Answer } from './instances.ts';

const PASSWORD = 'Tq8#vLp2-Soak-Two';
const WRONG_PASSWORD = 'Wrong#Pass-9x7Q';
/** SIGN_IN_PER_MINUTE of the rate-limit pairs. */
const SIGN_IN_LIMIT = 6;
/** SOFT_LOCK_THRESHOLD of the main pair. */
const LOCK_THRESHOLD = 5;
/** Where the Redis variant counts (TEST_REDIS_URL, else a local Redis's database 14 if one answers). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
/** The prefix of the counters the servers keep in Redis (RedisCounterStore). */
const REDIS_PREFIX = 'portal:rl:';
/** The sign-in call's own counter of an address (http-rate-limit.ts): `http:POST<route>:<address>`. */
const SIGN_IN_COUNTER = '%/sessions/auth/password:%';

const run = randomBytes(3).toString('hex');
let emails = 0;
const newEmail = (what: string) => `${what}-${run}-${++emails}@example.com`;

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
/** The Redis variant runs when TEST_REDIS_URL is set (and must then answer) or a local Redis answers. */
const withRedis = usesPostgres && (process.env.TEST_REDIS_URL !== undefined || (await redisAnswers(REDIS_URL)));

/** Two instances of the same settings on one database, started one after the other (see the top). */
async function startPair(env: Record<string, string> & { DATABASE_URL: string }) {
  const portA = await freePort();
  let portB = await freePort();
  while (portB === portA) portB = await freePort();
  const a = new ServerInstance('A', portA, { RATE_LIMIT_PER_MINUTE: '100000000', ...env });
  const b = new ServerInstance('B', portB, { RATE_LIMIT_PER_MINUTE: '100000000', ...env });
  await Promise.all([a.start(), b.start()]);
  return { a, b };
}

const register = (instance: ServerInstance, email: string) =>
  call(instance.base, 'POST', '/api/accounts?options=account&options=refresh_token', {
    body: {
      email,
      password: PASSWORD,
      country: 'US',
      date_of_birth: '1990-01-01',
      marketing_opt_in: false,
      tos_consent: true,
    },
  });
const signIn = (instance: ServerInstance, email: string, password: string) =>
  call(instance.base, 'POST', '/api/sessions/auth/password', { body: { email, password } });
const refresh = (instance: ServerInstance, refreshToken: string) =>
  call(instance.base, 'POST', '/api/sessions/auth/token', {
    body: { grant_type: 'refresh_token', refresh_token: refreshToken },
  });
const me = (instance: ServerInstance, accessToken: string) =>
  call(instance.base, 'GET', '/api/accounts/me', { accessToken });
const poll = (instance: ServerInstance, deviceCode: string) =>
  call(instance.base, 'POST', '/api/sessions/auth/token', { body: { grant_type: 'device_code', code: deviceCode } });
/** The status and error code of an answer, to compare in one assertion. */
const outcome = (answer: Answer) => [answer.status, answer.body?.code ?? answer.body?.body?.error ?? null];

describe.skipIf(!usesPostgres)('two instances, one PostgreSQL database', () => {
  for (const store of ['postgres', 'redis'] as const) {
    describe.skipIf(store === 'redis' && !withRedis)(`the sign-in limit, counted in ${store}`, () => {
      let database: TestDatabase | undefined;
      let a: ServerInstance | undefined;
      let b: ServerInstance | undefined;
      let redis: Redis | undefined;
      /** Wrong-password sign-ins of one address, alternately on A and B, and their answers. */
      const answers: { on: string; answer: Answer }[] = [];

      /** The sign-in hits of 127.0.0.1 the shared store holds (both instances send theirs there). */
      async function storedHits(): Promise<number> {
        if (redis) {
          const keys = await redis.keys(`${REDIS_PREFIX}http:POST*/sessions/auth/password:*`);
          const counts = keys.length > 0 ? await redis.mget(keys) : [];
          return counts.reduce((sum, count) => sum + Number(count ?? 0), 0);
        }
        const [row] = await database!.db.query<{ hits: string }>(
          `SELECT coalesce(sum(count), 0)::text AS hits FROM rate_limits WHERE key LIKE $1`,
          [SIGN_IN_COUNTER],
        );
        return Number(row?.hits ?? 0);
      }

      beforeAll(async () => {
        database = await testDatabase();
        if (store === 'redis') {
          redis = new Redis(REDIS_URL);
          // Counters a run before this one left (a window lasts a minute).
          const left = await redis.keys(`${REDIS_PREFIX}*`);
          if (left.length > 0) await redis.del(...left);
        }
        ({ a, b } = await startPair({
          DATABASE_URL: database.url!,
          SIGN_IN_PER_MINUTE: String(SIGN_IN_LIMIT),
          ...(store === 'redis' ? { REDIS_URL } : {}),
        }));
        // Requests come from 127.0.0.1 on both. Each waits until the shared store holds every hit
        // before it (instances send their hits every 100 ms, ADR 008), so what is measured here is
        // what the store shares, not how fast the batches go.
        const started = Date.now();
        for (let i = 0; i < 2 * SIGN_IN_LIMIT + 2; i++) {
          if (i > 0) await until(async () => (await storedHits()) >= i, `the store to hold sign-in ${i}'s hit`);
          const instance = i % 2 === 0 ? a : b;
          answers.push({ on: instance.name, answer: await signIn(instance, newEmail('nobody'), WRONG_PASSWORD) });
        }
        const passed = answers.findIndex(({ answer }) => answer.status === 429);
        console.log(
          `[two instances, ${store} counters] SIGN_IN_PER_MINUTE=${SIGN_IN_LIMIT}: ${answers.length} wrong-password ` +
            `sign-ins alternating A/B in ${Date.now() - started} ms; answered before the first 429: ${passed} ` +
            `(A ${answers.slice(0, passed).filter((x) => x.on === 'A').length}, B ` +
            `${answers.slice(0, passed).filter((x) => x.on === 'B').length}); answers: ` +
            answers.map(({ on, answer }) => `${on}${answer.status}`).join(' '),
        );
      });

      afterAll(async () => {
        await Promise.all([a?.stop(), b?.stop()]);
        redis?.disconnect();
        await database?.drop();
      });

      it('counts the sign-ins of an address over both instances, not per instance', () => {
        const firstRefused = answers.findIndex(({ answer }) => answer.status === 429);
        expect(firstRefused).toBeGreaterThan(0);
        answers.forEach(({ answer }, i) => {
          if (i < firstRefused) expect(outcome(answer)).toEqual([401, 'invalid_credentials']);
          else {
            expect(outcome(answer)).toEqual([429, 'too_many_requests']);
            expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
          }
        });
        // Once refused, refused on both.
        expect(new Set(answers.slice(firstRefused).map(({ on }) => on))).toEqual(new Set(['A', 'B']));
        // Per instance, neither reached the limit with its own sign-ins: the count is shared.
        for (const name of ['A', 'B']) {
          expect(answers.slice(0, firstRefused).filter(({ on }) => on === name).length).toBeLessThan(SIGN_IN_LIMIT);
        }
      });

      // The sign-in tier is counted in the shared store on every request (exact: true in tiers.ts).
      // Batched like the others (ADR 008), one more sign-in per other instance got through: an
      // instance answered from its own last sync of the key plus its own hits since.
      it('refuses the sign-in after exactly SIGN_IN_PER_MINUTE in total', () => {
        expect(answers.findIndex(({ answer }) => answer.status === 429)).toBe(SIGN_IN_LIMIT);
      });
    });
  }

  describe('what one instance does holds on the other', () => {
    let database: TestDatabase | undefined;
    let a!: ServerInstance;
    let b!: ServerInstance;
    beforeAll(async () => {
      database = await testDatabase();
      ({ a, b } = await startPair({
        DATABASE_URL: database.url!,
        SIGN_IN_PER_MINUTE: '10000000',
        SOFT_LOCK_THRESHOLD: String(LOCK_THRESHOLD),
        DEVICE_POLL_INTERVAL_SECONDS: '1',
      }));
    });
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.drop();
    });

    async function newPlayer(on: ServerInstance, what: string) {
      const email = newEmail(what);
      const created = await register(on, email);
      expect(created.status).toBe(201);
      return { email, id: String(created.body.account.id), accessToken: String(created.body.access_token) };
    }

    it('soft-locks an account after SOFT_LOCK_THRESHOLD wrong passwords sent to either instance, on both', async () => {
      const { email } = await newPlayer(a, 'locked');
      for (let i = 0; i < LOCK_THRESHOLD - 1; i++) {
        expect(outcome(await signIn(i % 2 === 0 ? a : b, email, WRONG_PASSWORD))).toEqual([401, 'invalid_credentials']);
      }
      // The threshold-th wrong password, on the instance whose turn it is, locks the account...
      const last = (LOCK_THRESHOLD - 1) % 2 === 0 ? a : b;
      expect(outcome(await signIn(last, email, WRONG_PASSWORD))).toEqual([423, 'account_soft_locked']);
      // ...on both instances, also for the right password.
      expect(outcome(await signIn(a, email, PASSWORD))).toEqual([423, 'account_soft_locked']);
      expect(outcome(await signIn(b, email, PASSWORD))).toEqual([423, 'account_soft_locked']);

      // The same number of wrong passwords at once, half to each: exactly one of them locks.
      const { email: other } = await newPlayer(b, 'locked-at-once');
      const atOnce = await Promise.all(
        Array.from({ length: LOCK_THRESHOLD }, (_, i) => signIn(i % 2 === 0 ? a : b, other, WRONG_PASSWORD)),
      );
      const outcomes = atOnce.map((answer) => outcome(answer).join(' ')).sort();
      expect(outcomes).toEqual([
        ...Array<string>(LOCK_THRESHOLD - 1).fill('401 invalid_credentials'),
        '423 account_soft_locked',
      ]);
      expect(outcome(await signIn(a, other, PASSWORD))).toEqual([423, 'account_soft_locked']);
      expect(outcome(await signIn(b, other, PASSWORD))).toEqual([423, 'account_soft_locked']);
    });

    it('refuses on one instance a refresh token rotated on the other, and takes its successor', async () => {
      const { email } = await newPlayer(a, 'refresh');
      const first = await signIn(a, email, PASSWORD);
      expect(first.status).toBe(200);
      const second = await refresh(a, first.body.refresh_token);
      expect(second.status).toBe(200);
      expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
      // The new token works on B (and rotates there).
      const third = await refresh(b, second.body.refresh_token);
      expect(third.status).toBe(200);
      expect((await me(b, third.body.access_token)).body.email).toBe(email);
      expect((await me(a, third.body.access_token)).body.email).toBe(email);
      // The token A rotated is refused on B...
      expect(outcome(await refresh(b, first.body.refresh_token))).toEqual([401, 'auth_expired']);
      // ...and the one B rotated on A.
      expect(outcome(await refresh(a, second.body.refresh_token))).toEqual([401, 'auth_expired']);
      // A used token coming back ends the whole sign-in (reuse detection), on both instances: the
      // newest pair is refused too, also the access token A has just answered.
      expect(outcome(await refresh(a, third.body.refresh_token))).toEqual([401, 'auth_expired']);
      expect(outcome(await me(a, third.body.access_token))).toEqual([401, 'auth_expired']);
      expect(outcome(await me(b, third.body.access_token))).toEqual([401, 'auth_expired']);
    });

    it('redeems on one instance a device code approved on the other, once', async () => {
      const player = await newPlayer(a, 'device');
      const start = async (on: ServerInstance) => {
        const started = await call(on.base, 'POST', '/api/sessions/device', {
          body: { client_id: DEMO_OAUTH_CLIENT_ID, device_name: 'Soak console' },
        });
        expect(started.status).toBe(200);
        return started.body as { device_code: string; user_code: string };
      };
      const approve = (on: ServerInstance, userCode: string) =>
        call(on.base, 'PUT', `/api/sessions/device/${userCode}/authorize`, { accessToken: player.accessToken });

      // The game starts on A, the player approves on A, the game's poll reaches B.
      const first = await start(a);
      expect((await approve(a, first.user_code)).status).toBe(200);
      const granted = await poll(b, first.device_code);
      expect(granted.status).toBe(200);
      expect((await me(b, granted.body.access_token)).body.email).toBe(player.email);
      const again = await poll(a, first.device_code);
      expect(again.status).toBe(400);
      expect(again.body.body).toMatchObject({ error: 'invalid_grant', reason: 'device_code_used' });

      // Approved on B, polled on both at once: one poll gets the tokens.
      const second = await start(b);
      expect((await approve(b, second.user_code)).status).toBe(200);
      const polls = await Promise.all([poll(a, second.device_code), poll(b, second.device_code)]);
      expect(polls.map((answer) => answer.status).sort()).toEqual([200, 400]);
      expect(polls.find((answer) => answer.status === 400)?.body.body).toMatchObject({ reason: 'device_code_used' });
    });

    it('loses nothing an instance answered when it is killed with SIGKILL under load', async () => {
      type Phase = 'both' | 'B alone' | 'A restarted';
      interface Created {
        email: string;
        id: string;
        by: string;
        phase: Phase;
        /** The last refresh token the client got; null once a refresh was sent and no answer came. */
        refreshToken: string | null;
      }
      const created: Created[] = [];
      const tally = {
        refreshes: 0,
        refreshesByA: 0,
        /** Calls that got no answer, by why (a refused connection, or one closed in the middle). */
        noAnswer: new Map<string, number>(),
        unexpected: [] as string[],
      };
      let phase: Phase = 'both';
      let aUp = true;
      let stopping = false;
      const target = (turn: number) => (aUp && turn % 2 === 0 ? a : b);
      /** A call, or null when no answer came (the instance was killed, or refused the connection). */
      const attempt = async (on: ServerInstance, send: () => Promise<Answer>): Promise<Answer | null> => {
        try {
          return await send();
        } catch (error) {
          const cause = (error as { cause?: { code?: string; message?: string } }).cause;
          const why = `${on.name} ${cause?.code ?? cause?.message ?? String(error)}`;
          tally.noAnswer.set(why, (tally.noAnswer.get(why) ?? 0) + 1);
          return null;
        }
      };

      // Each client registers an account on one instance, then refreshes two of its accounts (the
      // newest and an older one) on the other, and keeps what each answer gave it.
      async function client(n: number) {
        const mine: Created[] = [];
        for (let turn = n; !stopping; turn++) {
          const here = target(turn);
          const email = newEmail(`load${n}`);
          const answer = await attempt(here, () => register(here, email));
          if (answer?.status === 201) {
            const account: Created = {
              email,
              id: String(answer.body.account.id),
              by: here.name,
              phase,
              refreshToken: String(answer.body.refresh_token),
            };
            created.push(account);
            mine.push(account);
          } else if (answer) tally.unexpected.push(`registration on ${here.name}: ${outcome(answer).join(' ')}`);
          const there = target(turn + 1);
          for (const account of new Set([mine.at(-1), mine[turn % Math.max(1, mine.length)]])) {
            const token = account?.refreshToken;
            if (!account || !token) continue;
            const refreshed = await attempt(there, () => refresh(there, token));
            if (!refreshed) {
              // Sent, and no answer: whether it rotated is unknown to the client, as to a real one.
              account.refreshToken = null;
            } else if (refreshed.status === 200) {
              account.refreshToken = String(refreshed.body.refresh_token);
              tally.refreshes++;
              if (there === a) tally.refreshesByA++;
            } else tally.unexpected.push(`refresh on ${there.name}: ${outcome(refreshed).join(' ')}`);
          }
        }
      }

      const started = Date.now();
      const clients = Array.from({ length: 6 }, (_, n) => client(n));
      try {
        const fromA = () => created.filter((c) => c.by === 'A' && c.phase === 'both').length;
        await until(() => fromA() >= 40 && tally.refreshesByA >= 40, 'A and B to answer under load', {
          timeoutMs: 60_000,
        });
        const killedAt = Date.now();
        await a.kill9();
        aUp = false;
        phase = 'B alone';
        await until(() => created.filter((c) => c.phase === 'B alone').length >= 30, 'B to answer alone', {
          timeoutMs: 60_000,
        });
        const restartAt = Date.now();
        await a.start();
        const downFor = Date.now() - killedAt;
        const restartTook = Date.now() - restartAt;
        phase = 'A restarted';
        aUp = true;
        await until(() => created.filter((c) => c.phase === 'A restarted' && c.by === 'A').length >= 10, 'A again', {
          timeoutMs: 60_000,
        });
        stopping = true;
        await Promise.all(clients);
        const loadFor = Date.now() - started;

        // Every account whose creation was answered 201 is there...
        const ids = created.map((c) => c.id);
        const found = await database!.db.query<{ id: string; email: string }>(
          `SELECT id::text AS id, email FROM accounts WHERE id::text = ANY($1::text[])`,
          [ids],
        );
        const emailOf = new Map(found.map((row) => [row.id, row.email]));
        const missing = created.filter((c) => emailOf.get(c.id) !== c.email);

        // ...those A created before it was killed sign in (on the restarted A and on B)...
        const byKilledA = created.filter((c) => c.by === 'A' && c.phase === 'both');
        const signInsRefused: string[] = [];
        for (const [i, account] of byKilledA.entries()) {
          const answer = await signIn(i % 2 === 0 ? a : b, account.email, PASSWORD);
          if (answer.status !== 200) signInsRefused.push(`${account.email}: ${outcome(answer).join(' ')}`);
        }

        // ...and the last refresh token each client got, from either instance, still refreshes.
        const held = created.filter((c) => c.refreshToken !== null);
        const refreshRefused: string[] = [];
        for (let i = 0; i < held.length; i += 8) {
          await Promise.all(
            held.slice(i, i + 8).map(async (account, j) => {
              const answer = await refresh((i + j) % 2 === 0 ? a : b, account.refreshToken!);
              if (answer.status !== 200 || answer.body.account?.id !== account.id) {
                refreshRefused.push(`${account.email}: ${outcome(answer).join(' ')}`);
              }
            }),
          );
        }

        const count = (by: string, p: Phase) => created.filter((c) => c.by === by && c.phase === p).length;
        console.log(
          `[two instances, kill -9] load ${loadFor} ms, 6 clients; A down ${downFor} ms (restart ${restartTook} ms). ` +
            `Accounts answered 201: ${created.length} (A before its kill ${count('A', 'both')}, B meanwhile ` +
            `${count('B', 'both')}, B alone ${count('B', 'B alone')}, restarted A ${count('A', 'A restarted')}, ` +
            `B after ${count('B', 'A restarted')}); found ${created.length - missing.length}. Refreshes answered ` +
            `200 during the load: ${tally.refreshes} (${tally.refreshesByA} by A). Requests without an answer: ` +
            `${JSON.stringify(Object.fromEntries(tally.noAnswer))}. Sign-ins of A's accounts after: ` +
            `${byKilledA.length - signInsRefused.length}/${byKilledA.length}. Last refresh tokens held: ` +
            `${held.length}, refresh now: ${held.length - refreshRefused.length}; tokens given up (no answer): ` +
            `${created.length - held.length}.`,
        );
        expect(tally.unexpected).toEqual([]);
        expect(missing.map((c) => c.email)).toEqual([]);
        expect(signInsRefused).toEqual([]);
        expect(refreshRefused).toEqual([]);
        expect(byKilledA.length).toBeGreaterThanOrEqual(40);
        expect(held.length).toBeGreaterThan(0);
      } finally {
        stopping = true;
        await Promise.allSettled(clients);
      }
    });
  });
});
