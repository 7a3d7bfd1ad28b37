// Platform keys awarded under contention on PostgreSQL (issue 18): POST /api/betas/me/award.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/awards.mjs [players] [keys] [connections]
// Runs under Node 24. Creates a database of its own next to DATABASE_URL's (dropped at the end), starts
// the real server on it (apps/server/src/server.ts, as `npm start` runs it), puts a playtest and imports
// KEYS Steam keys through the operators' service, gives PLAYERS accounts a redeemed code (SQL) and a
// sign-in each (the token service), then sends every player's award once with autocannon over
// CONNECTIONS connections, all at once. Checks afterwards that exactly min(PLAYERS, KEYS) players hold
// a key, no key twice, and that every other answer was "unable to award" (1148). Prints a row for
// docs/BENCHMARKS.md; exits non-zero when a check fails.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { ownDatabase, startServer, stopServer, waitReady } from './portal.mjs';

const root = join(import.meta.dirname, '..');
const require = createRequire(join(root, 'apps', 'server', 'package.json'));
const PORT = 18_321;
const base = `http://127.0.0.1:${PORT}`;

async function main(players, keys, connections) {
  const database = await ownDatabase('bench_awards');
  const env = { ...process.env, DATABASE_URL: database.url, NODE_ENV: 'test' };
  const server = startServer({ port: PORT, env: { DATABASE_URL: database.url } });
  let infrastructure;
  try {
    await waitReady(base, server, 120_000);
    // The operators' service and the token service, on the server's database (as the admin command
    // line does): the tokens are sessions the server accepts.
    const { loadConfig } = await import('../apps/server/src/config.ts');
    const { openInfrastructure, compose } = await import('../apps/server/src/composition.ts');
    const { BetaOperatorsRepo } = await import('../apps/server/src/modules/betas/operators-repo.ts');
    const { BetaOperatorsService } = await import('../apps/server/src/modules/betas/operators-service.ts');
    const { GamesRepo } = await import('../apps/server/src/modules/games/repo.ts');
    const { GamesService } = await import('../apps/server/src/modules/games/service.ts');
    infrastructure = await openInfrastructure(loadConfig(env, root));
    const services = compose(infrastructure);
    const { db } = infrastructure;
    const operators = new BetaOperatorsService({
      repo: new BetaOperatorsRepo(db.orm),
      games: new GamesService(new GamesRepo(db.orm)),
    });
    const { id: betaId } = await operators.put({
      key: 'bench-awards',
      game: 'starfall-legends',
      title: 'Bench playtest',
      platforms: ['pc_steam'],
      registration: { start: '2026-01-01T00:00:00Z', end: '2040-01-01T00:00:00Z' },
      redemption: { start: '2026-01-01T00:00:00Z', end: '2040-01-01T00:00:00Z' },
    });
    const lines = Array.from({ length: keys }, (_, i) => {
      const digits = String(i).padStart(10, '0');
      return `BENCH-${digits.slice(0, 5)}-${digits.slice(5)}`;
    });
    await operators.importKeys(betaId, 'pc_steam', lines.join('\n'));
    const [code] = await operators.campaignCodes(betaId, 1, 'shared');
    const ids = (
      await db.query(
        `INSERT INTO accounts (public_id, email, email_verified, username, completed, country, date_of_birth)
         SELECT 'AWARD' || g, 'award-' || g || '@example.com', true, 'Award' || g, true, 'US', '1990-01-01'
         FROM generate_series(1, $1) AS g RETURNING id`,
        [players],
      )
    ).map((row) => row.id);
    await db.query(
      `INSERT INTO beta_registrations (beta_id, account_id, platforms, terms_version, code, code_type, code_degree, redeemed_at)
       SELECT $1::uuid, a, ARRAY['pc_steam'], 1, $2, 'shared', 0, now() FROM unnest($3::uuid[]) AS a`,
      [betaId, code, ids],
    );
    const tokens = [];
    for (const accountId of ids) tokens.push((await services.tokens.start({ accountId })).accessToken);
    await db.exec('ANALYZE');

    const { apiKey } = await (await fetch(`${base}/config.json`)).json();
    const body = JSON.stringify({ beta_id: betaId, platform: 'pc_steam' });
    let next = 0;
    const autocannon = require('autocannon');
    const statuses = new Map();
    const started = performance.now();
    const result = await autocannon({
      url: `${base}/api/betas/me/award`,
      connections,
      amount: players,
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: {
              'x-hydra-api-key': apiKey,
              'x-hydra-access-token': tokens[next++],
              'content-type': 'application/json',
              accept: 'application/json',
            },
            body,
          }),
          onResponse: (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1),
        },
      ],
    });
    const seconds = (performance.now() - started) / 1000;
    const held = await db.query(
      `SELECT count(*)::int AS n, count(DISTINCT key)::int AS keys, count(DISTINCT account_id)::int AS players
       FROM beta_platform_keys WHERE beta_id = $1 AND account_id IS NOT NULL`,
      [betaId],
    );
    const expected = Math.min(players, keys);
    const awarded = statuses.get(200) ?? 0;
    const unable = statuses.get(409) ?? 0;
    const report = {
      machine: `${availableParallelism()} cores, Node ${process.versions.node}`,
      players,
      keys,
      connections,
      seconds: +seconds.toFixed(1),
      answersPerSecond: Math.round(players / seconds),
      awardsPerSecond: Math.round(awarded / seconds),
      p50ms: result.latency.p50,
      p99ms: result.latency.p99,
      statuses: Object.fromEntries(statuses),
      held: held[0],
    };
    console.log(JSON.stringify(report, null, 2));
    const date = new Date().toISOString().slice(0, 10);
    console.log(
      `| ${date} | PostgreSQL | ${players.toLocaleString('en-US')} | ${keys.toLocaleString('en-US')} | ${connections} | ` +
        `${report.answersPerSecond.toLocaleString('en-US')} | ${result.latency.p50} / ${result.latency.p99} ms | ` +
        `${awarded.toLocaleString('en-US')} | ${unable.toLocaleString('en-US')} | ${held[0].keys.toLocaleString('en-US')} |`,
    );
    const problems = [
      awarded !== expected && `${awarded} awards answered, ${expected} expected`,
      unable !== players - expected && `${unable} "unable to award", ${players - expected} expected`,
      (held[0].n !== expected || held[0].keys !== expected || held[0].players !== expected) &&
        `the database holds ${JSON.stringify(held[0])}, ${expected} of each expected`,
    ].filter(Boolean);
    for (const problem of problems) console.error(`failed: ${problem}`);
    process.exitCode = problems.length === 0 ? 0 : 1;
  } finally {
    await stopServer(server);
    if (infrastructure) {
      const { closeInfrastructure } = await import('../apps/server/src/composition.ts');
      await closeInfrastructure(infrastructure);
    }
    await database.drop();
  }
}

await main(Number(process.argv[2] ?? 10_000), Number(process.argv[3] ?? 8_000), Number(process.argv[4] ?? 64));
