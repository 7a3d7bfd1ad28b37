// The databases of the server tests, each a copy of the run's migrated template (global-setup.ts):
// loading PGlite from a dump costs a fraction of starting an empty one and migrating it, and a
// PostgreSQL database created from a template costs a fraction of migrating a schema.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the dump of a migrated PGlite data directory. */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database the test databases are created from. */
    postgresTemplate: string;
    /** How this run's test databases are named (the teardown drops any left). */
    postgresPrefix: string;
  }
}

export interface TestDatabase {
  db: Database;
  /** PostgreSQL: the database's URL, for a second instance with connections of its own. */
  url?: string;
  /** Closes the database and removes it. */
  drop: () => Promise<void>;
}

/** DATABASE_URL with another database name. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

let pgliteDump: Blob | undefined;

/** In-memory PGlite, loaded from the template (migrated here when there is none). */
export async function pgliteTestDatabase(): Promise<TestDatabase> {
  const template = inject('pgliteTemplate');
  const loadDataDir = template ? (pgliteDump ??= new Blob([readFileSync(template)])) : undefined;
  const db = await openDatabase({ dataDir: 'memory://', ...(loadDataDir ? { loadDataDir } : {}) });
  // Nothing to apply on a copy of the template; without one, every migration.
  await migrate(db);
  return { db, drop: () => db.close() };
}

/** A PostgreSQL database of its own, created from the template, dropped by `drop`. */
export async function postgresTestDatabase(url: string): Promise<TestDatabase> {
  const template = inject('postgresTemplate');
  const prefix = inject('postgresPrefix');
  if (!template || !prefix) throw new Error('the PostgreSQL test template is missing (test/global-setup.ts)');
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await onServer(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const db = await openDatabase({ url: databaseUrl(url, name), poolSize: 4 });
  return {
    db,
    url: databaseUrl(url, name),
    drop: async () => {
      await db.close();
      await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function onServer(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
