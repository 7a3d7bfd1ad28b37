// The operators' console (issue 33; beyond the spec, docs/spec-deviations.md): operator accounts
// apart from players, signed in with a password and an authenticator code that cannot be turned
// off; player support (search, a player's page, actions with a typed reason, data export); the
// operators and their audit. Every call but the two sign-in doors takes an operator's token
// (`auth: 'operator'`) and names the least role it needs (`role`); a player's token is refused on
// them, and an operator's on every player call. Not in the public OpenAPI document: these calls are
// for the publisher's own staff.
import { z } from 'zod';
import { BAN_REASONS, BLOCK_REASONS, RESTRICTION_KINDS, RESTRICTION_NOTE_MAX } from '../data/moderation.ts';
import { PLATFORM_IDS } from '../data/platform-ids.ts';
import { defineCall } from './define.ts';
import { totpCode } from './entities.ts';
import { datetime, email, queryInt } from './wire.ts';

/** What an operator may do: read (viewer), act on players (support), everything, operators too (admin). */
export const OPERATOR_ROLES = ['viewer', 'support', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Whether `role` includes what `needed` allows (admin ⊃ support ⊃ viewer). */
export function roleAllows(role: OperatorRole, needed: OperatorRole): boolean {
  return OPERATOR_ROLES.indexOf(role) >= OPERATOR_ROLES.indexOf(needed);
}

/** Rows per page of the console's tables (search results, the audit). */
export const CONSOLE_PAGE_SIZE = 25;
/** The shortest operator password (NIST 800-63B for a privileged account: at least 12 is common). */
export const OPERATOR_PASSWORD_MIN = 12;
/** The reason an operator types for an action: required, kept in the audit. */
export const ACTION_REASON_MIN = 3;
export const ACTION_REASON_MAX = 500;

const reason = z
  .string()
  .trim()
  .min(ACTION_REASON_MIN, { error: `Say why, in ${ACTION_REASON_MIN} characters or more` })
  .max(ACTION_REASON_MAX);

export const operator = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** Disabled by an admin: cannot sign in, and its sessions ended. */
  disabled: z.boolean(),
  /** Has chosen a password and an authenticator (the setup link was used). */
  set_up: z.boolean(),
  /** Locked after too many wrong passwords or codes in a row: only a new setup link lets them in. */
  locked: z.boolean(),
  created_at: datetime(),
  created_by: z.string(),
  last_sign_in_at: datetime().nullable(),
});
export type Operator = z.output<typeof operator>;

const signedIn = z.object({
  /** The operator's bearer token: never valid on a player's call. */
  token: z.string(),
  /** When the session ends whatever happens (hours); it also ends after idling (idle_minutes). */
  expires_at: datetime(),
  idle_minutes: z.number().int(),
  operator,
});

const password = z.string().min(1).max(256);

export const consoleSignIn = defineCall({
  id: 'console.signIn',
  area: 'console',
  method: 'POST',
  path: '/console/sessions',
  auth: 'public',
  rateLimit: 'sign-in',
  summary: 'Signs an operator in: email, password and an authenticator code together, one answer for any mistake',
  body: z.object({ email: email(), password, code: totpCode }),
  response: signedIn,
  status: 201,
});

export const consoleSetupRead = defineCall({
  id: 'console.setupRead',
  area: 'console',
  method: 'GET',
  path: '/console/setup/{token}',
  auth: 'public',
  rateLimit: 'sign-in',
  summary: 'What a setup link is for: the operator, and the authenticator secret to add',
  params: z.object({ token: z.string().min(16).max(128) }),
  response: z.object({
    email: z.string(),
    role: z.enum(OPERATOR_ROLES),
    totp_secret: z.string(),
    otpauth_uri: z.string(),
    expires_at: datetime(),
  }),
});

export const consoleSetup = defineCall({
  id: 'console.setup',
  area: 'console',
  method: 'POST',
  path: '/console/setup',
  auth: 'public',
  rateLimit: 'sign-in',
  summary: "Uses a setup link: the operator's password and a code of the new authenticator; signs in",
  body: z.object({
    token: z.string().min(16).max(128),
    password: z
      .string()
      .min(OPERATOR_PASSWORD_MIN, { error: `At least ${OPERATOR_PASSWORD_MIN} characters` })
      .max(256),
    code: totpCode,
  }),
  response: signedIn,
  status: 201,
});

export const consoleMe = defineCall({
  id: 'console.me',
  area: 'console',
  method: 'GET',
  path: '/console/me',
  auth: 'operator',
  role: 'viewer',
  summary: 'The signed-in operator',
  response: operator,
});

export const consoleSignOut = defineCall({
  id: 'console.signOut',
  area: 'console',
  method: 'DELETE',
  path: '/console/sessions/me',
  auth: 'operator',
  role: 'viewer',
  summary: "Ends the operator's session",
});

export const PLAYER_STATUSES = ['active', 'banned', 'blocked', 'deleted'] as const;
export const PLAYER_KINDS = ['full', 'incomplete', 'stub'] as const;

export const playerRow = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  display_name: z.string().nullable(),
  kind: z.enum(PLAYER_KINDS),
  status: z.enum(PLAYER_STATUSES),
  created_at: datetime(),
  /** What matched: `id`, `email`, `display_name`, or `platform` (with the link that matched). */
  matched: z.enum(['id', 'email', 'display_name', 'platform']),
  matched_link: z.object({ platform: z.string(), subject: z.string(), name: z.string().nullable() }).nullable(),
});
export type PlayerRow = z.output<typeof playerRow>;

export const searchPlayers = defineCall({
  id: 'console.searchPlayers',
  area: 'console',
  method: 'GET',
  path: '/console/players',
  auth: 'operator',
  role: 'viewer',
  summary:
    "Finds players by exact email, display name or account id; or, with `platform`, by a platform identity's subject or last seen name",
  query: z.object({
    q: z.string().trim().min(1, { error: 'Type what to look for' }).max(320),
    platform: z.enum(PLATFORM_IDS).optional(),
    page: queryInt(1, 1000).default(1),
  }),
  response: z.object({ players: z.array(playerRow), page: z.number().int(), has_more: z.boolean() }),
});

export const restrictionRow = z.object({
  id: z.uuid(),
  kind: z.enum(RESTRICTION_KINDS),
  game: z.string().nullable(),
  reason: z.string(),
  note: z.string().nullable(),
  starts_at: datetime(),
  ends_at: datetime().nullable(),
  in_force: z.boolean(),
  created_by: z.string(),
  created_why: z.string().nullable(),
  lifted_at: datetime().nullable(),
  lifted_by: z.string().nullable(),
});

export const playerDetail = z.object({
  id: z.uuid(),
  public_id: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  display_name: z.string().nullable(),
  kind: z.enum(PLAYER_KINDS),
  status: z.enum(PLAYER_STATUSES),
  created_at: datetime(),
  country: z.string().nullable(),
  locale: z.string().nullable(),
  registration_flagged: z.boolean(),
  /** Soft-locked after too many wrong passwords, since then (null: not locked). */
  locked_at: datetime().nullable(),
  two_factor: z.boolean(),
  passkeys: z.number().int(),
  restrictions: z.array(restrictionRow),
  links: z.array(
    z.object({ platform: z.string(), subject: z.string(), name: z.string().nullable(), linked_at: datetime() }),
  ),
  game_profiles: z.array(z.object({ game: z.string(), updated_at: datetime() })),
  playtests: z.array(
    z.object({ beta: z.string(), platform: z.string().nullable(), state: z.string(), key_awarded: z.boolean() }),
  ),
  friends: z.number().int(),
  sign_ins: z.object({ web: z.number().int(), games: z.number().int() }),
  /** The account's security events, newest first (the latest 50). */
  security_events: z.array(
    z.object({ at: datetime(), event: z.string(), detail: z.string().nullable(), ip: z.string().nullable() }),
  ),
});
export type PlayerDetail = z.output<typeof playerDetail>;

const playerId = z.object({ id: z.uuid() });

export const readPlayer = defineCall({
  id: 'console.player',
  area: 'console',
  method: 'GET',
  path: '/console/players/{id}',
  auth: 'operator',
  role: 'viewer',
  summary: "A player's page: profile, standing, links, games, playtests, friends, sign-ins, security events",
  params: playerId,
  response: playerDetail,
});

/** The actions support takes on a player; each needs a reason, and each is audited. */
export const PLAYER_ACTIONS = [
  'ban',
  'unban',
  'block',
  'unblock',
  'sign_out',
  'unlock',
  'flag',
  'unflag',
  'resend_verification',
  'remove_two_factor',
  'unlink',
  'delete',
] as const;
export type PlayerAction = (typeof PLAYER_ACTIONS)[number];

const note = z.string().trim().max(RESTRICTION_NOTE_MAX).optional();
const game = z.string().trim().min(1).max(64).optional();

export const playerActionBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('ban'),
    why: reason,
    reason: z.enum(BAN_REASONS),
    note,
    /** The ban's end; none: without end. */
    until: datetime().optional(),
    game,
  }),
  z.object({ action: z.literal('unban'), why: reason, game }),
  z.object({ action: z.literal('block'), why: reason, reason: z.enum(BLOCK_REASONS), note }),
  z.object({
    action: z.enum(['unblock', 'sign_out', 'unlock', 'flag', 'unflag', 'resend_verification', 'delete']),
    why: reason,
  }),
  z.object({
    action: z.literal('remove_two_factor'),
    why: reason,
    /** How the player's identity was checked before (ASVS 6.4.4): recorded in the audit. */
    identity_check: z.string().trim().min(10, { error: 'Say how you checked who the player is' }).max(500),
  }),
  z.object({ action: z.literal('unlink'), why: reason, platform: z.enum(PLATFORM_IDS) }),
]);
export type PlayerActionBody = z.input<typeof playerActionBody>;
export type PlayerActionInput = z.output<typeof playerActionBody>;

export const actOnPlayer = defineCall({
  id: 'console.playerAction',
  area: 'console',
  method: 'POST',
  path: '/console/players/{id}/actions',
  auth: 'operator',
  role: 'support',
  summary: 'Acts on a player (ban, block, sign out everywhere, lift a lock, flags, two-factor, unlink, delete)',
  params: playerId,
  body: playerActionBody,
  /** `player`: the page after the action; null after `delete`. */
  response: z.object({ done: z.string(), player: playerDetail.nullable() }),
});

export const exportPlayer = defineCall({
  id: 'console.playerExport',
  area: 'console',
  method: 'POST',
  path: '/console/players/{id}/export',
  auth: 'operator',
  role: 'support',
  summary: 'Everything kept about a player, as JSON (GDPR articles 15 and 20); audited with the reason',
  params: playerId,
  body: z.object({ why: reason }),
  response: z.object({ exported_at: datetime(), account_id: z.uuid(), data: z.record(z.string(), z.unknown()) }),
});

export const listOperators = defineCall({
  id: 'console.operators',
  area: 'console',
  method: 'GET',
  path: '/console/operators',
  auth: 'operator',
  role: 'admin',
  summary: 'The operators',
  response: z.object({ operators: z.array(operator) }),
});

export const addOperator = defineCall({
  id: 'console.addOperator',
  area: 'console',
  method: 'POST',
  path: '/console/operators',
  auth: 'operator',
  role: 'admin',
  summary: 'Adds an operator; answers the setup link to hand over (shown once)',
  body: z.object({ email: email(), role: z.enum(OPERATOR_ROLES), why: reason }),
  response: z.object({ operator, setup_url: z.string(), setup_expires_at: datetime() }),
  status: 201,
});

export const updateOperator = defineCall({
  id: 'console.updateOperator',
  area: 'console',
  method: 'PUT',
  path: '/console/operators/{id}',
  auth: 'operator',
  role: 'admin',
  summary: "Changes an operator's role, or disables or enables them (a disabled operator's sessions end)",
  params: z.object({ id: z.uuid() }),
  body: z
    .object({ role: z.enum(OPERATOR_ROLES).optional(), disabled: z.boolean().optional(), why: reason })
    .refine((b) => b.role !== undefined || b.disabled !== undefined, { error: 'Change the role or the state' }),
  response: operator,
});

export const resetOperatorSetup = defineCall({
  id: 'console.resetOperatorSetup',
  area: 'console',
  method: 'POST',
  path: '/console/operators/{id}/setup-link',
  auth: 'operator',
  role: 'admin',
  summary:
    'A new setup link for another operator (a lost authenticator or password): their password, authenticator and sessions stop working; answers the link (shown once)',
  params: z.object({ id: z.uuid() }),
  body: z.object({ why: reason }),
  response: z.object({ setup_url: z.string(), setup_expires_at: datetime() }),
});

export const auditEntry = z.object({
  id: z.uuid(),
  at: datetime(),
  operator_email: z.string(),
  action: z.string(),
  /** `live_ops`: a playtest, client, the terms, the mail queue or a flag, named by target_id. */
  target_kind: z.enum(['player', 'operator', 'live_ops']),
  target_id: z.string(),
  why: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.output<typeof auditEntry>;

export const readAudit = defineCall({
  id: 'console.audit',
  area: 'console',
  method: 'GET',
  path: '/console/audit',
  auth: 'operator',
  role: 'admin',
  summary: "The operators' audit, newest first: who did what, why, before and after",
  query: z.object({ page: queryInt(1, 10_000).default(1), target: z.string().trim().max(64).optional() }),
  response: z.object({ entries: z.array(auditEntry), page: z.number().int(), has_more: z.boolean() }),
});

/** The console's calls (kept out of `allCalls` and the public OpenAPI document). */
export const consoleCalls = {
  signIn: consoleSignIn,
  setupRead: consoleSetupRead,
  setup: consoleSetup,
  me: consoleMe,
  signOut: consoleSignOut,
  searchPlayers,
  player: readPlayer,
  playerAction: actOnPlayer,
  playerExport: exportPlayer,
  operators: listOperators,
  addOperator,
  updateOperator,
  resetOperatorSetup,
  audit: readAudit,
} as const;
