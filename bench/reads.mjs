// Authenticated and public reads against a bare Fastify hello-world measured in the same run
// (DESIGN.md: `GET /api/accounts/me` >= 0.25x the hello-world on PostgreSQL, >= 0.10x on PGlite,
// p99 <= 20 ms at half the peak rate; `GET /api/settings/public` >= 0.5x).
//   node bench/reads.mjs [seconds per round] [rounds]                       (PGlite, a temp data dir)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/reads.mjs [seconds] [rounds]
// Runs under Node 24. Starts a bare Fastify 5 hello-world and the real server
// (apps/server/src/server.ts, as `npm start` runs it), registers CONNECTIONS accounts and signs each
// in, then loads with autocannon, CONNECTIONS connections, in rounds: hello-world, /api/accounts/me
// (each connection with its own access token), /api/settings/public. Each read's ratio is the median
// over the rounds of its rate against the hello-world's rate of the same round. Then it loads
// /api/accounts/me at half the peak rate measured, evenly spaced (bench/paced-load.mjs), and reports the
// p99 there. Exits non-zero when a
// target is missed or a request failed. Prints a row for docs/BENCHMARKS.md.
// BENCH_CPU_PROF=<dir> starts the server with --cpu-prof (the profile is written when it stops);
// BENCH_ONLY=me (or settings) loads that read alone, for a profile of it, and checks no target.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pacedLoad } from './paced-load.mjs';
import { apiHeaders, registerPlayer, waitReady } from './portal.mjs';
import { serverNodeFlags } from '../scripts/server-flags.mjs';

const root = join(import.meta.dirname, '..');
const require = createRequire(join(root, 'apps', 'server', 'package.json'));
const PASSWORD = 'Tq8#vLp2-Benchmark';
const PORT = 18_301;
const HELLO_PORT = 18_302;
const base = `http://127.0.0.1:${PORT}`;
const helloBase = `http://127.0.0.1:${HELLO_PORT}`;
const CONNECTIONS = 32;
const TARGETS = {
  me: process.env.DATABASE_URL ? 0.25 : 0.1,
  settings: 0.5,
  p99AtHalfPeakMs: 20,
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Child mode: a bare Fastify 5 hello-world on HELLO_PORT. */
async function helloServer() {
  const Fastify = require('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: HELLO_PORT, host: '127.0.0.1' });
  console.log('ready');
}

function startHello() {
  const child = spawn(process.execPath, [import.meta.filename, '--hello'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`hello-world exited (${code})`)));
  });
}

/** CPU seconds (user + system) the processes have used so far, from /proc (0 where there is none). */
function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone, or no /proc
    }
  }
  return ticks / 100;
}

/** The PostgreSQL server's processes on this machine (their CPU is counted with the server's). */
function postgresPids() {
  if (!process.env.DATABASE_URL) return [];
  try {
    return readdirSync('/proc').filter((pid) => {
      try {
        return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
  } catch {
    return [];
  }
}

/**
 * Runs autocannon against the process `pid`; every non-2xx answer, error and timeout counts as a
 * failure. Also answers the CPU time per request (µs) of that process, of PostgreSQL (when used) and of
 * the load generator (this process).
 */
async function cannon(pid, url, seconds, options = {}) {
  const autocannon = require('autocannon');
  const database = pid === 'server' ? postgresPids() : [];
  const served = pid === 'server' ? serverPid : helloPid;
  const before = { served: cpuSeconds([served]), database: cpuSeconds(database), load: process.cpuUsage() };
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, ...options });
  const load = process.cpuUsage(before.load);
  const perRequest = (secondsUsed) => Math.round((secondsUsed * 1e6) / Math.max(1, result.requests.total));
  return {
    perSecond: Math.round(result.requests.total / seconds),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    ...(result.non2xx > 0 ? { statusCodes: result.statusCodeStats } : {}),
    cpuMicrosPerRequest: {
      server: perRequest(cpuSeconds([served]) - before.served),
      ...(database.length > 0 ? { postgres: perRequest(cpuSeconds(database) - before.database) } : {}),
      loadGenerator: perRequest((load.user + load.system) / 1e6),
    },
  };
}

let serverPid = 0;
let helloPid = 0;

const stopped = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

async function main(seconds, rounds) {
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-reads-'));
  const profileDir = process.env.BENCH_CPU_PROF;
  const server = spawn(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []),
      ...serverNodeFlags(),
      ...(process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean),
      'apps/server/src/server.ts',
    ],
    {
      cwd: root,
      stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        RATE_LIMIT_PER_MINUTE: '100000000',
        SIGN_IN_PER_MINUTE: '100000000',
      },
    },
  );
  const hello = await startHello();
  serverPid = server.pid;
  helloPid = hello.pid;
  try {
    await waitReady(base, server, 60_000);
    const headers = await apiHeaders(base);
    const apiKey = headers['x-hydra-api-key'];
    const run = `${Date.now()}`;
    const tokens = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const email = `bench-reads-${run}-${i}@example.com`;
      await registerPlayer(base, headers, { email, password: PASSWORD });
      const signedIn = await fetch(`${base}/api/sessions/auth/password`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (signedIn.status !== 200) throw new Error(`sign-in: ${signedIn.status} ${await signedIn.text()}`);
      tokens.push((await signedIn.json()).access_token);
    }

    const readHeaders = { 'x-hydra-api-key': apiKey, accept: 'application/json' };
    const meOptions = (extra = {}) => {
      let next = 0;
      return {
        headers: readHeaders,
        // Each connection its own player (setupClient runs once per connection).
        setupClient: (client) => {
          client.setHeaders({ ...readHeaders, 'x-hydra-access-token': tokens[next++ % tokens.length] });
        },
        ...extra,
      };
    };
    const loads = {
      hello: (s, extra) => cannon('hello', `${helloBase}/`, s, extra),
      me: (s, extra) => cannon('server', `${base}/api/accounts/me`, s, meOptions(extra)),
      settings: (s, extra) => cannon('server', `${base}/api/settings/public`, s, { headers: readHeaders, ...extra }),
    };
    // Warm-up (compiled code, prepared statements, caches), not counted.
    for (const load of Object.values(loads)) await load(2);

    const only = process.env.BENCH_ONLY;
    if (only) {
      for (let round = 0; round < rounds; round++) console.log(JSON.stringify(await loads[only](seconds)));
      return;
    }
    const measured = { hello: [], me: [], settings: [] };
    for (let round = 0; round < rounds; round++) {
      for (const [name, load] of Object.entries(loads)) measured[name].push(await load(seconds));
    }
    const perRoundRatio = (name) => median(measured[name].map((r, i) => r.perSecond / measured.hello[i].perSecond));
    const summary = (name) => {
      const all = measured[name];
      const cpu = (part) => median(all.map((r) => r.cpuMicrosPerRequest[part] ?? 0));
      return {
        perSecond: median(all.map((r) => r.perSecond)),
        p50ms: median(all.map((r) => r.p50ms)),
        p99ms: median(all.map((r) => r.p99ms)),
        rounds: all.map((r) => r.perSecond).join(' '),
        failures: all.reduce((sum, r) => sum + r.failures, 0),
        ...(all.some((r) => r.statusCodes) ? { statusCodes: all.map((r) => r.statusCodes ?? {}) } : {}),
        cpuMicrosPerRequest: {
          server: cpu('server'),
          ...(all[0].cpuMicrosPerRequest.postgres !== undefined ? { postgres: cpu('postgres') } : {}),
          loadGenerator: cpu('loadGenerator'),
        },
      };
    };
    const hellos = summary('hello');
    const me = { ...summary('me'), ratio: +perRoundRatio('me').toFixed(3) };
    const settings = { ...summary('settings'), ratio: +perRoundRatio('settings').toFixed(3) };

    // Half the peak: the best /accounts/me round, with evenly spaced requests, each connection its own player
    // (bench/paced-load.mjs says why not autocannon's overallRate).
    const peak = Math.max(...measured.me.map((r) => r.perSecond));
    const halfRate = Math.round(peak / 2);
    const half = await pacedLoad({
      url: `${base}/api/accounts/me`,
      rate: halfRate,
      seconds: Math.max(seconds, 5),
      connections: CONNECTIONS,
      headersFor: (connection) => ({ ...readHeaders, 'x-hydra-access-token': tokens[connection % tokens.length] }),
    });

    const result = {
      machine: `${availableParallelism()} cores, Node ${process.versions.node}`,
      database,
      seconds,
      rounds,
      connections: CONNECTIONS,
      helloWorld: hellos,
      accountsMe: me,
      settingsPublic: settings,
      accountsMeAtHalfPeak: { rate: halfRate, ...half },
      targets: TARGETS,
    };
    console.log(JSON.stringify(result, null, 2));
    const date = new Date().toISOString().slice(0, 10);
    const n = (x) => x.toLocaleString('en-US');
    console.log(
      `| ${date} | ${database} | ${n(hellos.perSecond)} | ${n(me.perSecond)} | ${me.ratio.toFixed(2)} | ` +
        `${me.p50ms} / ${me.p99ms} ms | ${n(halfRate)} | ${half.p99ms} ms | ${n(settings.perSecond)} | ` +
        `${settings.ratio.toFixed(2)} |`,
    );
    const failures = hellos.failures + me.failures + settings.failures + half.failures;
    const missed = [
      me.ratio < TARGETS.me && `/accounts/me ratio ${me.ratio} < ${TARGETS.me}`,
      settings.ratio < TARGETS.settings && `/settings/public ratio ${settings.ratio} < ${TARGETS.settings}`,
      half.p99ms > TARGETS.p99AtHalfPeakMs && `p99 at half peak ${half.p99ms} ms > ${TARGETS.p99AtHalfPeakMs} ms`,
      failures > 0 && `${failures} requests failed`,
    ].filter(Boolean);
    for (const miss of missed) console.error(`missed: ${miss}`);
    process.exitCode = missed.length === 0 ? 0 : 1;
  } finally {
    hello.kill('SIGTERM');
    server.kill('SIGTERM');
    await Promise.all([stopped(hello), stopped(server)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const job = args[0] === '--hello' ? helloServer() : main(Number(args[0] ?? 3), Number(args[1] ?? 5));
job.catch((error) => {
  console.error(error);
  process.exit(1);
});
