// Configuration from the environment, validated once at start. Every variable is documented in
// the README's configuration table; a test keeps the two in step.
import { resolve } from 'node:path';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
const enabled = z.enum(['enabled', 'disabled']).default('disabled');
/** A whole number from min to max, its error saying what it counts (`what`: "whole number of minutes"). */
const wholeCount = (min: number, max: number, fallback: number, what: string) =>
  z.coerce
    .number({ error: `must be a ${what}` })
    .int({ error: `must be a ${what}` })
    .min(min)
    .max(max)
    .default(fallback);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  /** GET /metrics answers with `Authorization: Bearer <METRICS_TOKEN>`; unset, it does not exist. */
  METRICS_TOKEN: z.string().min(16).optional(),
  CORS_ORIGINS: list,
  /** The operators' console (issue 33): the addresses or ranges it answers (empty: all), session lengths. */
  CONSOLE_ALLOWED_IPS: list,
  CONSOLE_SESSION_HOURS: wholeCount(1, 24, 8, 'whole number of hours'),
  CONSOLE_IDLE_MINUTES: wholeCount(5, 240, 30, 'whole number of minutes'),
  // Origins besides PUBLIC_URL's whose passkey answers are accepted (a development server's).
  PASSKEY_ORIGINS: list,
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(100_000),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  PORTAL_API_KEY: z.string().min(16).default('ag-portal-dev-key-0001'),
  SEED_DEMO: flag(true),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  BRAND_NAME: z.string().default('Aurora Games'),
  SUPPORT_URL: z.url().default('https://support.example.com/'),
  PRIVACY_POLICY_URL: z.url().default('https://www.example.com/legal/privacy'),
  TERMS_OF_USE_URL: z.url().default('https://www.example.com/legal/terms'),
  AD_CHOICES_URL: z.url().default('https://www.example.com/legal/ad-choices'),
  DO_NOT_SELL_URL: z.url().default('https://www.example.com/legal/do-not-sell'),
  GEO_COUNTRY_HEADER: z.string().optional(),
  GEO_SUBDIVISION_HEADER: z.string().optional(),
  DEFAULT_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('US'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Aurora Games Account <no-reply@accounts.example.com>'),
  /** Mail queue (ADR 025): attempts before a mail is given up, and the retry delay's start and cap. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(10_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(1).max(86_400_000).default(3_600_000),
  /** How often each instance's mail worker looks for due mail besides being woken by a new one. */
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
  MAINTENANCE_MODE: enabled,
  DEBUG: enabled,
  SENTRY_DSN: z.string().default(''),
  SENTRY_ENV: z.string().default(''),
  GTM_ID: z.string().default(''),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /** Access tokens whose session and account each instance keeps (ADR 017); 0 reads the database every time. */
  SIGNED_IN_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** A sign-in unused this many days cannot be refreshed (inactivity timeout; ADR 034, NIST SP 800-63B). */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** The sweep (ADR 026): how often one instance deletes what is over (0: never), in batches of rows. */
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  SWEEP_BATCH: z.coerce.number().int().min(1).max(100_000).default(500),
  /** Rotated refresh tokens are kept this long, so a stolen one used again ends its sign-in. */
  REFRESH_REUSE_DETECTION_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .default(24),
  /** Sent and given-up mail (without contents) and the development outbox, kept this many days. */
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(395),
  /** The security events of each account (its recent activity), kept this many days. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Stub (platform-first) accounts nobody touched for this many days are removed by the sweep. */
  STUB_IDLE_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** Friends per account, and open friend requests an account may have sent (ADR 022). */
  FRIENDS_MAX: z.coerce.number().int().min(1).max(100_000).default(2000),
  FRIEND_INVITATIONS_MAX: z.coerce.number().int().min(1).max(10_000).default(100),
  /** Friends searches per account per minute (the `checks` tier limits them per address too). */
  FRIEND_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  SOFT_LOCK_THRESHOLD: z.coerce.number().int().min(3).max(100).default(10),
  SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  CODE_MAILS_PER_CLIENT_HOUR: z.coerce.number().int().min(1).default(30),
  USERNAME_MIN_LENGTH: z.coerce.number().int().min(1).max(32).default(4),
  USERNAME_MAX_LENGTH: z.coerce.number().int().min(4).max(64).default(16),
  MIN_AGE_BY_COUNTRY: z.string().optional(),
  CAPTCHA_PROVIDER: z.enum(['none', 'turnstile', 'hcaptcha', 'recaptcha']).default('none'),
  CAPTCHA_SECRET: z.string().optional(),
  /** The widget's public site key (the web app renders the provider's widget with it). */
  CAPTCHA_SITE_KEY: z.string().optional(),
  /** Where the server checks a response token; the provider's official siteverify address when unset. */
  CAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The provider's widget script the web app loads; the provider's official script when unset. */
  CAPTCHA_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Registration risk flags (issue 30, modules/risk): what flags a new account, which then verifies
   * its address before a game that does not take flagged accounts (spec 000 §4 rule 12).
   */
  RISK_DISPOSABLE_EMAIL: z.enum(['flag', 'off'], { error: 'must be flag or off' }).default('flag'),
  /** Registrations of one client address (IPv4, IPv6 /64) in the window after which one is flagged; 0: off. */
  RISK_REGISTRATIONS_PER_ADDRESS: wholeCount(0, 1_000_000, 5, 'whole number (0 turns the rule off)'),
  /** The same for one visitor id (X-Hydra-Visitor-Id); 0: off. */
  RISK_REGISTRATIONS_PER_VISITOR: wholeCount(0, 1_000_000, 3, 'whole number (0 turns the rule off)'),
  RISK_WINDOW_MINUTES: wholeCount(1, 7 * 24 * 60, 60, 'whole number of minutes'),
  /** A missing, failed or uncheckable captcha on registration: refused (1200-1204), or a flagged account. */
  RISK_CAPTCHA: z.enum(['refuse', 'flag'], { error: 'must be refuse or flag' }).default('refuse'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  MFA_SECRET_KEY: z.string().min(32).default('dev-only-mfa-secret-key-change-me-000000'),
  DEVICE_CODE_TTL_SECONDS: z.coerce.number().int().min(60).max(1800).default(600),
  DEVICE_POLL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  DEVICE_GUESSES_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  ID_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  SIGNING_KEY_ROTATION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
});

export type RawConfig = z.output<typeof configSchema>;

export interface Config extends RawConfig {
  /** DEBUG=enabled: extra data for the environment switcher and non-production messages. */
  debug: boolean;
  maintenance: boolean;
  production: boolean;
  /** Absolute data directory of embedded PGlite (unused with DATABASE_URL). */
  dataDir: string;
  webDistDir: string;
  /** The portal's public address, for links in mails (never taken from request headers). */
  publicUrl: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  if (raw.NODE_ENV === 'production' && raw.PORTAL_API_KEY === configSchema.shape.PORTAL_API_KEY.parse(undefined)) {
    throw new ConfigError('PORTAL_API_KEY must be set to a value of your own in production');
  }
  if (raw.NODE_ENV === 'production' && raw.MFA_SECRET_KEY === configSchema.shape.MFA_SECRET_KEY.parse(undefined)) {
    throw new ConfigError('MFA_SECRET_KEY must be set to a secret of your own in production');
  }
  if (raw.CAPTCHA_PROVIDER !== 'none') {
    for (const name of ['CAPTCHA_SECRET', 'CAPTCHA_SITE_KEY'] as const) {
      if (!raw[name]) throw new ConfigError(`${name} must be set when CAPTCHA_PROVIDER is ${raw.CAPTCHA_PROVIDER}`);
    }
  }
  return {
    ...raw,
    debug: raw.DEBUG === 'enabled',
    maintenance: raw.MAINTENANCE_MODE === 'enabled',
    production: raw.NODE_ENV === 'production',
    // `memory://` keeps the embedded database in memory; anything else is a directory.
    dataDir: raw.DATA_DIR.startsWith('memory://') ? raw.DATA_DIR : resolve(cwd, raw.DATA_DIR),
    webDistDir: resolve(cwd, raw.WEB_DIST_DIR),
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
  };
}
