// The one composition root. openInfrastructure opens what the app runs on (the database, migrated
// and seeded; the rate-limit counters; the mailer); compose builds every repo and service on it,
// each exactly once. buildApp (app.ts) does both for server.ts; the tests open their own
// infrastructure (test/helpers.ts) and go through the same compose. composeOperations builds what
// the operators' command line (admin/) and the seed (seed/) use, on a database alone: no repo is
// built anywhere else.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import type { Infrastructure, Operations, Services } from './deps.ts';
import { ApiKeyRegistry } from './http/api-key.ts';
import type { DeliveryEvents } from './jobs/mail-delivery.ts';
import { Sweep } from './jobs/sweep.ts';
import { Metrics } from './http/metrics.ts';
import { AuditRepo } from './modules/audit/repo.ts';
import { AuditService } from './modules/audit/service.ts';
import type { SweepOptions } from './jobs/sweep.ts';
import { Mailer, OutboxTransport, SmtpTransport } from './mail/mailer.ts';
import { MailQueueRepo } from './mail/queue-repo.ts';
import type { MailTransport } from './mail/mailer.ts';
import { parseMinAgeOverrides } from './modules/accounts/age-rules.ts';
import { ConsentsService } from './modules/accounts/consents-service.ts';
import { AccountDeletionService } from './modules/accounts/deletion-service.ts';
import { EmailPreferencesService } from './modules/accounts/email-preferences-service.ts';
import { RecoveryService } from './modules/accounts/recovery-service.ts';
import { RegistrationService } from './modules/accounts/registration-service.ts';
import { AccountsRepo } from './modules/accounts/repo.ts';
import { AccountsService } from './modules/accounts/service.ts';
import { AccountSettingsService } from './modules/accounts/settings-service.ts';
import { VerificationService } from './modules/accounts/verification-service.ts';
import { OperatorsRepo } from './modules/operators/repo.ts';
import { ConsoleAddresses, OperatorsService } from './modules/operators/service.ts';
import { SupportRepo } from './modules/support/repo.ts';
import { SupportService } from './modules/support/service.ts';
import { LiveOpsService } from './modules/live-ops/service.ts';
import { AnalyticsRepo } from './modules/analytics/repo.ts';
import { AnalyticsService } from './modules/analytics/service.ts';
import { createCaptchaVerifier } from './modules/captcha/service.ts';
import { GuessLimit } from './modules/device/guess-limit.ts';
import { DeviceRepo } from './modules/device/repo.ts';
import { DeviceService } from './modules/device/service.ts';
import { EmailCodesRepo } from './modules/email-codes/repo.ts';
import { EmailCodesService } from './modules/email-codes/service.ts';
import { GameProgressService } from './modules/games/progress-service.ts';
import { GameRegistryService } from './modules/games/registry-service.ts';
import { GamesRepo } from './modules/games/repo.ts';
import { GamesService } from './modules/games/service.ts';
import { LinkTokensRepo } from './modules/link-tokens/repo.ts';
import { LinkTokensService } from './modules/link-tokens/service.ts';
import { MfaRepo } from './modules/mfa/repo.ts';
import { EvenTiming } from './security/even-timing.ts';
import { SecretBox, secretBoxFor } from './security/secret-box.ts';
import { MfaService } from './modules/mfa/service.ts';
import { PasskeysRepo } from './modules/passkeys/repo.ts';
import { PasskeysService, relyingParty } from './modules/passkeys/service.ts';
import { RiskRepo } from './modules/risk/repo.ts';
import { RiskService } from './modules/risk/service.ts';
import { throwawayDomains } from './modules/risk/throwaway-domains.ts';
import { ModerationRepo } from './modules/moderation/repo.ts';
import { ModerationService } from './modules/moderation/service.ts';
import { refusedReason, StandingService } from './modules/moderation/standing-service.ts';
import { IdTokens } from './modules/oauth/id-tokens.ts';
import { OAuthRepo } from './modules/oauth/repo.ts';
import { OAuthService } from './modules/oauth/service.ts';
import { SigningKeys } from './modules/oauth/signing-keys.ts';
import { PlatformRegistry } from './modules/platform-links/registry-service.ts';
import { PlatformLinksRepo } from './modules/platform-links/repo.ts';
import { PlatformLinksService } from './modules/platform-links/service.ts';
import { ConsolidationRepo } from './modules/consolidation/repo.ts';
import { ConsolidationService } from './modules/consolidation/service.ts';
import { BetaOperatorsRepo } from './modules/betas/operators-repo.ts';
import { BetaOperatorsService } from './modules/betas/operators-service.ts';
import { BetasRepo } from './modules/betas/repo.ts';
import { BetasService } from './modules/betas/service.ts';
import { TwitchDropsService } from './modules/betas/twitch-service.ts';
import { TwitchRepo } from './modules/betas/twitch-repo.ts';
import { FriendsRepo } from './modules/friends/repo.ts';
import { FriendsService } from './modules/friends/service.ts';
import { SessionsRepo } from './modules/sessions/repo.ts';
import { SessionsService } from './modules/sessions/service.ts';
import { SignInService } from './modules/sessions/sign-in-service.ts';
import { SignedInService } from './modules/sessions/signed-in-service.ts';
import { tokenAnswer } from './modules/sessions/token-answer.ts';
import { SignedInDevicesService } from './modules/sessions/signed-in-devices.ts';
import { TokenService } from './modules/sessions/token-service.ts';
import { SettingsRepo } from './modules/settings/repo.ts';
import { SettingsService } from './modules/settings/service.ts';
import { createCounterStore } from './rate-limit/counter-store.ts';
import { rateLimitTiers } from './rate-limit/tiers.ts';
import { ensurePortalClient, seedDemo } from './seed/demo.ts';

const SEED_LOCK_ID = 720_003;

/** Opens the database (migrated, seeded as configured), the rate-limit counters and the mailer. */
export async function openInfrastructure(config: Config, log?: FastifyBaseLogger): Promise<Infrastructure> {
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const applied = await migrate(db);
  if (applied.length > 0) log?.info({ applied }, 'database migrated');
  // Instances starting together on a new database seed it one at a time (the seed reads, then writes).
  await db.withLock(SEED_LOCK_ID, async () => {
    await ensurePortalClient(db.orm, config.PORTAL_API_KEY);
    if (config.SEED_DEMO) await seedDemo(composeOperations(db, config));
  });
  const transport = config.SMTP_URL
    ? new SmtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : new OutboxTransport(db.orm, log);
  const mailer = createMailer(config, db, transport, log);
  return { config, db, mailer, counters: createCounterStore(db, config.REDIS_URL) };
}

/** The mailer over the mail queue, with the configuration's retry settings (ADR 025). */
export function createMailer(
  config: Config,
  db: Database,
  transport: MailTransport,
  log?: FastifyBaseLogger,
  events?: DeliveryEvents,
): Mailer {
  return new Mailer(db, transport, {
    render: { brand: config.BRAND_NAME, supportUrl: config.SUPPORT_URL },
    secretKey: config.MFA_SECRET_KEY,
    delivery: {
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
      retryBaseMs: config.MAIL_RETRY_BASE_MS,
      retryMaxMs: config.MAIL_RETRY_MAX_MS,
      pollMs: config.MAIL_POLL_MS,
    },
    log,
    events,
  });
}

export async function closeInfrastructure(infrastructure: Infrastructure): Promise<void> {
  await infrastructure.mailer.close();
  await infrastructure.counters.close();
  await infrastructure.db.close();
}

/** Every repo and service of the app, each built once on the given infrastructure. */
export function compose(infrastructure: Infrastructure): Services {
  const { config, db, mailer, counters } = infrastructure;
  const orm = db.orm;
  const publicUrl = config.publicUrl;
  const minAgeOverrides = parseMinAgeOverrides(config.MIN_AGE_BY_COUNTRY);
  const usernameBounds = { min: config.USERNAME_MIN_LENGTH, max: config.USERNAME_MAX_LENGTH };

  // What operators see (GET /metrics) and the audit trail of each account (issue 19).
  const moderationRepo = new ModerationRepo(db);
  const metrics = new Metrics({
    mailQueue: () => mailer.queue.counts(),
    pool: () => db.poolStats(),
    restrictions: () => moderationRepo.countInForce(),
  });

  // Sessions and their tokens, never issued to an account a ban or block keeps out (issue 30); the
  // mailed codes and links.
  const accountsRepo = new AccountsRepo(orm);
  const gamesRepo = new GamesRepo(orm);
  const standing = new StandingService({
    accountOf: (id) => accountsRepo.findById(id),
    gameOfClient: async (clientId) => (await gamesRepo.findClient(clientId))?.gameSlug ?? null,
    onRefused: (refusal) => metrics.refusals.inc({ error: refusal.errorName, reason: refusedReason(refusal) }),
  });
  const sessionsRepo = new SessionsRepo(db);
  const sessions = new SessionsService(sessionsRepo, { accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS });
  const tokens = new TokenService(sessions, sessionsRepo, standing, {
    refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    sessionIdleDays: config.SESSION_IDLE_DAYS,
  });
  const emailCodes = new EmailCodesService(new EmailCodesRepo(orm), counters, {
    perClientHour: config.CODE_MAILS_PER_CLIENT_HOUR,
  });
  const linkTokens = new LinkTokensService(new LinkTokensRepo(orm));

  // Accounts: one repo for the module's services.
  const emailPreferences = new EmailPreferencesService({
    accounts: accountsRepo,
    links: linkTokens,
    mailer,
    publicUrl,
  });
  const consents = new ConsentsService(accountsRepo);
  const verification = new VerificationService({
    accounts: accountsRepo,
    codes: emailCodes,
    links: linkTokens,
    mailer,
    publicUrl,
  });
  // Answers about an address take as long whether or not it has an account (issue 19).
  const even = new EvenTiming();
  const recovery = new RecoveryService({
    accounts: accountsRepo,
    links: linkTokens,
    limits: emailCodes,
    tokens,
    mailer,
    publicUrl,
    even,
  });
  mailer.observe({
    sent: (template) => metrics.mailSent.inc({ template }),
    failed: (template, outcome) => metrics.mailFailures.inc({ template, outcome }),
  });
  const audit = new AuditService(new AuditRepo(db), {
    onRecorded: (type) => {
      if (type === 'account_locked') metrics.lockouts.inc();
    },
    onError: (error) => console.error('audit event not recorded', error),
  });
  // Registration risk flags (issue 30): the throwaway list is read once; client addresses and
  // visitor ids are kept as keyed hashes, for the window only.
  const risk = new RiskService(
    {
      repo: new RiskRepo(orm),
      audit,
      throwawayDomains: config.RISK_DISPOSABLE_EMAIL === 'flag' ? throwawayDomains() : new Set<string>(),
      onFlagged: (signals) => {
        for (const signal of signals) metrics.registrationsFlagged.inc({ signal });
      },
    },
    {
      disposableEmail: config.RISK_DISPOSABLE_EMAIL,
      perAddress: config.RISK_REGISTRATIONS_PER_ADDRESS,
      perVisitor: config.RISK_REGISTRATIONS_PER_VISITOR,
      windowMinutes: config.RISK_WINDOW_MINUTES,
      captcha: config.RISK_CAPTCHA,
      hashKey: `${config.MFA_SECRET_KEY}:registration-sources`,
    },
  );
  const accounts = new AccountsService(accountsRepo, {
    usernameBounds,
    lockThreshold: config.SOFT_LOCK_THRESHOLD,
    onLocked: (account) => recovery.sendUnlockLink(account),
  });
  const mfa = new MfaService({
    repo: new MfaRepo(orm),
    box: new SecretBox(config.MFA_SECRET_KEY),
    key: config.MFA_SECRET_KEY,
    counters,
    mailer,
    issuer: config.BRAND_NAME,
  });
  const passkeys = new PasskeysService({
    repo: new PasskeysRepo(orm),
    rp: relyingParty(config.BRAND_NAME, publicUrl, config.PASSKEY_ORIGINS),
    mailer,
  });

  // Games signing players in: the device flow, the OAuth grants, the ID tokens and their keys.
  const games = new GamesService(gamesRepo);
  const guesses = new GuessLimit(counters, { globalPerMinute: config.DEVICE_GUESSES_PER_MINUTE });
  const device = new DeviceService(new DeviceRepo(orm), games, guesses, config, {
    findStub: async (id) => {
      const account = await accounts.findById(id);
      return account?.stub ? account : undefined;
    },
    start: async (account) => ({ tokens: await tokens.start({ account, flow: 'device' }), account }),
  });
  const oauthRepo = new OAuthRepo(orm);
  const oauth = new OAuthService(oauthRepo, {
    games,
    accounts,
    sessions,
    tokens,
    device,
    standing,
    issuer: publicUrl.replace(/\/$/, ''),
  });
  const signingKeys = new SigningKeys(oauthRepo, secretBoxFor(config.MFA_SECRET_KEY, 'id-token-keys'), {
    rotationDays: config.SIGNING_KEY_ROTATION_DAYS,
    idTokenTtlSeconds: config.ID_TOKEN_TTL_SECONDS,
  });
  const idTokens = new IdTokens(signingKeys, { issuer: publicUrl, ttlSeconds: config.ID_TOKEN_TTL_SECONDS });

  // Platform identities: the configured platforms (client secrets sealed like two-factor secrets).
  const platformLinksRepo = new PlatformLinksRepo(orm);
  const platforms = new PlatformRegistry(platformLinksRepo, secretBoxFor(config.MFA_SECRET_KEY, 'platforms'));
  const platformLinks = new PlatformLinksService({
    repo: platformLinksRepo,
    registry: platforms,
    accounts,
    games,
    tokens,
    mailer,
    audit,
    redirectUri: `${publicUrl.replace(/\/$/, '')}/`,
  });

  const gameProgress = new GameProgressService(gamesRepo, { tokens });
  const consolidation = new ConsolidationService({
    repo: new ConsolidationRepo(orm),
    sessions,
    accounts,
    progress: gameProgress,
    games,
    mailer,
  });

  // Playtests: the players' calls and the Twitch drops that grant one.
  const betasRepo = new BetasRepo(orm);
  const betas = new BetasService({ repo: betasRepo, games });
  const twitchDrops = new TwitchDropsService({
    repo: new TwitchRepo(orm),
    betasRepo,
    betas,
    games,
    platforms,
    platformLinks,
  });

  const moderation = new ModerationService({ repo: moderationRepo, accounts, games, tokens, audit });
  const settings = new SettingsService(new SettingsRepo(orm), games, platforms, {
    debug: config.debug,
    usernameBounds,
  });
  const operators = composeOperators(db, config, publicUrl, even);

  return {
    ...infrastructure,
    operators,
    consoleAddresses: new ConsoleAddresses(config.CONSOLE_ALLOWED_IPS),
    support: new SupportService({
      repo: new SupportRepo(db),
      accounts,
      moderation,
      mfa,
      platformLinks,
      verification,
      audit,
      operators,
    }),
    liveOps: new LiveOpsService({
      betas: new BetaOperatorsService({ repo: new BetaOperatorsRepo(orm), games }),
      registry: new GameRegistryService(gamesRepo),
      terms: consents,
      mail: new MailQueueRepo(db),
      flags: settings,
      operators,
      maintenance: config.maintenance,
    }),
    captcha: createCaptchaVerifier({
      provider: config.CAPTCHA_PROVIDER,
      secret: config.CAPTCHA_SECRET,
      verifyUrl: config.CAPTCHA_VERIFY_URL,
    }),
    rateLimits: rateLimitTiers(config),
    apiKeys: new ApiKeyRegistry(orm),
    sessions,
    signedIn: new SignedInService({ sessions, accounts, standing, db }, { maxEntries: config.SIGNED_IN_CACHE_ENTRIES }),
    standing,
    moderation,
    tokens,
    signedInDevices: new SignedInDevicesService({
      tokens,
      clientNames: async (clientId) => {
        const found = await games.findClientWithGame(clientId);
        return found ? { clientName: found.client.name, game: { slug: found.game.slug, name: found.game.name } } : null;
      },
    }),
    signIn: new SignInService({ accounts, codes: emailCodes, sessions, tokens, mfa, passkeys, mailer, audit, even }),
    tokenAnswer: (issued, account) => tokenAnswer(issued, account, consents),
    emailCodes,
    linkTokens,
    accounts,
    consents,
    registration: new RegistrationService(
      {
        accounts: accountsRepo,
        codes: emailCodes,
        consents,
        tokens,
        mailer,
        even,
        onStubCompleted: (id) => device.settleStub(id),
        risk,
      },
      {
        usernameBounds,
        minAgeOverrides,
        location: {
          countryHeader: config.GEO_COUNTRY_HEADER,
          subdivisionHeader: config.GEO_SUBDIVISION_HEADER,
          defaultCountry: config.DEFAULT_COUNTRY,
        },
      },
    ),
    recovery,
    verification,
    accountSettings: new AccountSettingsService({
      accounts: accountsRepo,
      verification,
      tokens,
      mailer,
      minAgeOverrides,
    }),
    accountDeletion: new AccountDeletionService({ accounts: accountsRepo, codes: emailCodes, mailer }),
    emailPreferences,
    friends: new FriendsService({
      repo: new FriendsRepo(db),
      accounts,
      preferences: emailPreferences,
      counters,
      limits: { friends: config.FRIENDS_MAX, openOutgoing: config.FRIEND_INVITATIONS_MAX },
      searchesPerMinute: config.FRIEND_SEARCHES_PER_MINUTE,
    }),
    betas,
    twitchDrops,
    mfa,
    passkeys,
    games,
    gameProgress,
    consolidation,
    settings,
    platforms,
    platformLinks,
    analytics: new AnalyticsService(new AnalyticsRepo(orm)),
    oauth,
    device,
    signingKeys,
    idTokens,
    metrics,
    audit,
    sweep: new Sweep(
      { db, removeIdleStubs: (idleDays, limit) => accounts.removeIdleStubs(idleDays, limit) },
      sweepOptions(config),
    ),
  };
}

/**
 * What the operators' command line and the seed use (`Operations`), built on an open database alone
 * (no mailer, no rate-limit counters): a command or a seed builds it once and runs on it.
 */
export function composeOperations(db: Database, config: Config): Operations {
  const orm = db.orm;
  const accountsRepo = new AccountsRepo(orm);
  const accounts = new AccountsService(accountsRepo, {
    usernameBounds: { min: config.USERNAME_MIN_LENGTH, max: config.USERNAME_MAX_LENGTH },
    lockThreshold: config.SOFT_LOCK_THRESHOLD,
    // Operators and the seed check no password, so they lock no account.
    onLocked: async () => {},
  });
  const gamesRepo = new GamesRepo(orm);
  const games = new GamesService(gamesRepo);
  const audit = new AuditService(new AuditRepo(db));
  // An operator's ban, block or sign-out ends sign-ins: the same token service as the server's.
  const sessionsRepo = new SessionsRepo(db);
  const standing = new StandingService({
    accountOf: (id) => accountsRepo.findById(id),
    gameOfClient: async (clientId) => (await gamesRepo.findClient(clientId))?.gameSlug ?? null,
  });
  const tokens = new TokenService(
    new SessionsService(sessionsRepo, { accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS }),
    sessionsRepo,
    standing,
    { refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS, sessionIdleDays: config.SESSION_IDLE_DAYS },
  );
  return {
    config,
    db,
    gameRegistry: new GameRegistryService(gamesRepo),
    platforms: new PlatformRegistry(new PlatformLinksRepo(orm), secretBoxFor(config.MFA_SECRET_KEY, 'platforms')),
    accounts,
    consents: new ConsentsService(accountsRepo),
    betas: new BetaOperatorsService({ repo: new BetaOperatorsRepo(orm), games }),
    audit,
    moderation: new ModerationService({ repo: new ModerationRepo(db), accounts, games, tokens, audit }),
    operators: composeOperators(db, config, config.publicUrl),
    mailQueue: new MailQueueRepo(db),
    sweep: new Sweep(
      { db, removeIdleStubs: (idleDays, limit) => accounts.removeIdleStubs(idleDays, limit) },
      sweepOptions(config),
    ),
  };
}

/** The operators of the console (issue 33): the server's and the command line's, alike. */
function composeOperators(db: Database, config: Config, publicUrl: string, even?: EvenTiming): OperatorsService {
  return new OperatorsService(
    { repo: new OperatorsRepo(db.orm), box: secretBoxFor(config.MFA_SECRET_KEY, 'operators'), even },
    {
      sessionHours: config.CONSOLE_SESSION_HOURS,
      idleMinutes: config.CONSOLE_IDLE_MINUTES,
      publicUrl,
      issuer: config.BRAND_NAME,
    },
  );
}

/** The sweep's settings (ADR 026). */
export function sweepOptions(config: Config): SweepOptions {
  return {
    intervalMs: config.SWEEP_INTERVAL_MS,
    batch: config.SWEEP_BATCH,
    stubIdleDays: config.STUB_IDLE_DAYS,
    refreshReuseHours: config.REFRESH_REUSE_DETECTION_HOURS,
    mailDays: config.MAIL_RETENTION_DAYS,
    analyticsDays: config.ANALYTICS_RETENTION_DAYS,
    auditDays: config.AUDIT_RETENTION_DAYS,
    registrationWindowMinutes: config.RISK_WINDOW_MINUTES,
  };
}
