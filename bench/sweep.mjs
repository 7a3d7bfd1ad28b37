// Table sizes over a long refresh run (issue 19, ADR 026): players refresh their sign-ins again and
// again (each refresh writes a session and a refresh token) while the server's sweep runs; the bench
// samples the row counts of sessions and refresh_tokens and shows them level off instead of growing.
// The retention settings are short so that a run of minutes shows what days show in production:
// access tokens live ACCESS_TOKEN_TTL_SECONDS=60, rotated tokens are kept
// REFRESH_REUSE_DETECTION_HOURS=0 past their access token, and the sweep runs every 5 s.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/sweep.mjs [seconds] [players] [refreshes/s]
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { apiHeaders, ownDatabase, registerPlayer, startServer, stopServer, waitReady } from './portal.mjs';

const require = createRequire(join(import.meta.dirname, '..', 'apps', 'server', 'package.json'));
const { Client } = require('pg');
const seconds = Number(process.argv[2] ?? 300);
const players = Number(process.argv[3] ?? 50);
const rate = Number(process.argv[4] ?? 100);
const port = 18_500 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;

const database = await ownDatabase('bench_sweep');
const server = startServer({
  port,
  env: {
    DATABASE_URL: database.url,
    ACCESS_TOKEN_TTL_SECONDS: '60',
    REFRESH_REUSE_DETECTION_HOURS: '0',
    SWEEP_INTERVAL_MS: '5000',
    SWEEP_BATCH: '500',
    // Refreshes and registrations are of the sign-in tier: out of the way of a load bench.
    SIGN_IN_PER_MINUTE: '1000000',
  },
});
const db = new Client({ connectionString: database.url });
try {
  await waitReady(base, server);
  await db.connect();
  const headers = await apiHeaders(base);
  const tokens = [];
  for (let i = 0; i < players; i++) {
    const answer = await registerPlayer(base, headers, {
      email: `sweep-bench-${i}@example.com`,
      password: 'Tq8#vLp2-SweepBench',
    });
    tokens.push(answer.refresh_token);
  }
  const sizes = async () => {
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM sessions)::int AS sessions, (SELECT count(*) FROM refresh_tokens)::int AS refresh_tokens,
              pg_total_relation_size('sessions') + pg_total_relation_size('refresh_tokens') AS bytes,
              (SELECT n_dead_tup FROM pg_stat_user_tables WHERE relname = 'sessions')::int AS dead,
              (SELECT autovacuum_count FROM pg_stat_user_tables WHERE relname = 'sessions')::int AS vacuums`,
    );
    return rows[0];
  };
  console.log(`${players} players refresh ${rate} times a second for ${seconds} s; the sweep runs every 5 s`);
  // The sweep deletes rows; PostgreSQL reuses their space once vacuumed. Where autovacuum is off (the
  // test machines' PostgreSQL), the bench vacuums the two tables every 30 s in its place.
  const autovacuum = (await db.query('SHOW autovacuum')).rows[0].autovacuum === 'on';
  if (!autovacuum) console.log('autovacuum is off on this PostgreSQL: the bench runs VACUUM every 30 s instead');
  console.log('elapsed s\trefreshes\tsessions\trefresh_tokens\ttables+indexes MB\tdead session rows\tautovacuums');
  const started = Date.now();
  let refreshes = 0;
  let failures = 0;
  let next = 0;
  const refreshOne = async () => {
    const i = next++ % players;
    const answer = await fetch(`${base}/api/sessions/auth/token`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: tokens[i] }),
    });
    if (answer.status === 200) {
      tokens[i] = (await answer.json()).refresh_token;
      refreshes++;
    } else {
      failures++;
      await answer.text();
    }
  };
  const timer = setInterval(() => {
    for (let k = 0; k < rate / 10; k++) void refreshOne();
  }, 100);
  const samples = [];
  let rounds = 0;
  while (Date.now() - started < seconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    if (!autovacuum && ++rounds % 2 === 0) await db.query('VACUUM sessions, refresh_tokens');
    const size = await sizes();
    samples.push(size);
    const elapsed = Math.round((Date.now() - started) / 1000);
    console.log(
      `${elapsed}\t${refreshes}\t${size.sessions}\t${size.refresh_tokens}\t${(Number(size.bytes) / 1e6).toFixed(1)}\t${size.dead}\t${size.vacuums}`,
    );
  }
  clearInterval(timer);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = samples.slice(Math.floor(samples.length / 2));
  const most = Math.max(...after.map((s) => s.sessions));
  const least = Math.min(...after.map((s) => s.sessions));
  const bytes = after.map((s) => Number(s.bytes) / 1e6);
  console.log(
    `${refreshes} refreshes, ${failures} failed; second half of the run: sessions between ${least} and ${most} rows, ` +
      `tables and indexes between ${Math.min(...bytes).toFixed(1)} and ${Math.max(...bytes).toFixed(1)} MB`,
  );
} finally {
  await db.end().catch(() => undefined);
  await stopServer(server);
  await database.drop();
}
