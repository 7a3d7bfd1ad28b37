// Vitest global setup of the server projects: the migrations run once per run, into a template
// every test file copies (testDatabase in helpers.ts), instead of once per test file.
//   PGlite: a migrated data directory, dumped to a temporary file; each database loads the dump.
//   The file is removed at the end of the run (at the start of a later one if the run was killed).
//   PostgreSQL (TEST_DATABASE=postgres): a migrated database; each test file's database is created
//   from it (CREATE DATABASE ... TEMPLATE) and dropped after. Whatever the run left is dropped at
//   its end (what a killed run left, a day later at the start of another).
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { databaseUrl } from './test-databases.ts';

/**
 * A run's databases: `portal_template_<run>` and `portal_test_<run>_<file>`, where the run starts
 * with its start time (seconds since 1970 in base 36).
 */
const DATABASE_NAME = /^portal_(?:template|test)_([0-9a-z]+)_/;
const STALE_AFTER_MS = 24 * 3600_000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = `${Math.floor(Date.now() / 1000).toString(36)}_${randomBytes(3).toString('hex')}`;
  if (project.config.env.TEST_DATABASE === 'postgres') return postgresTemplate(project, run);
  return pgliteTemplate(project, run);
}

async function pgliteTemplate(project: TestProject, run: string): Promise<() => Promise<void>> {
  const client = await PGlite.create('memory://');
  await migrate({
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async (sqlText, params = []) => (await client.query<never>(sqlText, params)).rows,
    withLock: (_lockId, fn) => fn(),
  });
  const dump = await client.dumpDataDir('none');
  await client.close();
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith('portal-test-template-'))) {
    const left = join(tmpdir(), name);
    if (Date.now() - statSync(left).mtimeMs >= STALE_AFTER_MS) rmSync(left, { force: true });
  }
  const file = join(tmpdir(), `portal-test-template-${run}.tar`);
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => rmSync(file, { force: true });
}

async function postgresTemplate(project: TestProject, run: string): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const template = `portal_template_${run}`;
  const prefix = `portal_test_${run}_`;
  await onServer(url, async (admin) => {
    await dropDatabases(admin, (_name, started) => Date.now() - started >= STALE_AFTER_MS, false);
    await admin.query(`CREATE DATABASE ${template}`);
  });
  const db = await openDatabase({ url: databaseUrl(url, template), poolSize: 2 });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  project.provide('postgresTemplate', template);
  project.provide('postgresPrefix', prefix);
  return () =>
    onServer(url, (admin) => dropDatabases(admin, (name) => name === template || name.startsWith(prefix), true));
}

async function onServer(url: string, fn: (admin: pg.Client) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await fn(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Drops the test databases (of any run) `which` selects, given their name and when their run
 * started. Without `force` a database still in use stays (a run that is somehow still going).
 */
async function dropDatabases(
  admin: pg.Client,
  which: (name: string, started: number) => boolean,
  force: boolean,
): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database');
  for (const { datname } of rows) {
    const started = DATABASE_NAME.exec(datname)?.[1];
    if (!started || !which(datname, parseInt(started, 36) * 1000)) continue;
    await admin.query(`DROP DATABASE IF EXISTS ${datname}${force ? ' WITH (FORCE)' : ''}`).catch((error: unknown) => {
      if (force) throw error;
    });
  }
}
