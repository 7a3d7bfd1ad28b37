// What the benchmarks share: a database of their own, the real server started as `npm start` runs it,
// waiting for it, and new players registered through the API.
// Plain JavaScript run by Node 24 (the bench scripts import it).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { serverNodeFlags } from '../scripts/server-flags.mjs';

const root = join(import.meta.dirname, '..');
const require = createRequire(join(root, 'apps', 'server', 'package.json'));

/**
 * A PostgreSQL database of the bench's own, next to DATABASE_URL's: its URL, and `drop()` for the end.
 * Throws without DATABASE_URL.
 */
export async function ownDatabase(prefix) {
  if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL (PostgreSQL): this bench measures PostgreSQL');
  const { Client } = require('pg');
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `${prefix}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
      await admin.end();
    },
  };
}

/**
 * Starts the real server (apps/server/src/server.ts with `npm start`'s Node flags) on 127.0.0.1:`port`
 * with the benches' settings (test mode, warnings only, no rate limit in the way) and `env` over them.
 * `nodeFlags` go before `npm start`'s; `stdout` is where the server's output goes (ignored by default).
 */
export function startServer({ port, env = {}, nodeFlags = [], stdout = 'ignore' }) {
  return spawn(process.execPath, [...nodeFlags, ...serverNodeFlags(), 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', stdout, 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
  });
}

/** Stops a server startServer started, and waits for it to end. */
export async function stopServer(server) {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
}

/** Resolves once `${base}/readyz` answers 200; fails when `server` (a child process) exited first. */
export async function waitReady(base, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null && server.exitCode !== undefined) {
      throw new Error(`the server exited (${server.exitCode})`);
    }
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${base} did not become ready`);
}

/** The headers of a JSON call with the web app's API key (read from /config.json). */
export async function apiHeaders(base) {
  const { apiKey } = await (await fetch(`${base}/config.json`)).json();
  return { 'x-hydra-api-key': apiKey, 'content-type': 'application/json', accept: 'application/json' };
}

/**
 * Registers an adult player in the US who agreed to the terms (`username` optional) and answers the
 * registration's answer: the account and its access and refresh tokens.
 */
export async function registerPlayer(base, headers, { email, password, username }) {
  const created = await fetch(`${base}/api/accounts?options=account&options=refresh_token`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email,
      ...(username ? { username } : {}),
      password,
      country: 'US',
      date_of_birth: '1990-01-01',
      marketing_opt_in: false,
      tos_consent: true,
    }),
  });
  if (created.status !== 201) throw new Error(`account not created: ${created.status} ${await created.text()}`);
  return created.json();
}
