// What the app is made of, as types: the infrastructure it runs on, and every repo and service,
// built once by the composition root (composition.ts). Routes receive `Services`; registerCall reads
// the policies' services from `app.deps`.
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { ApiKeyRegistry } from './http/api-key.ts';
import type { Mailer } from './mail/mailer.ts';
import type { AvatarsRepo } from './modules/accounts/avatars.ts';
import type { Consents } from './modules/accounts/consents.ts';
import type { AccountDeletion } from './modules/accounts/deletion.ts';
import type { EmailPreferences } from './modules/accounts/email-preferences.ts';
import type { Recovery } from './modules/accounts/recovery.ts';
import type { Registration } from './modules/accounts/registration.ts';
import type { AccountsRepo } from './modules/accounts/repo.ts';
import type { AccountRow, AccountsService } from './modules/accounts/service.ts';
import type { AccountSettings } from './modules/accounts/settings.ts';
import type { Verification } from './modules/accounts/verification.ts';
import type { AnalyticsRepo } from './modules/analytics/repo.ts';
import type { CaptchaVerifier } from './modules/captcha/verifier.ts';
import type { DeviceService } from './modules/device/service.ts';
import type { EmailCodes } from './modules/email-codes/service.ts';
import type { GameProgressService } from './modules/games/progress-service.ts';
import type { GamesRepo } from './modules/games/repo.ts';
import type { GamesService } from './modules/games/service.ts';
import type { LinkTokens } from './modules/link-tokens/service.ts';
import type { Mfa } from './modules/mfa/service.ts';
import type { IdTokens } from './modules/oauth/id-tokens.ts';
import type { OAuthService } from './modules/oauth/service.ts';
import type { SigningKeys } from './modules/oauth/signing-keys.ts';
import type { PasswordSignIn } from './modules/sessions/password-sign-in.ts';
import type { SessionsService } from './modules/sessions/service.ts';
import type { TokenAnswer } from './modules/sessions/token-answer.ts';
import type { IssuedTokens, TokenService } from './modules/sessions/token-service.ts';
import type { SettingsService } from './modules/settings/service.ts';
import type { CounterStore } from './rate-limit/counter-store.ts';
import type { RateLimitTable } from './rate-limit/tiers.ts';

/** What the app runs on: opened once per process (openInfrastructure); tests pass their own. */
export interface Infrastructure {
  config: Config;
  db: Database;
  mailer: Mailer;
  counters: CounterStore;
}

/**
 * Repos the composition root builds once and hands to the services. Two routes still read one
 * directly until their module has a service for it (the avatars list, analytics events).
 */
export interface Repos {
  accounts: AccountsRepo;
  avatars: AvatarsRepo;
  games: GamesRepo;
  analytics: AnalyticsRepo;
}

/** Everything the app is built from (composition.ts), each built once. */
export interface Services extends Infrastructure {
  repos: Repos;
  /** The policies registerCall applies: captcha, rate-limit tiers (and sessions, accounts). */
  captcha: CaptchaVerifier;
  rateLimits: RateLimitTable;
  apiKeys: ApiKeyRegistry;
  sessions: SessionsService;
  tokens: TokenService;
  accounts: AccountsService;
  consents: Consents;
  emailCodes: EmailCodes;
  linkTokens: LinkTokens;
  registration: Registration;
  recovery: Recovery;
  verification: Verification;
  accountSettings: AccountSettings;
  accountDeletion: AccountDeletion;
  emailPreferences: EmailPreferences;
  passwordSignIn: PasswordSignIn;
  /** The answer of every call that signs in (spec 001 §7): tokens, pending two-factor, the account. */
  tokenAnswer: (tokens: IssuedTokens, account: AccountRow) => Promise<TokenAnswer>;
  mfa: Mfa;
  games: GamesService;
  gameProgress: GameProgressService;
  settings: SettingsService;
  /** Games signing players in: entry and client checks, codes, the grants of both token endpoints. */
  oauth: OAuthService;
  /** The device flow of RFC 8628 (its state machine: modules/device/device-machine.ts). */
  device: DeviceService;
  /** The keys that sign ID tokens, and the ID tokens (the standard OAuth endpoints). */
  signingKeys: SigningKeys;
  idTokens: IdTokens;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Services;
  }
}
