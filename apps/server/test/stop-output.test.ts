// A stop ends the server process whatever became of the reader of its output (issue 28): servers
// whose output went to a process that had exited, or that no longer read it, closed their port on
// SIGTERM and never exited (the main thread waited for ever for the log writer). The real process
// (apps/server/src/server.ts) is started as `npm start` starts it, with its output in a pipe.
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { usesPostgres } from './helpers.ts';
import { until } from './until.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const GRACE_MS = 10_000;

type Server = ChildProcessByStdio<null, Readable, Readable>;
const started: { child: Server; dataDir: string }[] = [];

afterEach(() => {
  for (const { child, dataDir } of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The server on its own port and data directory, logging every request, its output in pipes. */
async function startServer(): Promise<{ child: Server; base: string; exited: Promise<number | null> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-stop-output-'));
  const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      WEB_DIST_DIR: join(root, 'apps', 'server', 'test', 'fixtures', 'web'),
    },
  });
  started.push({ child, dataDir });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready`);
      return fetch(`${base}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
    },
    'the server to answer /readyz',
    { timeoutMs: 120_000, everyMs: 50 },
  );
  return { child, base, exited };
}

/** Requests the server logs (two lines each at level info). */
async function logLines(base: string, requests: number): Promise<void> {
  for (let i = 0; i < requests; i++) expect((await fetch(`${base}/healthz`)).status).toBe(200);
}

/** SIGTERM, then the exit code, which must come within the grace period. */
async function stopWithinGrace(child: Server, exited: Promise<number | null>): Promise<number | null> {
  child.kill('SIGTERM');
  await until(() => child.exitCode !== null || child.signalCode !== null, 'the server to exit after SIGTERM', {
    timeoutMs: GRACE_MS,
  });
  return exited;
}

describe.skipIf(usesPostgres)('a stop, whatever became of the output', () => {
  it('exits within the grace period when the reader of its output has gone away', async () => {
    const { child, base, exited } = await startServer();
    // The reader closes its end of the pipes: every write from now on fails (EPIPE).
    child.stdout.destroy();
    child.stderr.destroy();
    await logLines(base, 50);
    expect(await stopWithinGrace(child, exited)).toBe(0);
  }, 180_000);

  it('keeps answering, and exits within the grace period, when the reader stopped reading', async () => {
    const { child, base, exited } = await startServer();
    // Nobody reads: once the reader's buffer and the pipe are full, every write would have to wait.
    child.stdout.pause();
    child.stderr.pause();
    await logLines(base, 800);
    expect(child.stdout.readableLength).toBeGreaterThanOrEqual(child.stdout.readableHighWaterMark);
    expect(await stopWithinGrace(child, exited)).toBe(0);
  }, 180_000);
});
