// Moderation (issue 30, ADR 032): the bans and blocks operators put on an account, and what the
// player is told of one. A ban is a punishment, of the whole account or of one game, temporary or
// permanent; a block is a hold that is not one (a legal hold, a suspected takeover under
// investigation). The reasons are codes: the player reads each one's text in their language
// (`restriction.reason.<code>` in the web app's messages), and the operator's note as written.
import { z } from 'zod';

/** Why an account (or its access to a game) is banned. */
export const BAN_REASONS = [
  'cheating',
  'exploiting',
  'harassment',
  'hate_speech',
  'inappropriate_name',
  'fraud',
  'chargeback',
  'account_trading',
  'terms_violation',
] as const;
export type BanReason = (typeof BAN_REASONS)[number];

/** Why an account is on hold. */
export const BLOCK_REASONS = ['suspected_takeover', 'legal_hold', 'under_review'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

export const RESTRICTION_KINDS = ['ban', 'block'] as const;
export type RestrictionKind = (typeof RESTRICTION_KINDS)[number];

/** The longest note an operator may leave for the player. */
export const RESTRICTION_NOTE_MAX = 500;

/**
 * What a refused player is told: the body of `account_banned` (1030) and `account_blocked` (1033).
 * `game` is the slug of the one game a game-scoped ban covers (null: the whole account); `ends_at`
 * is null for a ban without end and for a block (it lasts until an operator lifts it).
 */
export const restrictionNotice = z.object({
  kind: z.enum(RESTRICTION_KINDS),
  reason: z.string(),
  note: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  game: z.string().nullable(),
});
export type RestrictionNotice = z.output<typeof restrictionNotice>;

/** The error body that carries a notice: `{ restriction: RestrictionNotice }`. */
export const restrictionErrorBody = z.object({ restriction: restrictionNotice });
