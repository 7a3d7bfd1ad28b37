// A stop sent to `npm start`, as a container runtime or a supervisor sends it, reaches the server: the
// request in flight is answered, the port is freed and every process of the chain exits (issue 19).
// Before, npm's shell and `npm exec` ended and left the server running, orphaned, on its port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { usesPostgres } from '../test/helpers.ts';
import { until } from '../test/until.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const PORT = 18_000 + Math.floor(Math.random() * 2000);
const DEV_API_KEY = 'ag-portal-dev-key-0001';

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Opens a connection and sends a request's headers and half of its body; the rest comes later. */
function startRequest(port: number, body: string): Promise<{ socket: Socket; answer: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.write(
        [
          'POST /api/accounts/recovery/init HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          'Content-Type: application/json',
          'Accept: application/json',
          `x-hydra-api-key: ${DEV_API_KEY}`,
          'x-request-id: stop-test-in-flight',
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Connection: close',
          '',
          body.slice(0, 10),
        ].join('\r\n'),
      );
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      const answer = new Promise<string>((done) => socket.on('close', () => done(received)));
      resolve({ socket, answer });
    });
    socket.on('error', reject);
  });
}

describe.skipIf(usesPostgres)('npm start and a stop signal', () => {
  it('SIGTERM to the npm start process drains the request in flight, frees the port and exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-stop-'));
    let output = '';
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '20000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout.on('data', (chunk) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    try {
      // The first start builds the web app when its build is not current, then migrates and seeds.
      await until(() => output.includes('Account portal ready'), 'the portal to start', { timeoutMs: 480_000 });

      const body = JSON.stringify({ email: 'nobody-stop-test@example.com' });
      const { socket, answer } = await startRequest(PORT, body);
      await until(() => output.includes('stop-test-in-flight'), 'the server to log the request');

      npm.kill('SIGTERM');
      await until(() => output.includes('stopping: finishing in-flight requests'), 'the server to begin its stop');
      // The server no longer takes connections while it finishes the request it holds.
      await until(async () => !(await canConnect(PORT)), 'the port to close', { timeoutMs: 20_000 });
      socket.write(body.slice(10));
      const raw = await answer;
      expect(raw).toMatch(/^HTTP\/1\.1 (200|204) /);

      expect(await exited).toBe(0);
      expect(await canConnect(PORT)).toBe(false);
    } finally {
      npm.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
