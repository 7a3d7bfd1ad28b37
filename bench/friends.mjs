// The friends list and friend invitations on PostgreSQL (issue 17): GET /api/friends/me for players
// with 2,000 friends each among 100,000 accounts, and POST /api/friends/me/invitations.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/friends.mjs [seconds] [rounds]
// Runs under Node 24. Creates a database of its own next to DATABASE_URL's (dropped at the end),
// starts the real server on it (apps/server/src/server.ts, as `npm start` runs it), registers
// CONNECTIONS players through the API, inserts ACCOUNTS accounts and FRIENDS friendships per player
// with SQL, then loads with autocannon, CONNECTIONS connections, each connection its own player:
// GET /api/friends/me (the first page of 50) in rounds, then at half the peak rate measured with evenly
// spaced requests (bench/paced-load.mjs; target: p99 <= 20 ms there), then invitations (each request a new pair). Exits non-zero when the target is
// missed or a request failed. Prints rows for docs/BENCHMARKS.md. BENCH_CPU_PROF=<dir> starts the
// server with --cpu-prof (the profile is written when it stops); BENCH_ONLY=list loads the list alone;
// BENCH_SERVER_FLAGS="--trace-gc" adds Node flags to the server (its output goes to stderr).
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pacedLoad } from './paced-load.mjs';
import { apiHeaders, ownDatabase, registerPlayer, startServer, stopServer, waitReady } from './portal.mjs';

const root = join(import.meta.dirname, '..');
const require = createRequire(join(root, 'apps', 'server', 'package.json'));
const PASSWORD = 'Tq8#vLp2-Benchmark';
const PORT = 18_311;
const base = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 32;
const ACCOUNTS = 100_000;
const FRIENDS = 2_000;
const TARGET_P99_AT_HALF_PEAK_MS = 20;
/** The accounts from this index on are nobody's friends: the invitations go to them. */
const INVITED_FROM = 40_000;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function cannon(url, seconds, options) {
  const autocannon = require('autocannon');
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, ...options });
  return {
    perSecond: Math.round(result.requests.total / seconds),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    ...(result.non2xx > 0 ? { statusCodes: result.statusCodeStats } : {}),
  };
}

async function seed(pg, players) {
  // Accounts others can be friends with: completed, not stubs.
  await pg.query(
    `INSERT INTO accounts (public_id, email, email_verified, username, completed, country, date_of_birth)
     SELECT 'BENCH' || g, 'bench-friend-' || g || '@example.com', true, 'BenchFriend' || g, true, 'US', '1990-01-01'
     FROM generate_series(1, $1) AS g`,
    [ACCOUNTS],
  );
  const { rows } = await pg.query(`SELECT id FROM accounts WHERE public_id LIKE 'BENCH%' ORDER BY public_id`);
  const others = rows.map((row) => row.id);
  for (const [index, player] of players.entries()) {
    // FRIENDS consecutive accounts from a different start for each player, all below INVITED_FROM.
    const start = index * 1_000;
    const friends = others.slice(start, start + FRIENDS);
    await pg.query(
      `INSERT INTO friendships (account_low, account_high, created_at)
       SELECT least($1::uuid, f), greatest($1::uuid, f), now() - (n || ' minutes')::interval
       FROM unnest($2::uuid[]) WITH ORDINALITY AS t(f, n)`,
      [player.id, friends],
    );
  }
  await pg.query('ANALYZE');
  return others;
}

async function main(seconds, rounds) {
  const database = await ownDatabase('bench_friends');
  const profileDir = process.env.BENCH_CPU_PROF;
  // BENCH_SERVER_FLAGS: more Node flags for the server (--trace-gc, say); its output then goes to stderr.
  const serverFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const server = startServer({
    port: PORT,
    nodeFlags: [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), ...serverFlags],
    stdout: serverFlags.length > 0 ? 2 : 'ignore',
    env: {
      DATABASE_URL: database.url,
      SIGN_IN_PER_MINUTE: '100000000',
      FRIENDS_MAX: '10000',
      FRIEND_INVITATIONS_MAX: '10000',
    },
  });
  const { Client } = require('pg');
  const pg = new Client({ connectionString: database.url });
  try {
    await waitReady(base, server, 120_000);
    await pg.connect();
    const headers = await apiHeaders(base);
    const players = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const registered = await registerPlayer(base, headers, {
        email: `bench-friends-${i}@example.com`,
        password: PASSWORD,
      });
      players.push({ id: registered.account.id, token: registered.access_token });
    }
    const seeded = Date.now();
    const others = await seed(pg, players);
    console.error(`seeded ${ACCOUNTS} accounts and ${CONNECTIONS * FRIENDS} friendships in ${Date.now() - seeded} ms`);

    const readHeaders = { 'x-hydra-api-key': headers['x-hydra-api-key'], accept: 'application/json' };
    const perPlayer = (extra = {}) => {
      let next = 0;
      return {
        headers: readHeaders,
        setupClient: (client) =>
          client.setHeaders({ ...readHeaders, 'x-hydra-access-token': players[next++ % players.length].token }),
        ...extra,
      };
    };
    const list = (s, extra) => cannon(`${base}/api/friends/me`, s, perPlayer(extra));
    const check = await (
      await fetch(`${base}/api/friends/me`, { headers: { ...readHeaders, 'x-hydra-access-token': players[0].token } })
    ).json();
    if (check.total !== FRIENDS || check.items.length !== 50) throw new Error(`unexpected list: ${check.total}`);

    await list(2); // warm-up
    // One request at a time: the latency without load.
    const alone = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      const answer = await fetch(`${base}/api/friends/me`, {
        headers: { ...readHeaders, 'x-hydra-access-token': players[i % players.length].token },
      });
      await answer.arrayBuffer();
      alone.push(performance.now() - started);
    }
    const aloneSorted = alone.sort((a, b) => a - b);
    const unloaded = { p50ms: +aloneSorted[100].toFixed(1), p99ms: +aloneSorted[197].toFixed(1) };
    console.error(`one at a time: p50 ${unloaded.p50ms} ms, p99 ${unloaded.p99ms} ms`);
    const measured = [];
    for (let round = 0; round < rounds; round++) measured.push(await list(seconds));
    const peak = Math.max(...measured.map((r) => r.perSecond));
    const halfRate = Math.round(peak / 2);
    // Evenly spaced requests at half the peak, each connection its own player (bench/paced-load.mjs says why not autocannon).
    const half = await pacedLoad({
      url: `${base}/api/friends/me`,
      rate: halfRate,
      seconds: Math.max(seconds, 5),
      connections: CONNECTIONS,
      headersFor: (connection) => ({ ...readHeaders, 'x-hydra-access-token': players[connection].token }),
    });

    if (process.env.BENCH_ONLY === 'list') {
      console.log(JSON.stringify({ measured, half }, null, 2));
      return;
    }
    // Invitations: every request a new pair (the players to accounts that are nobody's friends yet).
    let sent = 0;
    const inviteOptions = perPlayer({
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => {
            const target = others[INVITED_FROM + (sent++ % (others.length - INVITED_FROM))];
            return {
              ...request,
              headers: { ...request.headers, 'content-type': 'application/json' },
              body: JSON.stringify({ account_id: target }),
            };
          },
        },
      ],
    });
    const invites = await cannon(`${base}/api/friends/me/invitations`, seconds, inviteOptions);

    const result = {
      machine: `${availableParallelism()} cores, Node ${process.versions.node}`,
      accounts: ACCOUNTS,
      friendsPerPlayer: FRIENDS,
      connections: CONNECTIONS,
      friendsList: {
        perSecond: median(measured.map((r) => r.perSecond)),
        p50ms: median(measured.map((r) => r.p50ms)),
        p99ms: median(measured.map((r) => r.p99ms)),
        rounds: measured.map((r) => r.perSecond).join(' '),
        failures: measured.reduce((sum, r) => sum + r.failures, 0),
      },
      friendsListOneAtATime: unloaded,
      friendsListAtHalfPeak: { rate: halfRate, ...half },
      invitations: invites,
    };
    console.log(JSON.stringify(result, null, 2));
    const date = new Date().toISOString().slice(0, 10);
    const l = result.friendsList;
    console.log(
      `| ${date} | PostgreSQL | ${ACCOUNTS.toLocaleString('en-US')} | ${FRIENDS.toLocaleString('en-US')} | ` +
        `${l.perSecond.toLocaleString('en-US')} | ${l.p50ms} / ${l.p99ms} ms | ${halfRate.toLocaleString('en-US')} | ` +
        `${half.p50ms} / ${half.p99ms} ms | ${invites.perSecond.toLocaleString('en-US')} | ${invites.p50ms} / ${invites.p99ms} ms |`,
    );
    const failures = l.failures + half.failures + invites.failures;
    const missed = [
      half.p99ms > TARGET_P99_AT_HALF_PEAK_MS && `p99 at half peak ${half.p99ms} ms > ${TARGET_P99_AT_HALF_PEAK_MS} ms`,
      failures > 0 && `${failures} requests failed`,
    ].filter(Boolean);
    for (const miss of missed) console.error(`missed: ${miss}`);
    process.exitCode = missed.length === 0 ? 0 : 1;
  } finally {
    await stopServer(server);
    await pg.end().catch(() => undefined);
    await database.drop();
  }
}

await main(Number(process.argv[2] ?? 10), Number(process.argv[3] ?? 3));
