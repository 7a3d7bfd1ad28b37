// One database interface over two drivers: embedded PGlite (default, files under DATA_DIR) and
// PostgreSQL through node-postgres (DATABASE_URL). Modules use `orm` (Drizzle) for queries;
// migrations and health checks use the raw helpers.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { listenPglite, listenPostgres } from './listen.ts';
import type { ListenHandlers, Listener } from './listen.ts';
import { schema } from './schema.ts';

export type { ListenHandlers, Listener } from './listen.ts';

export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  orm: Orm;
  /** Runs SQL that may hold several statements (no parameters). */
  exec(sqlText: string): Promise<void>;
  /**
   * Runs one statement. With `name` (PostgreSQL) the statement is prepared once per connection and
   * reused, for the statements of every request.
   */
  query<T extends Record<string, unknown>>(sqlText: string, params?: unknown[], name?: string): Promise<T[]>;
  /**
   * Runs one statement like `query`, on connections that commit without waiting for the disk
   * (`synchronous_commit = off`): for session tokens only, which a player gets again by signing in
   * again. A crash of the database server may lose the last fraction of a second of them; it never
   * loses an earlier write or a revocation, which go through `query` (ADR 012).
   */
  queryAsyncCommit<T extends Record<string, unknown>>(sqlText: string, params: unknown[], name: string): Promise<T[]>;
  /** Runs fn with a session-level advisory lock held, so concurrent instances take turns. */
  withLock<T>(lockId: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Runs fn when no other instance holds the advisory lock (then held while fn runs); answers
   * `skipped` without running it when another does.
   */
  tryWithLock<T>(lockId: number, fn: () => Promise<T>): Promise<T | 'skipped'>;
  /**
   * LISTEN on these channels (listen.ts): on PostgreSQL a connection of its own, reconnected when
   * lost; on PGlite in this process. Close the answer when done.
   */
  listen(channels: readonly string[], handlers: ListenHandlers): Listener;
  /** The PostgreSQL pool's connections (the metrics); null on PGlite. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` keeps everything in memory. */
  dataDir?: string;
  /** PGlite: starts from this dump of a data directory (`dumpDataDir()`; tests copy a migrated one). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options)
    : openPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, loadDataDir ? { loadDataDir } : {});
  const query = async <T extends Record<string, unknown>>(sqlText: string, params: unknown[] = []) =>
    (await client.query<T>(sqlText, params)).rows;
  return {
    kind: 'pglite',
    orm: drizzlePglite({ client, schema }) as unknown as Orm,
    exec: async (sqlText) => {
      try {
        await client.exec(sqlText);
      } catch (error) {
        await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    query,
    // One connection in this process: a commit costs no round trip to wait for.
    queryAsyncCommit: query,
    // PGlite has a single connection, used by this process only: nothing to lock against.
    withLock: (_lockId, fn) => fn(),
    tryWithLock: (_lockId, fn) => fn(),
    poolStats: () => null,
    listen: (channels, handlers) => listenPglite(client, channels, handlers),
    close: () => client.close(),
  };
}

function newPool(url: string, size: number, settings: string[]): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    ...(settings.length > 0 ? { options: settings.map((setting) => `-c ${setting}`).join(' ') } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  return pool;
}

type Pooled = <T extends Record<string, unknown>>(sqlText: string, params?: unknown[], name?: string) => Promise<T[]>;

function queryOn(pool: pg.Pool): Pooled {
  return async <T extends Record<string, unknown>>(sqlText: string, params: unknown[] = [], name?: string) =>
    (await pool.query<T>(name ? { name, text: sqlText, values: params } : { text: sqlText, values: params })).rows;
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const size = options.poolSize ?? 10;
  const pool = newPool(url, size, []);
  // Session tokens are written on their own connections (opened on first use).
  const asyncCommitPool = newPool(url, Math.max(2, Math.ceil(size / 2)), ['synchronous_commit=off']);
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    orm: drizzlePg({ client: pool, schema }) as unknown as Orm,
    exec: async (sqlText) => {
      const client = await pool.connect();
      try {
        await client.query(sqlText);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    query: queryOn(pool),
    queryAsyncCommit: queryOn(asyncCommitPool),
    withLock: async (lockId, fn) => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [lockId]);
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [lockId]).catch(() => undefined);
        client.release();
      }
    },
    tryWithLock: async (lockId, fn) => {
      const client = await pool.connect();
      try {
        const [row] = (await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1) AS taken', [lockId]))
          .rows;
        if (!row?.taken) return 'skipped';
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [lockId]).catch(() => undefined);
        }
      } finally {
        client.release();
      }
    },
    listen: (channels, handlers) => listenPostgres(url, channels, handlers),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await Promise.all([pool.end(), asyncCommitPool.end()]);
    },
  };
}

/** The rows of `orm.execute(sql...)`: node-postgres answers a result object, PGlite an object or array. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
