// Migrating an empty database gives exactly the schema the code expects, and running it again
// changes nothing.
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/helpers.ts';
import type { Database } from './database.ts';
import { listMigrations, migrate } from './migrate.ts';
import { schema } from './schema.ts';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await testDatabase());
});
afterAll(() => drop());

interface ColumnRow extends Record<string, unknown> {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
}

/** information_schema's udt_name for a Drizzle column type. */
function udtName(sqlType: string): string {
  const map: Record<string, string> = {
    uuid: 'uuid',
    text: 'text',
    'text[]': '_text',
    boolean: 'bool',
    integer: 'int4',
    date: 'date',
    bigserial: 'int8',
    bigint: 'int8',
    jsonb: 'jsonb',
    'timestamp with time zone': 'timestamptz',
  };
  const udt = map[sqlType];
  if (!udt) throw new Error(`no mapping for ${sqlType}`);
  return udt;
}

describe('migrations', () => {
  it('have been applied in order, and a second run applies nothing', async () => {
    const applied = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(applied.map((r) => r.id)).toEqual(listMigrations().map((m) => m.id));
    expect(await migrate(db)).toEqual([]);
  });

  it('create exactly the tables and columns of the Drizzle schema', async () => {
    const rows = await db.query<ColumnRow>(
      `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name <> 'schema_migrations'
       ORDER BY table_name, column_name`,
    );
    const actual = rows.map(
      (r) => `${r.table_name}.${r.column_name} ${r.udt_name}${r.is_nullable === 'NO' ? ' not null' : ''}`,
    );
    const expected = Object.values(schema)
      .flatMap((table) => {
        const config = getTableConfig(table as PgTable);
        return config.columns.map(
          (c) => `${config.name}.${c.name} ${udtName(c.getSQLType())}${c.notNull ? ' not null' : ''}`,
        );
      })
      .sort();
    expect(actual).toEqual(expected);
  });

  it('create the unique constraints the code relies on', async () => {
    const rows = await db.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexdef LIKE 'CREATE UNIQUE%'`,
    );
    const defs = rows.map((r) => r.indexdef).join('\n');
    expect(defs).toMatch(/analytics_events.*\(session_id, dedupe_index\)/);
    expect(defs).toMatch(/api_clients.*\(key_hash\)/);
  });
});
