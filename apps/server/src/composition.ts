// The one composition root. openInfrastructure opens what the app runs on (the database, migrated
// and seeded; the rate-limit counters; the mailer); compose builds every repo and service on it,
// each exactly once. buildApp (app.ts) does both for server.ts; the tests open their own
// infrastructure (test/helpers.ts) and go through the same compose.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import type { Infrastructure, Services } from './deps.ts';
import { ApiKeyRegistry } from './http/api-key.ts';
import { Mailer, OutboxTransport, SmtpTransport } from './mail/mailer.ts';
import { parseMinAgeOverrides } from './modules/accounts/age-rules.ts';
import { AvatarsRepo } from './modules/accounts/avatars.ts';
import { Consents } from './modules/accounts/consents.ts';
import { AccountDeletion } from './modules/accounts/deletion.ts';
import { EmailPreferences } from './modules/accounts/email-preferences.ts';
import { Recovery } from './modules/accounts/recovery.ts';
import { Registration } from './modules/accounts/registration.ts';
import { AccountsRepo } from './modules/accounts/repo.ts';
import { AccountsService } from './modules/accounts/service.ts';
import { AccountSettings } from './modules/accounts/settings.ts';
import { Verification } from './modules/accounts/verification.ts';
import { AnalyticsRepo } from './modules/analytics/repo.ts';
import { createCaptchaVerifier } from './modules/captcha/verifier.ts';
import { GuessLimit } from './modules/device/guess-limit.ts';
import { DeviceRepo } from './modules/device/repo.ts';
import { DeviceService } from './modules/device/service.ts';
import { EmailCodes } from './modules/email-codes/service.ts';
import { GameProgressRepo } from './modules/games/progress-repo.ts';
import { GameProgressService } from './modules/games/progress-service.ts';
import { GamesRepo } from './modules/games/repo.ts';
import { GamesService } from './modules/games/service.ts';
import { LinkTokens } from './modules/link-tokens/service.ts';
import { SecretBox } from './modules/mfa/secret-box.ts';
import { createMfa } from './modules/mfa/service.ts';
import { IdTokens } from './modules/oauth/id-tokens.ts';
import { OAuthRepo } from './modules/oauth/repo.ts';
import { OAuthService } from './modules/oauth/service.ts';
import { SigningKeys } from './modules/oauth/signing-keys.ts';
import { PasswordSignIn } from './modules/sessions/password-sign-in.ts';
import { RefreshRepo } from './modules/sessions/refresh-repo.ts';
import { SessionsRepo } from './modules/sessions/repo.ts';
import { SessionsService } from './modules/sessions/service.ts';
import { tokenAnswer } from './modules/sessions/token-answer.ts';
import { TokenService } from './modules/sessions/token-service.ts';
import { SettingsRepo } from './modules/settings/repo.ts';
import { SettingsService } from './modules/settings/service.ts';
import { createCounterStore } from './rate-limit/counter-store.ts';
import { rateLimitTiers } from './rate-limit/tiers.ts';
import { ensurePortalClient, seedDemo } from './seed/demo.ts';

/** Opens the database (migrated, seeded as configured), the rate-limit counters and the mailer. */
export async function openInfrastructure(config: Config, log?: FastifyBaseLogger): Promise<Infrastructure> {
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const applied = await migrate(db);
  if (applied.length > 0) log?.info({ applied }, 'database migrated');
  await ensurePortalClient(db.orm, config.PORTAL_API_KEY);
  if (config.SEED_DEMO) await seedDemo(db.orm, config);
  const transport = config.SMTP_URL
    ? new SmtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : new OutboxTransport(db.orm, log);
  const mailer = new Mailer(transport, { brand: config.BRAND_NAME, supportUrl: config.SUPPORT_URL }, log);
  return { config, db, mailer, counters: createCounterStore(db, config.REDIS_URL) };
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

  const repos = {
    accounts: new AccountsRepo(orm),
    avatars: new AvatarsRepo(orm),
    games: new GamesRepo(orm),
    analytics: new AnalyticsRepo(orm),
  };

  const sessions = new SessionsService(new SessionsRepo(orm), {
    accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
  });
  const tokens = new TokenService(sessions, new RefreshRepo(db), {
    refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
  });
  const consents = new Consents(orm);

  const emailCodes = new EmailCodes(orm, counters, { perClientHour: config.CODE_MAILS_PER_CLIENT_HOUR });
  const linkTokens = new LinkTokens(orm);
  const verification = new Verification({
    accounts: repos.accounts,
    codes: emailCodes,
    links: linkTokens,
    mailer,
    publicUrl,
  });
  const recovery = new Recovery({
    accounts: repos.accounts,
    links: linkTokens,
    limits: emailCodes,
    tokens,
    mailer,
    publicUrl,
  });

  // Games signing players in: the device flow, the OAuth grants, the ID tokens and their keys.
  const accounts = new AccountsService(repos.accounts, { usernameBounds });
  const games = new GamesService(repos.games);
  const guesses = new GuessLimit(counters, { globalPerMinute: config.DEVICE_GUESSES_PER_MINUTE });
  const device = new DeviceService(new DeviceRepo(orm), games, guesses, config);
  const oauthRepo = new OAuthRepo(orm);
  const oauth = new OAuthService(oauthRepo, { games, accounts, sessions, tokens, device });
  const signingKeys = new SigningKeys(oauthRepo, new SecretBox(`${config.MFA_SECRET_KEY}:id-token-keys`), {
    rotationDays: config.SIGNING_KEY_ROTATION_DAYS,
    idTokenTtlSeconds: config.ID_TOKEN_TTL_SECONDS,
  });
  const idTokens = new IdTokens(signingKeys, { issuer: publicUrl, ttlSeconds: config.ID_TOKEN_TTL_SECONDS });

  return {
    ...infrastructure,
    sessions,
    tokens,
    consents,
    repos,
    captcha: createCaptchaVerifier({
      provider: config.CAPTCHA_PROVIDER,
      secret: config.CAPTCHA_SECRET,
      verifyUrl: config.CAPTCHA_VERIFY_URL,
    }),
    rateLimits: rateLimitTiers(config),
    apiKeys: new ApiKeyRegistry(orm),
    accounts,
    emailCodes,
    linkTokens,
    registration: new Registration(repos.accounts, emailCodes, { usernameBounds, minAgeOverrides }),
    recovery,
    verification,
    accountSettings: new AccountSettings({
      accounts: repos.accounts,
      avatars: repos.avatars,
      verification,
      tokens,
      mailer,
      minAgeOverrides,
    }),
    accountDeletion: new AccountDeletion({ accounts: repos.accounts, codes: emailCodes, mailer }),
    emailPreferences: new EmailPreferences({ accounts: repos.accounts, links: linkTokens, mailer, publicUrl }),
    passwordSignIn: new PasswordSignIn(repos.accounts, tokens, {
      lockThreshold: config.SOFT_LOCK_THRESHOLD,
      onLocked: (account) => recovery.sendUnlockLink(account),
    }),
    tokenAnswer: (issued, account) => tokenAnswer(issued, account, consents),
    mfa: createMfa(infrastructure),
    games,
    gameProgress: new GameProgressService({ progress: new GameProgressRepo(orm), games: repos.games, tokens }),
    settings: new SettingsService(new SettingsRepo(orm), { debug: config.debug }),
    oauth,
    device,
    signingKeys,
    idTokens,
  };
}
