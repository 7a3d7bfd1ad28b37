// Real server processes for the soak tests that need several on one database: apps/server/src/server.ts
// started as `npm start` starts it (bench/portal.mjs does the same for the benches), waited for on
// /readyz, killed with SIGKILL or stopped with SIGTERM, restarted on the same port, and a JSON client
// for their API.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { until } from '../test/until.ts';

const root = join(import.meta.dirname, '..', '..', '..');
/** The API key of the web app in these processes (PORTAL_API_KEY). */
export const SOAK_API_KEY = 'soak-two-instances-key-0001';
/** What a process keeps of its output, for the message of a failure. */
const OUTPUT_KEPT = 20_000;

/** Every process started here: killed when the test process exits, whatever happened. */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** A TCP port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** `npm start`'s Node flags (scripts/server-flags.mjs): V8's collector on the main thread on 2 cores. */
function serverNodeFlags(): string[] {
  if (process.env.NODE_GC === 'parallel') return [];
  return process.env.NODE_GC === 'single' || availableParallelism() <= 2 ? ['--single-threaded-gc'] : [];
}

/** One server process on a fixed port; `start` again after `kill9` or `stop` restarts it there. */
export class ServerInstance {
  readonly name: string;
  readonly port: number;
  readonly base: string;
  readonly #env: Record<string, string>;
  #child: ChildProcess | null = null;
  #exit: Promise<void> = Promise.resolve();
  #output = '';

  /** `env`: settings over the defaults below; DATABASE_URL is the instance's database. */
  constructor(name: string, port: number, env: Record<string, string> & { DATABASE_URL: string }) {
    this.name = name;
    this.port = port;
    this.base = `http://127.0.0.1:${port}`;
    this.#env = env;
  }

  /** Whether the process is running. */
  get running(): boolean {
    return this.#child !== null && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  /** The last of what the process wrote (warnings and errors: LOG_LEVEL=warn). */
  get output(): string {
    return this.#output;
  }

  /** Starts the process and resolves once /readyz answers 200; fails if it exits first. */
  async start({ timeoutMs = 90_000 } = {}): Promise<void> {
    if (this.running) throw new Error(`${this.name} is already running`);
    const child = spawn(process.execPath, [...serverNodeFlags(), 'apps/server/src/server.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        PORTAL_API_KEY: SOAK_API_KEY,
        MFA_SECRET_KEY: 'soak-two-instances-mfa-key-of-32-chars',
        WEB_DIST_DIR: join(root, 'apps', 'server', 'test', 'fixtures', 'web'),
        // What the surrounding run may have set for itself is not the server's.
        REDIS_URL: '',
        ...this.#env,
      },
    });
    const keep = (chunk: Buffer) => {
      this.#output = (this.#output + chunk.toString()).slice(-OUTPUT_KEPT);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    started.add(child);
    this.#exit = new Promise((resolve) =>
      child.once('exit', () => {
        started.delete(child);
        resolve();
      }),
    );
    this.#child = child;
    await until(
      async () => {
        if (!this.running) {
          throw new Error(
            `${this.name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${this.#output}`,
          );
        }
        try {
          return (await fetch(`${this.base}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok;
        } catch {
          return false; // not listening yet
        }
      },
      `${this.name} to answer /readyz`,
      { timeoutMs, everyMs: 50 },
    );
  }

  /** SIGKILL: the process ends where it is, with no stop of any kind. Resolves once it has exited. */
  async kill9(): Promise<void> {
    if (this.#child && this.running) this.#child.kill('SIGKILL');
    await this.#exit;
  }

  /** SIGTERM (the graceful stop), SIGKILL if it takes more than `graceMs`. Safe to call when stopped. */
  async stop(graceMs = 15_000): Promise<void> {
    if (!this.#child || !this.running) return;
    const child = this.#child;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await this.#exit;
    clearTimeout(timer);
  }
}

/** A JSON answer: the status, the headers and the parsed body (null when there is none). */
export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many calls, checked by the tests
  body: any;
}

/**
 * One call of the web app (its API key) as JSON, signed in with `accessToken` when given. A network
 * failure (refused connection, connection closed before the answer) rejects.
 */
export async function call(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  { body, accessToken }: { body?: unknown; accessToken?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'x-hydra-api-key': SOAK_API_KEY,
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(accessToken ? { 'x-hydra-access-token': accessToken } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}
