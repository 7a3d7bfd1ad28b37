// The operators' command line (`npm run admin -- <args>`, the real one) on a portal server's data
// directory, between two starts of that server: PGlite keeps one process to a directory.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from '@playwright/test';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Runs the command line on `dataDir` and answers what it printed; a failure fails the test with its error. */
export function admin(dataDir: string, ...args: string[]): string {
  const run = spawnSync(process.execPath, ['apps/server/src/admin/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}
