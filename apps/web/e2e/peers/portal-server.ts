// The portal's server as a separate process for a browser test that needs its own configuration:
// started like playwright.config.ts's webServer (node apps/server/src/server.ts, the same test
// settings), on a free port of 127.0.0.1 and a throw-away data directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testServerEnv } from '../server-env.ts';
import { SERVER_START_MS } from '../time-limits.ts';

export interface PortalServer {
  url: string;
  /** What the process wrote to stderr (shown when it fails to start). */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * `dataDir`: the database's directory, kept when the server stops (the operators' command line can
 * work on it between two starts); by default a throw-away one. `port`: the port of an earlier start
 * on that directory (its data, the sandbox platforms' addresses say, holds the server's origin).
 */
export async function startPortalServer(
  env: Record<string, string>,
  options: { dataDir?: string; port?: number; publicHost?: string } = {},
): Promise<PortalServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-e2e-own-'));
  // `publicHost`: the name the pages use (PUBLIC_URL) instead of the address; passkeys need a
  // domain (WebAuthn refuses an IP address as the relying party), and localhost is one.
  const url = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  let stderr = '';
  const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: join(import.meta.dirname, '..', '..', '..', '..'),
    env: {
      ...process.env,
      ...testServerEnv(port, dataDir),
      ...(options.publicHost ? { PUBLIC_URL: url } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  // Ready when /readyz answers (the database is migrated and seeded by then); fails if the process ends.
  const deadline = Date.now() + SERVER_START_MS;
  let ended = false;
  void exited.then(() => (ended = true));
  while (!ended) {
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, output: () => stderr, stop };
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the portal server did not start on ${url}:\n${stderr}`);
}
