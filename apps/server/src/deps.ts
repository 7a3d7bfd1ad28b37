// What the app is made of, as types: the infrastructure it runs on, and every repo and service,
// built once by the composition root (composition.ts). Routes receive `Services` (each the part it
// uses); registerCall reads the policies' services from `app.deps`.
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { ApiKeyRegistry } from './http/api-key.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Account, AccountsService } from './modules/accounts/service.ts';
import type { ConsentsService } from './modules/accounts/consents-service.ts';
import type { AccountDeletionService } from './modules/accounts/deletion-service.ts';
import type { EmailPreferencesService } from './modules/accounts/email-preferences-service.ts';
import type { RecoveryService } from './modules/accounts/recovery-service.ts';
import type { RegistrationService } from './modules/accounts/registration-service.ts';
import type { AccountSettingsService } from './modules/accounts/settings-service.ts';
import type { VerificationService } from './modules/accounts/verification-service.ts';
import type { AnalyticsService } from './modules/analytics/service.ts';
import type { CaptchaVerifier } from './modules/captcha/service.ts';
import type { DeviceService } from './modules/device/service.ts';
import type { EmailCodesService } from './modules/email-codes/service.ts';
import type { GameProgressService } from './modules/games/progress-service.ts';
import type { GamesService } from './modules/games/service.ts';
import type { LinkTokensService } from './modules/link-tokens/service.ts';
import type { PasskeysService } from './modules/passkeys/service.ts';
import type { MfaService } from './modules/mfa/service.ts';
import type { IdTokens } from './modules/oauth/id-tokens.ts';
import type { OAuthService } from './modules/oauth/service.ts';
import type { SigningKeys } from './modules/oauth/signing-keys.ts';
import type { SessionsService } from './modules/sessions/service.ts';
import type { SignInService } from './modules/sessions/sign-in-service.ts';
import type { SignedInService } from './modules/sessions/signed-in-service.ts';
import type { TokenAnswer } from './modules/sessions/token-answer.ts';
import type { IssuedTokens, TokenService } from './modules/sessions/token-service.ts';
import type { SettingsService } from './modules/settings/service.ts';
import type { CounterStore } from './rate-limit/counter-store.ts';
import type { RateLimitTable } from './rate-limit/tiers.ts';
import type { PlatformRegistry } from './modules/platform-links/registry-service.ts';
import type { PlatformLinksService } from './modules/platform-links/service.ts';
import type { ConsolidationService } from './modules/consolidation/service.ts';
import type { BetasService } from './modules/betas/service.ts';
import type { TwitchDropsService } from './modules/betas/twitch-service.ts';
import type { FriendsService } from './modules/friends/service.ts';
import type { Sweep } from './jobs/sweep.ts';
import type { Metrics } from './http/metrics.ts';
import type { AuditService } from './modules/audit/service.ts';
import type { SignedInDevicesService } from './modules/sessions/signed-in-devices.ts';
import type { GameRegistryService } from './modules/games/registry-service.ts';
import type { BetaOperatorsService } from './modules/betas/operators-service.ts';
import type { MailQueueRepo } from './mail/queue-repo.ts';
import type { ModerationService } from './modules/moderation/service.ts';
import type { StandingService } from './modules/moderation/standing-service.ts';
import type { ConsoleAddresses, OperatorsService } from './modules/operators/service.ts';
import type { SupportService } from './modules/support/service.ts';
import type { LiveOpsService } from './modules/live-ops/service.ts';

/** What the app runs on: opened once per process (openInfrastructure); tests pass their own. */
export interface Infrastructure {
  config: Config;
  db: Database;
  mailer: Mailer;
  counters: CounterStore;
}

/** Everything the app is built from (composition.ts), each built once. */
export interface Services extends Infrastructure {
  /** The policies registerCall applies: captcha, rate-limit tiers (and sessions, accounts). */
  captcha: CaptchaVerifier;
  rateLimits: RateLimitTable;
  apiKeys: ApiKeyRegistry;
  /** The session of an access token; issuing, refreshing and ending tokens; the sign-in calls. */
  sessions: SessionsService;
  /** The session and account of a signed-in call's token, kept between calls (ADR 017). */
  signedIn: SignedInService;
  /** Whether an account may be used now: the bans and blocks in force (issue 30, ADR 032). */
  standing: StandingService;
  moderation: ModerationService;
  /** The console's operators, their sessions and audit; the addresses the console answers (issue 33). */
  operators: OperatorsService;
  consoleAddresses: ConsoleAddresses;
  /** Player support in the console: search, a player's page, actions, data export. */
  support: SupportService;
  /** Live operations in the console: playtests, games and clients, terms, mail, feature flags. */
  liveOps: LiveOpsService;
  tokens: TokenService;
  /** The player's signed-in devices: each live sign-in, ended one at a time or all but this one. */
  signedInDevices: SignedInDevicesService;
  signIn: SignInService;
  /** The answer of every call that signs in (spec 001 §7): tokens, pending two-factor, the account. */
  tokenAnswer: (tokens: IssuedTokens, account: Account) => Promise<TokenAnswer>;
  /** Codes and links mailed to players. */
  emailCodes: EmailCodesService;
  linkTokens: LinkTokensService;
  /** The accounts module: the account of a session, and its other services. */
  accounts: AccountsService;
  consents: ConsentsService;
  registration: RegistrationService;
  recovery: RecoveryService;
  verification: VerificationService;
  accountSettings: AccountSettingsService;
  accountDeletion: AccountDeletionService;
  emailPreferences: EmailPreferencesService;
  /** Friends, invitations, blocks and the friends search. */
  friends: FriendsService;
  /** Playtests: registration, codes, platform keys, referrals. */
  betas: BetasService;
  /** Twitch drops that grant a playtest. */
  twitchDrops: TwitchDropsService;
  mfa: MfaService;
  /** The account's passkeys (WebAuthn), and checking their answers. */
  passkeys: PasskeysService;
  /** Platform identities: the platforms operators configured, and the links of each account. */
  platforms: PlatformRegistry;
  platformLinks: PlatformLinksService;
  /** Moving a stub (platform-first) account into a full one. */
  consolidation: ConsolidationService;
  games: GamesService;
  gameProgress: GameProgressService;
  settings: SettingsService;
  analytics: AnalyticsService;
  /** Games signing players in: entry and client checks, codes, the grants of both token endpoints. */
  oauth: OAuthService;
  /** The device flow of RFC 8628 (its state machine: modules/device/device-machine.ts). */
  device: DeviceService;
  /** The keys that sign ID tokens, and the ID tokens (the standard OAuth endpoints). */
  signingKeys: SigningKeys;
  idTokens: IdTokens;
  /** What GET /metrics shows (http/metrics.ts). */
  metrics: Metrics;
  /** The security events of each account: the audit trail and the player's recent activity. */
  audit: AuditService;
  /** Deletes what is over (ended sessions, used codes, idle stubs, old mail ...): jobs/sweep.ts. */
  sweep: Sweep;
}

/**
 * What the operators' command line (admin/) and the seed (seed/) work with, built on an open database
 * by composeOperations (composition.ts): they build no repo or service themselves.
 */
export interface Operations {
  config: Config;
  db: Database;
  /** Games and their OAuth clients, put from operators' JSON (and the demo games). */
  gameRegistry: GameRegistryService;
  /** The platforms operators configured (and the sandbox platforms of development). */
  platforms: PlatformRegistry;
  accounts: AccountsService;
  consents: ConsentsService;
  /** Playtests, the operators' side: definitions, platform keys, campaign codes, Twitch benefits. */
  betas: BetaOperatorsService;
  audit: AuditService;
  /** Bans, blocks, forced sign-outs and registration flags (issue 30). */
  moderation: ModerationService;
  /** The console's operators: the first ones are added from the command line. */
  operators: OperatorsService;
  /** The mail queue's figures, failures and retries. */
  mailQueue: MailQueueRepo;
  sweep: Sweep;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Services;
  }
}
