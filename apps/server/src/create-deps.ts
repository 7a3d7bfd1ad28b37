// Opens what the app runs on: the database (migrated, seeded), the rate-limit counters and the mailer.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import type { Deps } from './deps.ts';
import { Mailer, OutboxTransport, SmtpTransport } from './mail/mailer.ts';
import { Consents } from './modules/accounts/consents.ts';
import { RefreshRepo } from './modules/sessions/refresh-repo.ts';
import { SessionsRepo } from './modules/sessions/repo.ts';
import { SessionsService } from './modules/sessions/service.ts';
import { TokenService } from './modules/sessions/token-service.ts';
import { createCounterStore } from './rate-limit/counter-store.ts';
import { ensurePortalClient, seedDemo } from './seed/demo.ts';

export async function createDeps(config: Config, log?: FastifyBaseLogger): Promise<Deps> {
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const applied = await migrate(db);
  if (applied.length > 0) log?.info({ applied }, 'database migrated');
  await ensurePortalClient(db.orm, config.PORTAL_API_KEY);
  if (config.SEED_DEMO) await seedDemo(db.orm, config);
  const transport = config.SMTP_URL
    ? new SmtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : new OutboxTransport(db.orm, log);
  const mailer = new Mailer(transport, { brand: config.BRAND_NAME, supportUrl: config.SUPPORT_URL }, log);
  return {
    config,
    db,
    mailer,
    counters: createCounterStore(db, config.REDIS_URL),
    ...createSessions(db, config),
  };
}

export function createSessions(db: Deps['db'], config: Config): Pick<Deps, 'sessions' | 'tokens' | 'consents'> {
  const sessions = new SessionsService(new SessionsRepo(db.orm), {
    accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
  });
  const tokens = new TokenService(sessions, new RefreshRepo(db), {
    refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
  });
  return { sessions, tokens, consents: new Consents(db.orm) };
}

export async function closeDeps(deps: Deps): Promise<void> {
  await deps.mailer.close();
  await deps.counters.close();
  await deps.db.close();
}
