#!/usr/bin/env node
// Entry point of `npm start`, `npm test`, `npm run check` and `.ci/run`.
//
// The project runs on Node.js 24 LTS. Machines often carry an older Node (20 is end-of-life), so
// when the running Node is older than 22 this script re-runs itself under Node 24 fetched from the
// npm registry (`npx -p node@24`). Under Node 24 it puts that Node first on PATH, so every `npm`,
// `npx` and `node` it starts runs on the same version, and then runs the task.
//
// This file must stay plain JavaScript that Node 20 can run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from './server-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);
const [task = 'start', ...rest] = process.argv.slice(2);

if (major < 22) {
  console.error(
    `[run] Node ${process.version} is too old for this project; re-running under Node 24 (npx -p node@24).`,
  );
  // npx only finds (or fetches) Node 24; this script then starts that Node itself. Started through
  // npx, the task ran under `npm exec` and a shell, and a SIGTERM to `npm start` ended those and
  // left the server running, orphaned (issue 19). Now each process of the chain
  // (npm → this script → this script under Node 24 → server) passes a stop signal on to its child.
  const child = spawn(node24(), [fileURLToPath(import.meta.url), task, ...rest], { stdio: 'inherit', cwd: root });
  forwardSignals(child);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  process.env.PATH = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`;
  const tasks = { start, test, check, build, ci, admin, game, install: ensureInstalled };
  const run = tasks[task];
  if (!run) {
    console.error(`[run] unknown task "${task}"; known: ${Object.keys(tasks).join(', ')}`);
    process.exit(2);
  }
  Promise.resolve(run(rest)).catch((error) => {
    console.error(`[run] ${task} failed: ${error.message}`);
    process.exit(1);
  });
}

/** The path of a Node 24 binary from the npm registry (npx caches it after the first fetch). */
function node24() {
  const found = spawnSync(
    'npx',
    ['-y', '-p', 'node@24', '--', 'node', '-e', 'process.stdout.write(process.execPath)'],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (found.status !== 0 || !found.stdout) {
    console.error('[run] could not fetch Node 24 from the npm registry (npx -p node@24)');
    process.exit(1);
  }
  return found.stdout.trim();
}

function forwardSignals(child) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal));
  }
}

/** Runs a command to completion; throws when it fails. */
function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

/** Installs dependencies when node_modules is missing or older than package-lock.json. */
function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('[run] installing dependencies (npm ci)');
  sh('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Builds the web app for production (scripts/build-web.mjs): skipped when apps/web/dist is current. */
function build() {
  ensureInstalled();
  console.log('[run] building the web app (skipped when it is current)');
  sh('npm', ['run', 'build', '-w', '@portal/web']);
}

function start() {
  build();
  const child = spawn(process.execPath, [...serverNodeFlags(), 'apps/server/src/server.ts'], {
    stdio: 'inherit',
    cwd: root,
  });
  forwardSignals(child);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

/** The operators' command line (apps/server/src/admin/cli.ts), with the arguments after `--`. */
function admin(args) {
  ensureInstalled();
  const result = spawnSync(process.execPath, ['apps/server/src/admin/cli.ts', ...args], {
    stdio: 'inherit',
    cwd: root,
  });
  process.exit(result.status ?? 1);
}

/** The example game (examples/game-cli), with the arguments after `--`; it needs no install. */
function game(args) {
  const result = spawnSync(process.execPath, ['examples/game-cli/game-cli.ts', ...args], {
    stdio: 'inherit',
    cwd: root,
  });
  process.exit(result.status ?? 1);
}

function check() {
  ensureInstalled();
  sh('npx', ['eslint', '.', '--max-warnings=0']);
  for (const project of ['packages/contract', 'apps/server', 'apps/web', 'examples/game-cli'])
    sh('npx', ['tsc', '-p', project]);
  sh('npx', ['prettier', '--check', '.', '--log-level', 'warn']);
}

async function test(args) {
  ensureInstalled();
  const { runAllTests } = await import('./test-all.mjs');
  const ok = await runAllTests({ root, args });
  process.exit(ok ? 0 : 1);
}

async function ci() {
  sh('npm', ['ci', '--no-audit', '--no-fund']);
  check();
  const { runAllTests } = await import('./test-all.mjs');
  const ok = await runAllTests({ root, args: [], soak: true });
  process.exit(ok ? 0 : 1);
}

export const packageJson = () => JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
