// Drizzle view of the tables that the SQL migrations create. The migrations are the source of the
// schema; a test migrates an empty database and checks that it matches these definitions.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const apiClients = pgTable('api_clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['portal', 'game', 'tool'] }).notNull(),
  keyHash: text('key_hash').notNull().unique(),
  keyPrefix: text('key_prefix').notNull(),
  gameSlug: text('game_slug'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  revokedAt: timestamptz('revoked_at'),
});

export const games = pgTable('games', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  userExperience: jsonb('user_experience').notNull(),
  matureAudience: boolean('mature_audience').notNull().default(false),
  flaggedAccountOauthEnabled: boolean('flagged_account_oauth_enabled').notNull().default(false),
  featured: boolean('featured').notNull().default(false),
  /** False: the game's operator refuses that stub saves move into another account (1400, migration 0020). */
  allowConsolidation: boolean('allow_consolidation').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const oauthClients = pgTable(
  'oauth_clients',
  {
    clientId: text('client_id').primaryKey(),
    gameSlug: text('game_slug')
      .notNull()
      .references(() => games.slug, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['public', 'confidential'] }).notNull(),
    secretHash: text('secret_hash'),
    redirectUris: text('redirect_uris').array().notNull().default([]),
    /** The scopes the client may ask for (migration 0035). */
    allowedScopes: text('allowed_scopes').array().notNull().default(['openid', 'profile', 'email', 'offline_access']),
    /** A game of the publisher's own: its players are not asked to consent. */
    firstParty: boolean('first_party').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('oauth_clients_game_slug_idx').on(t.gameSlug)],
);

export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const environments = pgTable('environments', {
  name: text('name').primaryKey(),
  apiKey: text('api_key').notNull(),
  color: text('color').notNull(),
  service: text('service').notNull(),
  position: integer('position').notNull().default(0),
});

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: text('session_id').notNull(),
    dedupeIndex: integer('dedupe_index').notNull(),
    name: text('name').notNull(),
    platformName: text('platform_name').notNull(),
    eventTime: timestamptz('event_time').notNull(),
    body: jsonb('body').notNull(),
    visitorId: text('visitor_id'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    gameReferrer: text('game_referrer'),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.sessionId, t.dedupeIndex), index('analytics_events_received_at_idx').on(t.receivedAt)],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  toAddress: text('to_address').notNull(),
  locale: text('locale').notNull(),
  template: text('template').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  code: text('code'),
  link: text('link'),
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamptz('created_at')
    .notNull()
    .default(sql`clock_timestamp()`),
});

/** The mail queue (migration 0024): sealed mail requests, delivered by the worker with retries. */
export const mailQueue = pgTable('mail_queue', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  template: text('template').notNull(),
  payload: text('payload'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at')
    .notNull()
    .default(sql`clock_timestamp()`),
  lastError: text('last_error'),
  createdAt: timestamptz('created_at')
    .notNull()
    .default(sql`clock_timestamp()`),
  sentAt: timestamptz('sent_at'),
  failedAt: timestamptz('failed_at'),
});

/** Security events per account (migration 0026): the audit trail and the player's recent activity. */
export const auditEvents = pgTable('audit_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: uuid('account_id').notNull(),
  type: text('type').notNull(),
  method: text('method'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  clientId: text('client_id'),
  /** An operator's action (0030): who, the reason they gave, the game of a ban of one game. */
  operator: text('operator'),
  detail: text('detail'),
  gameSlug: text('game_slug'),
  createdAt: timestamptz('created_at')
    .notNull()
    .default(sql`clock_timestamp()`),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    familyId: uuid('family_id').notNull(),
    accessTokenHash: text('access_token_hash').notNull().unique(),
    accessExpiresAt: timestamptz('access_expires_at').notNull(),
    mfaPending: boolean('mfa_pending').notNull().default(false),
    clientId: text('client_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
    /** When the player last proved themselves again in this session (PUT /sessions/me/verify). */
    verifiedAt: timestamptz('verified_at'),
    /** How the sign-in's first step was made (0028, ADR 029): password, email_code, recovery, platform. */
    firstFactor: text('first_factor', { enum: ['password', 'email_code', 'recovery', 'platform', 'passkey'] }),
    /** How the player last proved themselves in this session: email_code, mfa_code or password. */
    verifiedBy: text('verified_by', { enum: ['email_code', 'mfa_code', 'password', 'passkey'] }),
  },
  (t) => [index('sessions_account_id_idx').on(t.accountId), index('sessions_family_id_idx').on(t.familyId)],
);

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  publicId: text('public_id').notNull().unique(),
  email: text('email'),
  emailPending: text('email_pending'),
  emailVerified: boolean('email_verified').notNull().default(false),
  username: text('username'),
  usernameUpdatedAt: timestamptz('username_updated_at'),
  /** Display-name changes made; the first is free, the ones after it start the wait (0029). */
  usernameChanges: integer('username_changes').notNull().default(0),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  country: text('country'),
  territory: text('territory'),
  locale: text('locale').notNull().default('en-US'),
  passwordHash: text('password_hash'),
  /** When a mailed reset link last set the password; null once the player changes it signed in (0028). */
  passwordResetAt: timestamptz('password_reset_at'),
  stub: boolean('stub').notNull().default(false),
  completed: boolean('completed').notNull().default(false),
  registrationFlagged: boolean('registration_flagged').notNull().default(false),
  marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
  avatarSlug: text('avatar_slug'),
  friendRequestEmails: boolean('friend_request_emails').notNull().default(true),
  /** Whether the friends search finds the account by exact email (off) and display name (on); 0021. */
  findableByEmail: boolean('findable_by_email').notNull().default(false),
  findableByUsername: boolean('findable_by_username').notNull().default(true),
  /** The account's friends, kept by a trigger on friendships (0022). */
  friendCount: integer('friend_count').notNull().default(0),
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  lockedAt: timestamptz('locked_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  /** The consented versions of the legal documents (the consents table holds the record). */
  tosVersion: integer('tos_version'),
  privacyPolicyVersion: integer('privacy_policy_version'),
  /** Two-factor (sealed with MFA_SECRET_KEY): the active secret and one waiting for its first code. */
  mfaSecret: text('mfa_secret'),
  mfaPendingSecret: text('mfa_pending_secret'),
  /** The last TOTP step a code was accepted for: no code is accepted twice. */
  mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
  mfaGeneratedAt: timestamptz('mfa_generated_at'),
  mfaBackupCodesLeft: integer('mfa_backup_codes_left').notNull().default(0),
  /** The account's platform links as the API shows them, kept by a trigger on platform_links (0017). */
  platformLinks: jsonb('platform_links').$type<StoredPlatformLinks>().notNull().default({}),
  /** The account's open bans and blocks, kept by a trigger on account_restrictions (0030). */
  restrictions: jsonb('restrictions').$type<StoredRestriction[]>().notNull().default([]),
});

/** accounts.restrictions: an open ban or block as the trigger of migration 0030 writes it (times in ISO). */
export interface StoredRestriction {
  id: string;
  kind: 'ban' | 'block';
  /** The game a ban covers; null: the whole account. */
  game: string | null;
  reason: string;
  note: string | null;
  startsAt: string;
  endsAt: string | null;
}

/** accounts.platform_links: per platform, the link as the trigger of migration 0017 writes it. */
export type StoredPlatformLinks = Record<
  string,
  {
    auth_id: string;
    last_seen_username: string | null;
    pending: { auth_id: string; last_seen_username: string | null } | null;
    refresh_required: boolean;
    /** ISO time (JSON), or null. */
    locked_until: string | null;
  }
>;

/** Bans and blocks put on accounts, open and past (0030, ADR 032). */
export const accountRestrictions = pgTable('account_restrictions', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['ban', 'block'] }).notNull(),
  gameSlug: text('game_slug'),
  reason: text('reason').notNull(),
  note: text('note'),
  startsAt: timestamptz('starts_at').notNull().defaultNow(),
  endsAt: timestamptz('ends_at'),
  createdBy: text('created_by').notNull(),
  createdWhy: text('created_why'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  liftedAt: timestamptz('lifted_at'),
  liftedBy: text('lifted_by'),
  liftedWhy: text('lifted_why'),
});

/** The avatars a player may pick; the image of each is /avatars/<slug>.png. */
export const avatars = pgTable('avatars', {
  slug: text('slug').primaryKey(),
  position: integer('position').notNull().default(0),
});

/** What a deleted account leaves: its id and when (no personal data). */
export const deletedAccounts = pgTable('deleted_accounts', {
  accountId: uuid('account_id').primaryKey(),
  deletedAt: timestamptz('deleted_at').notNull().defaultNow(),
});

export const mfaBackupCodes = pgTable(
  'mfa_backup_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    sealedCode: text('sealed_code').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.accountId, t.codeHash)],
);

export const passwordHistory = pgTable('password_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const refreshTokens = pgTable('refresh_tokens', {
  /** The account of the session (no foreign key: the session's cascades, migration 0015). */
  accountId: uuid('account_id').notNull(),
  familyId: uuid('family_id').notNull(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').primaryKey(),
  familyExpiresAt: timestamptz('family_expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  revokedAt: timestamptz('revoked_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const emailCodes = pgTable('email_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  purpose: text('purpose', { enum: ['register', 'sign_in', 'verify_email', 'delete_account'] }).notNull(),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  consumedAt: timestamptz('consumed_at'),
  createdAt: timestamptz('created_at')
    .notNull()
    .default(sql`clock_timestamp()`),
});

export const linkTokens = pgTable('link_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  purpose: text('purpose', { enum: ['recovery', 'unlock', 'verify_email', 'email_preferences'] }).notNull(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamptz('expires_at').notNull(),
  consumedAt: timestamptz('consumed_at'),
  /** When the link was used (consumed_at is also set when a newer link replaces it): 0028. */
  usedAt: timestamptz('used_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const legalDocuments = pgTable(
  'legal_documents',
  {
    type: text('type', { enum: ['tos', 'privacy_policy'] }).notNull(),
    version: integer('version').notNull(),
    publishedAt: timestamptz('published_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.type, t.version] })],
);

export const consents = pgTable(
  'consents',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['tos', 'privacy_policy'] }).notNull(),
    version: integer('version').notNull(),
    consentedAt: timestamptz('consented_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.type, t.version] })],
);

export const deviceAuthorizations = pgTable(
  'device_authorizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceCodeHash: text('device_code_hash').notNull().unique(),
    userCodeHash: text('user_code_hash').notNull().unique(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: 'cascade' }),
    deviceName: text('device_name'),
    userFlow: text('user_flow').notNull().default('default'),
    userFlowOptions: jsonb('user_flow_options').$type<{ is_required: boolean }>(),
    registrationDefaults: jsonb('registration_defaults').$type<{
      dob?: string | null;
      age?: number | null;
      location?: string | null;
    }>(),
    authType: text('auth_type', { enum: ['device', 'passwordless'] })
      .notNull()
      .default('device'),
    scope: text('scope'),
    expiresAt: timestamptz('expires_at').notNull(),
    intervalSeconds: integer('interval_seconds').notNull(),
    lastPolledAt: timestamptz('last_polled_at'),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    authorizedAt: timestamptz('authorized_at'),
    error: text('error'),
    redeemedAt: timestamptz('redeemed_at'),
    familyId: uuid('family_id'),
    /** Passwordless: the stub account the game signed in as, handed to the first browser that claims it (0020). */
    sourceAccountId: uuid('source_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    stubClaimedAt: timestamptz('stub_claimed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('device_authorizations_expires_at_idx').on(t.expiresAt)],
);

export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwkSealed: text('private_jwk_sealed').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  retiredAt: timestamptz('retired_at'),
});

export const authorizationCodes = pgTable(
  'authorization_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    scope: text('scope'),
    nonce: text('nonce'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    familyId: uuid('family_id'),
    reusedAt: timestamptz('reused_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('authorization_codes_expires_at_idx').on(t.expiresAt)],
);

/** A player's progress in a game, recorded by the game (migration 0014). */
export const gameProgress = pgTable(
  'game_progress',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    gameSlug: text('game_slug').notNull(),
    lastSeenPlatform: text('last_seen_platform'),
    allPlatforms: text('all_platforms').array().notNull().default([]),
    gameDetails: jsonb('game_details').$type<Record<string, string | number | boolean>>().notNull().default({}),
    lastGameLogin: timestamptz('last_game_login'),
    lastAccessed: timestamptz('last_accessed'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.gameSlug] })],
);

/** Every consolidation of a stub into a full account (migration 0020). */
export const consolidations = pgTable('consolidations', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  stubAccountId: uuid('stub_account_id').notNull(),
  platforms: text('platforms').array().notNull().default([]),
  /** Per game slug where both had a save: which was kept ('stub' or 'account'); or 'moved'. */
  games: jsonb('games').$type<Record<string, 'stub' | 'account' | 'moved'>>().notNull().default({}),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Friendships, one row per pair, the smaller account id first (migration 0021, ADR 022). */
export const friendships = pgTable(
  'friendships',
  {
    accountLow: uuid('account_low')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    accountHigh: uuid('account_high')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountLow, t.accountHigh] })],
);

/** Friend invitations: open, then accepted, declined or cancelled (migration 0021). */
export const friendInvitations = pgTable('friend_invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  fromAccount: uuid('from_account')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  toAccount: uuid('to_account')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  state: text('state').$type<'open' | 'accepted' | 'declined' | 'cancelled'>().notNull().default('open'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  closedAt: timestamptz('closed_at'),
});

/** Blocks, one way (migration 0021). */
export const blocks = pgTable(
  'blocks',
  {
    blocker: uuid('blocker')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    blocked: uuid('blocked')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blocker, t.blocked] })],
);

/** Playtests as the operators put them (migration 0023, ADR 023). */
export const betas = pgTable('betas', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  gameSlug: text('game_slug')
    .notNull()
    .references(() => games.slug),
  texts: jsonb('texts').$type<Record<string, unknown>>().notNull(),
  cover: text('cover'),
  platforms: text('platforms').array().notNull(),
  registrationStart: timestamptz('registration_start'),
  registrationEnd: timestamptz('registration_end'),
  redemptionStart: timestamptz('redemption_start'),
  redemptionEnd: timestamptz('redemption_end'),
  speedCheck: boolean('speed_check').notNull().default(false),
  platformSurvey: boolean('platform_survey').notNull().default(false),
  referralMaxCount: integer('referral_max_count'),
  referralDegree: integer('referral_degree'),
  minimumAge: integer('minimum_age'),
  version: integer('version').notNull().default(1),
  termsVersion: integer('terms_version').notNull().default(1),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** A player's registration for a playtest, and the code that gave access (migration 0023). */
export const betaRegistrations = pgTable(
  'beta_registrations',
  {
    betaId: uuid('beta_id')
      .notNull()
      .references(() => betas.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().unique().defaultRandom(),
    speed: text('speed'),
    platforms: text('platforms').array().notNull(),
    termsVersion: integer('terms_version').notNull(),
    code: text('code'),
    codeType: text('code_type').$type<'single' | 'shared' | 'referral' | 'twitch'>(),
    codeDegree: integer('code_degree'),
    redeemedAt: timestamptz('redeemed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.betaId, t.accountId] })],
);

/** Campaign and referral codes (migration 0023). */
export const betaCodes = pgTable('beta_codes', {
  code: text('code').primaryKey(),
  betaId: uuid('beta_id')
    .notNull()
    .references(() => betas.id, { onDelete: 'cascade' }),
  codeType: text('code_type').$type<'single' | 'shared' | 'referral'>().notNull(),
  degree: integer('degree').notNull().default(0),
  owner: uuid('owner').references(() => accounts.id, { onDelete: 'cascade' }),
  redeemedBy: uuid('redeemed_by').references(() => accounts.id, { onDelete: 'set null' }),
  redeemedAt: timestamptz('redeemed_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Platform keys, each handed to one player once (migration 0023). */
export const betaPlatformKeys = pgTable(
  'beta_platform_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    betaId: uuid('beta_id')
      .notNull()
      .references(() => betas.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    key: text('key').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    awardedAt: timestamptz('awarded_at'),
    importedAt: timestamptz('imported_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.platform, t.key)],
);

/** Twitch drop benefits and the playtest each grants (migration 0023). */
export const twitchBenefits = pgTable('twitch_benefits', {
  benefitId: text('benefit_id').primaryKey(),
  gameSlug: text('game_slug')
    .notNull()
    .references(() => games.slug),
  betaId: uuid('beta_id')
    .notNull()
    .references(() => betas.id, { onDelete: 'cascade' }),
  campaignId: text('campaign_id').notNull(),
  campaignTitle: jsonb('campaign_title'),
  cycleId: text('cycle_id').notNull(),
  cycleStart: timestamptz('cycle_start'),
  cycleEnd: timestamptz('cycle_end'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Drops entitlements granted here, once each (migration 0023). */
export const twitchClaims = pgTable('twitch_claims', {
  entitlementId: text('entitlement_id').primaryKey(),
  accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
  benefitId: text('benefit_id').notNull(),
  betaId: uuid('beta_id')
    .notNull()
    .references(() => betas.id, { onDelete: 'cascade' }),
  claimedAt: timestamptz('claimed_at').notNull().defaultNow(),
  fulfilledAt: timestamptz('fulfilled_at'),
});

/** What an operator configured for a platform (migration 0017, `npm run admin -- platforms put`). */
export const platformConfigs = pgTable('platform_configs', {
  platform: text('platform').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  protocol: text('protocol').$type<'oidc' | 'oauth2' | 'xbox_xsts' | 'steam_openid' | 'short_code'>().notNull(),
  clientId: text('client_id'),
  /** Sealed with MFA_SECRET_KEY (SecretBox). */
  clientSecretSealed: text('client_secret_sealed'),
  issuer: text('issuer'),
  endpoints: jsonb('endpoints').$type<Record<string, string>>().notNull().default({}),
  scope: text('scope'),
  restricted: boolean('restricted').notNull().default(false),
  relinkCooldownDays: integer('relink_cooldown_days').notNull().default(30),
  /** The connection flow offers the platform's sign-out page after a link (migration 0018). */
  signOutAfterLink: boolean('sign_out_after_link').notNull().default(false),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** One platform identity of an account: (platform, subject) is unique (migration 0017). */
export const platformLinks = pgTable(
  'platform_links',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    subject: text('subject').notNull(),
    username: text('username'),
    pendingSubject: text('pending_subject'),
    pendingUsername: text('pending_username'),
    refreshRequired: boolean('refresh_required').notNull().default(false),
    lockedUntil: timestamptz('locked_until'),
    /** The platform's access token and its expiry, sealed; only for a subscription API (migration 0019). */
    tokensSealed: text('tokens_sealed'),
    linkedAt: timestamptz('linked_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.platform] }), unique().on(t.platform, t.subject)],
);

/** Disconnected platform identities: the relink cooldown and support's record (migration 0017). */
export const platformUnlinks = pgTable('platform_unlinks', {
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  platform: text('platform').notNull(),
  subject: text('subject').notNull(),
  unlinkedAt: timestamptz('unlinked_at').notNull().defaultNow(),
});

/** Devices an account signed in from with a platform, by hashed visitor id (migration 0017). */
export const platformSignInDevices = pgTable(
  'platform_sign_in_devices',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamptz('first_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.deviceHash] })],
);

/** Where registrations came from, as keyed hashes, for the registration risk window (migration 0031). */
export const registrationSources = pgTable(
  'registration_sources',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    addressHash: text('address_hash'),
    visitorHash: text('visitor_hash'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('registration_sources_created_at_idx').on(t.createdAt)],
);

/** Steam OpenID 2.0 response nonces already used (migration 0017). */
export const openidNonces = pgTable(
  'openid_nonces',
  {
    nonce: text('nonce').primaryKey(),
    issuedAt: timestamptz('issued_at').notNull(),
  },
  (t) => [index('openid_nonces_issued_at').on(t.issuedAt)],
);

/** Where and how each sign-in (refresh-token family) started and was last used (migration 0032). */
export const signIns = pgTable(
  'sign_ins',
  {
    familyId: uuid('family_id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: text('client_id'),
    flow: text('flow', { enum: ['portal', 'game', 'device'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
    lastIp: text('last_ip'),
    /** The name a device gave itself when it started a device code (0033). */
    deviceName: text('device_name'),
  },
  (t) => [index('sign_ins_account_id_idx').on(t.accountId), index('sign_ins_last_used_at_idx').on(t.lastUsedAt)],
);

/** What each game's OAuth client was granted by a player (migration 0032). */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: 'cascade' }),
    scope: text('scope'),
    flow: text('flow', { enum: ['game', 'device'] }).notNull(),
    grantedAt: timestamptz('granted_at').notNull().defaultNow(),
    lastGrantedAt: timestamptz('last_granted_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.clientId] })],
);

/** An account's passkeys (WebAuthn credentials, migration 0034). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean('backed_up').notNull(),
    aaguid: text('aaguid'),
    name: text('name').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [index('passkeys_account_id_idx').on(t.accountId)],
);

/** WebAuthn challenges, each usable once for five minutes, kept hashed (migration 0034). */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    challengeHash: text('challenge_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['register', 'sign_in', 'verify'] }).notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('webauthn_challenges_expires_at_idx').on(t.expiresAt)],
);

/** Operator accounts of the console, apart from players (migration 0036, ADR 038). */
export const operators = pgTable('operators', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  role: text('role', { enum: ['viewer', 'support', 'admin'] }).notNull(),
  /** argon2id; null until the setup link was used. */
  passwordHash: text('password_hash'),
  /** The authenticator secret, sealed with MFA_SECRET_KEY; the pending one waits for the setup's code. */
  totpSecret: text('totp_secret'),
  totpPendingSecret: text('totp_pending_secret'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** SHA-256 of the setup link's token, and its end; null once used. */
  setupTokenHash: text('setup_token_hash').unique(),
  setupExpiresAt: timestamptz('setup_expires_at'),
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  disabledAt: timestamptz('disabled_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
  lastSignInAt: timestamptz('last_sign_in_at'),
});

/** Operators' sessions: SHA-256 of the token, an absolute end and the last use (idle end). */
export const operatorSessions = pgTable('operator_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  operatorId: uuid('operator_id')
    .notNull()
    .references(() => operators.id, { onDelete: 'cascade' }),
  ip: text('ip'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/** What operators did: who, to what, why, and the state before and after (0036). */
export const operatorAudit = pgTable('operator_audit', {
  id: uuid('id').primaryKey().defaultRandom(),
  at: timestamptz('at')
    .notNull()
    .default(sql`clock_timestamp()`),
  operatorId: uuid('operator_id').references(() => operators.id, { onDelete: 'set null' }),
  operatorEmail: text('operator_email').notNull(),
  action: text('action').notNull(),
  targetKind: text('target_kind', { enum: ['player', 'operator', 'live_ops'] }).notNull(),
  targetId: text('target_id').notNull(),
  why: text('why').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
});

export const schema = {
  operators,
  operatorSessions,
  operatorAudit,
  mailQueue,
  auditEvents,
  accountRestrictions,
  openidNonces,
  platformConfigs,
  platformSignInDevices,
  platformLinks,
  platformUnlinks,
  apiClients,
  games,
  oauthClients,
  featureFlags,
  environments,
  analyticsEvents,
  mailOutbox,
  rateLimits,
  sessions,
  accounts,
  passwordHistory,
  mfaBackupCodes,
  deletedAccounts,
  avatars,
  refreshTokens,
  emailCodes,
  linkTokens,
  legalDocuments,
  consents,
  gameProgress,
  authorizationCodes,
  deviceAuthorizations,
  signingKeys,
  consolidations,
  friendships,
  friendInvitations,
  blocks,
  betas,
  betaRegistrations,
  betaCodes,
  betaPlatformKeys,
  twitchBenefits,
  twitchClaims,
  registrationSources,
  signIns,
  oauthGrants,
  passkeys,
  webauthnChallenges,
};
