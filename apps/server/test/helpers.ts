// Test harness: an app on a fresh database. TEST_DATABASE=postgres (set by the vitest project when
// DATABASE_URL is present) gives each app its own PostgreSQL schema; otherwise in-memory PGlite.
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import type { App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createSessions } from '../src/create-deps.ts';
import type { Config } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import type { Deps } from '../src/deps.ts';
import { Mailer, OutboxTransport } from '../src/mail/mailer.ts';
import type { MailTransport } from '../src/mail/mailer.ts';
import { PostgresCounterStore } from '../src/rate-limit/counter-store.ts';
import { ensurePortalClient, seedDemo } from '../src/seed/demo.ts';

export const API_KEY = 'test-portal-api-key-0001';
export const usesPostgres = process.env.TEST_DATABASE === 'postgres';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORTAL_API_KEY: API_KEY,
    MFA_SECRET_KEY: 'test-mfa-secret-key-of-32-characters',
    WEB_DIST_DIR: join(import.meta.dirname, 'fixtures', 'web'),
    ...env,
  });
}

/** A fresh, migrated database; `drop` removes it (PostgreSQL schema) and closes it. */
export async function testDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (!usesPostgres) {
    const db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = await openDatabase({ url, searchPath: schema, poolSize: 4 });
  await migrate(db);
  return {
    db,
    drop: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: App;
  deps: Deps;
  close: () => Promise<void>;
}

export async function testApp(
  env: Record<string, string> = {},
  options: { transport?: MailTransport; seed?: boolean } = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const { db, drop } = await testDatabase();
  await ensurePortalClient(db.orm, config.PORTAL_API_KEY);
  if (options.seed ?? true) await seedDemo(db.orm, config);
  const mailer = new Mailer(options.transport ?? new OutboxTransport(db.orm), {
    brand: config.BRAND_NAME,
    supportUrl: config.SUPPORT_URL,
  });
  const deps: Deps = {
    config,
    db,
    mailer,
    counters: new PostgresCounterStore(db),
    ...createSessions(db, config),
  };
  const app = await buildApp(config, deps);
  await app.ready();
  return {
    app,
    deps,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** Headers of a call from the portal's web app. */
export function portalHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'x-hydra-api-key': API_KEY, accept: 'application/x-ag-json', ...extra };
}

/** A call of the web app as JSON, signed in when given an access token. */
export function apiCall(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
  options: { remoteAddress?: string } = {},
) {
  return app.inject({
    method,
    url,
    ...options,
    headers: portalHeaders({
      accept: 'application/json',
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { 'x-hydra-access-token': token } : {}),
    }),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** Inserts a completed account (for tests of calls that need one); answers its id. */
export async function insertAccount(
  db: Database,
  fields: { email?: string; username?: string; passwordHash?: string | null; id?: string } = {},
): Promise<string> {
  const id = fields.id ?? randomUUID();
  await db.query(
    `INSERT INTO accounts (id, public_id, email, email_verified, username, password_hash, completed, country, date_of_birth)
     VALUES ($1, $2, $3, true, $4, $5, true, 'US', '1990-04-01')`,
    [
      id,
      `P-${id.slice(0, 8).toUpperCase()}`,
      fields.email ?? `${id.slice(0, 8)}@example.com`,
      fields.username ?? `Player${id.slice(0, 6)}`,
      fields.passwordHash ?? null,
    ],
  );
  return id;
}
