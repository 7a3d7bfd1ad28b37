// Applies the SQL files of ./migrations in name order, each once, each in its own transaction.
// Safe to run at every start and from several instances at once (an advisory lock serializes them).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
const MIGRATION_LOCK_ID = 720_001;

export interface Migration {
  id: string;
  sql: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ id: file.replace(/\.sql$/, ''), sql: readFileSync(join(dir, file), 'utf8') }));
}

/** Returns the ids of the migrations it applied. */
export async function migrate(
  db: Pick<Database, 'exec' | 'query' | 'withLock'>,
  migrations = listMigrations(),
): Promise<string[]> {
  return db.withLock(MIGRATION_LOCK_ID, async () => {
    await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      const escapedId = migration.id.replace(/'/g, "''");
      await db.exec(`BEGIN;\n${migration.sql}\nINSERT INTO schema_migrations (id) VALUES ('${escapedId}');\nCOMMIT;`);
      applied.push(migration.id);
    }
    return applied;
  });
}
