import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Consents } from './modules/accounts/consents.ts';
import type { SessionsService } from './modules/sessions/service.ts';
import type { TokenService } from './modules/sessions/token-service.ts';
import type { CounterStore } from './rate-limit/counter-store.ts';

/** What the app is built from; tests pass their own database, mailer or counter store. */
export interface Deps {
  config: Config;
  db: Database;
  mailer: Mailer;
  counters: CounterStore;
  sessions: SessionsService;
  tokens: TokenService;
  consents: Consents;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
