// Password sign-in throughput against raw argon2id verification on the same machine (target: the
// ratio is at least 0.85), and refresh-token throughput with p50/p99, on PostgreSQL.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/sign-in.mjs [seconds]
// Runs under Node 24 (e.g. `npx -p node@24 -- node bench/sign-in.mjs`). Starts the real server.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const root = join(import.meta.dirname, '..');
const seconds = Number(process.argv[2] ?? 10);
const require = createRequire(join(root, 'apps', 'server', 'package.json'));
const { hash, verify } = require('@node-rs/argon2');
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const PASSWORD = 'Tq8#vLp2-Benchmark';
const PORT = 18_181;
const base = `http://127.0.0.1:${PORT}`;
const workers = availableParallelism() * 4;

/** Runs `task` in `concurrency` loops for the duration; answers count, rate and latencies. */
async function load(concurrency, durationMs, task) {
  const latencies = [];
  let failures = 0;
  const end = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      const state = {};
      while (Date.now() < end) {
        const start = performance.now();
        try {
          await task(worker, state);
          latencies.push(performance.now() - start);
        } catch {
          failures++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    count: latencies.length,
    failures,
    perSecond: latencies.length / (durationMs / 1000),
    p50: at(0.5),
    p99: at(0.99),
  };
}

async function waitReady() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function main() {
  if (!process.env.DATABASE_URL)
    throw new Error('Set DATABASE_URL to a PostgreSQL database (the budget is on PostgreSQL).');
  // 1. Raw argon2id verifications per second, as many at once as the server will run.
  const stored = await hash(PASSWORD, ARGON2);
  const raw = await load(workers, seconds * 1000, async () => {
    if (!(await verify(stored, PASSWORD))) throw new Error('verify failed');
  });

  // 2. The real server on PostgreSQL.
  const server = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      RATE_LIMIT_PER_MINUTE: '100000000',
      SIGN_IN_PER_MINUTE: '100000000',
      SOFT_LOCK_THRESHOLD: '100',
    },
  });
  try {
    await waitReady();
    const { apiKey } = await (await fetch(`${base}/config.json`)).json();
    const headers = { 'x-hydra-api-key': apiKey, 'content-type': 'application/json', accept: 'application/json' };
    const email = `bench-${Date.now()}@example.com`;
    const created = await fetch(`${base}/api/accounts?options=account&options=refresh_token`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        email,
        password: PASSWORD,
        country: 'US',
        date_of_birth: '1990-01-01',
        marketing_opt_in: false,
        tos_consent: true,
      }),
    });
    if (created.status !== 201) throw new Error(`account not created: ${created.status} ${await created.text()}`);

    const signIn = async () => {
      const res = await fetch(`${base}/api/sessions/auth/password`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (res.status !== 200) throw new Error(String(res.status));
      return res.json();
    };
    const signIns = await load(workers, seconds * 1000, signIn);

    // 3. Refresh: each worker follows its own chain of rotating refresh tokens.
    const refreshes = await load(workers, seconds * 1000, async (_worker, state) => {
      state.token ??= (await signIn()).refresh_token;
      const res = await fetch(`${base}/api/sessions/auth/token`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: state.token }),
      });
      if (res.status !== 200) {
        state.token = undefined;
        throw new Error(String(res.status));
      }
      state.token = (await res.json()).refresh_token;
    });

    const ratio = signIns.perSecond / raw.perSecond;
    const result = {
      machine: `${availableParallelism()} cores, Node ${process.versions.node}`,
      seconds,
      concurrency: workers,
      argon2idVerifyPerSecond: +raw.perSecond.toFixed(1),
      passwordSignInPerSecond: +signIns.perSecond.toFixed(1),
      signInFailures: signIns.failures,
      ratio: +ratio.toFixed(3),
      ratioTarget: 0.85,
      refreshPerSecond: +refreshes.perSecond.toFixed(1),
      refreshP50ms: +refreshes.p50.toFixed(2),
      refreshP99ms: +refreshes.p99.toFixed(2),
      refreshFailures: refreshes.failures,
    };
    console.log(JSON.stringify(result, null, 2));
    process.exitCode = ratio >= 0.85 ? 0 : 1;
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
