// Linking a platform and signing in with it, per second (issue 15), against the sandbox platform.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/platforms.mjs [players] [connections]
//   node bench/platforms.mjs [players] [connections]                       (PGlite, a temp data dir)
// Runs under Node 24. Starts the sandbox PlayStation Network (a real OpenID Provider,
// apps/server/src/platforms/sandbox) in this process, and the real server (apps/server/src/server.ts)
// configured to use it (npm run admin -- platforms put). Registers `players` players, gets each an
// authorization code from the sandbox through its sign-in page (not timed), then times
// `PUT /api/accounts/me/link/psn` for all of them, `connections` at a time: each call exchanges the
// code at the sandbox's token endpoint, checks the ID token (signature, nonce, iss) and writes the link.
// Then gets a new code for each and times `POST /api/sessions/auth/psn` the same way. The sandbox
// answers from this process on the same machine, so its work (token endpoint, JWKS) is in the figures.
// Prints the rates, p50/p99 latencies and the server's CPU per call; exits non-zero when a call failed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiHeaders, registerPlayer, waitReady } from './portal.mjs';

const root = join(import.meta.dirname, '..');
const PORT = 18_311;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Tq8#vLp2-Benchmark';
const players = Number(process.argv[2] ?? 200);
const connections = Number(process.argv[3] ?? 16);

const { startPlatformSandbox, authorizeAt, linkPayloadOf } = await import(
  join(root, 'apps/server/test/platform-sandbox.ts')
);

function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `task(i)` for i < count, `connections` at a time; answers the rate and latencies. */
async function timed(count, task, pid) {
  const latencies = [];
  let failures = 0;
  let next = 0;
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        const ok = await task(i).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(count / seconds),
    p50ms: Math.round(percentile(latencies, 50)),
    p99ms: Math.round(percentile(latencies, 99)),
    failures,
    serverCpuMsPerCall: +(((cpuSeconds(pid) - cpuBefore) * 1000) / count).toFixed(2),
  };
}

async function main() {
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const sandbox = await startPlatformSandbox(base);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-platforms-'));
  const env = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    RATE_LIMIT_PER_MINUTE: '100000000',
    SIGN_IN_PER_MINUTE: '100000000',
    // Every player of the bench asks its verification code from this one address.
    CODE_MAILS_PER_CLIENT_HOUR: '100000000',
  };
  // The platform, configured as an operator would, pointing at this process's sandbox.
  const file = join(dataDir, 'psn.json');
  writeFileSync(file, JSON.stringify({ ...sandbox.config('psn'), restricted: false }));
  const put = spawnSync(process.execPath, ['apps/server/src/admin/cli.ts', 'platforms', 'put', file], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (put.status !== 0) throw new Error(`platforms put failed: ${put.stderr}`);
  const server = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore'],
    env,
  });
  try {
    await waitReady(base, server);
    const headers = await apiHeaders(base);
    const tokens = [];
    const emails = [];
    for (let i = 0; i < players; i++) {
      const email = `bench-platform-${Date.now()}-${i}@example.com`;
      emails.push(email);
      tokens.push((await registerPlayer(base, headers, { email, password: PASSWORD })).access_token);
    }
    // Linking needs a verified address (ADR 020): each player proves it with the mailed code, as in the
    // web app (the development outbox holds the mails).
    for (let i = 0; i < players; i++) {
      const email = emails[i];
      const sent = await fetch(`${base}/api/accounts/me/send_verification_email`, {
        method: 'PUT',
        headers: { ...headers, 'x-hydra-access-token': tokens[i] },
      });
      if (!sent.ok) throw new Error(`verification mail not sent: ${sent.status} ${await sent.text()}`);
      const [mail] = await (await fetch(`${base}/dev/outbox?to=${encodeURIComponent(email)}`)).json();
      const verified = await fetch(`${base}/api/accounts/verify_email`, {
        method: 'POST',
        headers: { ...headers, 'x-hydra-access-token': tokens[i] },
        body: JSON.stringify({ code: mail.code }),
      });
      if (!verified.ok) throw new Error(`not verified: ${verified.status} ${await verified.text()}`);
    }
    const names = tokens.map((_, i) => `BenchKratos${Date.now()}${i}`);
    const codes = [];
    for (let i = 0; i < players; i++) codes.push(linkPayloadOf(await authorizeAt(sandbox, 'psn', names[i])));
    const call = (method, path, token, body) =>
      fetch(`${base}/api${path}`, {
        method,
        headers: { ...headers, ...(token ? { 'x-hydra-access-token': token } : {}) },
        body: JSON.stringify(body),
      }).then(async (res) => {
        const text = await res.text();
        if (!res.ok && process.env.BENCH_VERBOSE) console.error(res.status, text.slice(0, 200));
        return res.ok;
      });
    const link = await timed(players, (i) => call('PUT', '/accounts/me/link/psn', tokens[i], codes[i]), server.pid);
    const again = [];
    for (let i = 0; i < players; i++) again.push(linkPayloadOf(await authorizeAt(sandbox, 'psn', names[i])));
    const signIn = await timed(players, (i) => call('POST', '/sessions/auth/psn', undefined, again[i]), server.pid);
    const machine = `${availableParallelism()} cores, Node ${process.versions.node}`;
    console.log(JSON.stringify({ machine, database, players, connections, link, signIn }, null, 2));
    console.log(
      `| ${new Date().toISOString().slice(0, 10)} | ${database} | ${players} | ${connections} | ` +
        `${link.perSecond} | ${link.p50ms} / ${link.p99ms} ms | ${link.serverCpuMsPerCall} ms | ` +
        `${signIn.perSecond} | ${signIn.p50ms} / ${signIn.p99ms} ms | ${signIn.serverCpuMsPerCall} ms |`,
    );
    if (link.failures + signIn.failures > 0) {
      console.error(`failed calls: ${link.failures} links, ${signIn.failures} sign-ins`);
      process.exitCode = 1;
    }
  } finally {
    server.kill('SIGTERM');
    await sandbox.close();
  }
}

await main();
