// Test harness: an app on a fresh database. TEST_DATABASE=postgres (set by the vitest project when
// DATABASE_URL is present) gives each app its own PostgreSQL database; otherwise in-memory PGlite.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import type { App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import type { Infrastructure, Services } from '../src/deps.ts';
import { composeOperations, createMailer } from '../src/composition.ts';
import { OutboxTransport } from '../src/mail/mailer.ts';
import type { MailTransport } from '../src/mail/mailer.ts';
import { PostgresCounterStore } from '../src/rate-limit/counter-store.ts';
import { ensurePortalClient, seedDemo } from '../src/seed/demo.ts';
import { pgliteTestDatabase, postgresTestDatabase } from './test-databases.ts';
import type { TestDatabase } from './test-databases.ts';

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

/**
 * A fresh, migrated database of its own (a copy of the run's template, test-databases.ts); `drop`
 * closes and removes it.
 */
export async function testDatabase(): Promise<TestDatabase> {
  if (!usesPostgres) return pgliteTestDatabase();
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  return postgresTestDatabase(url);
}

export interface TestApp {
  app: App;
  /** The app's services, from the same composition root as the server's (composition.ts). */
  deps: Services;
  /** PostgreSQL: the URL of the app's database (a second instance opens its own connections). */
  databaseUrl?: string;
  close: () => Promise<void>;
}

export async function testApp(
  env: Record<string, string> = {},
  options: { transport?: MailTransport; seed?: boolean } = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const { db, drop, url } = await testDatabase();
  await ensurePortalClient(db.orm, config.PORTAL_API_KEY);
  if (options.seed ?? true) await seedDemo(composeOperations(db, config));
  const mailer = createMailer(config, db, options.transport ?? new OutboxTransport(db.orm));
  const infrastructure: Infrastructure = { config, db, mailer, counters: new PostgresCounterStore(db) };
  const app = await buildApp(config, infrastructure);
  await app.ready();
  return {
    app,
    deps: app.deps,
    ...(url ? { databaseUrl: url } : {}),
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
