// What an operator may set (issue 30): a ban or block's reason is one of the contract's codes (the
// player reads its text in their language), the note for the player is short, and a ban's end is a
// time to come. Each refusal is a ModerationError, whose message is for the operator.
import { BAN_REASONS, BLOCK_REASONS, RESTRICTION_NOTE_MAX } from '@portal/contract/data/moderation';

/** A refusal of an operator's action (the command line prints its message, the console shows it). */
export class ModerationError extends Error {
  override name = 'ModerationError';
}

const REASONS = { ban: BAN_REASONS, block: BLOCK_REASONS } as const;

/** The reason code of a ban or a block: one of the contract's codes for that kind. */
export function reasonOf<K extends keyof typeof REASONS>(
  kind: K,
  code: string | undefined,
): (typeof REASONS)[K][number] {
  const allowed: readonly string[] = REASONS[kind];
  const found = allowed.find((reason) => reason === code);
  if (!found)
    throw new ModerationError(
      `${code === undefined ? `a ${kind} needs --reason` : `a ${kind} cannot have the reason ${code}`}: one of ${allowed.join(', ')}`,
    );
  return found as (typeof REASONS)[K][number];
}

/** The note shown to the player: trimmed, at most RESTRICTION_NOTE_MAX characters, or null. */
export function playerNote(note: string | undefined): string | null {
  const trimmed = note?.trim() ?? '';
  if (trimmed === '') return null;
  if (trimmed.length > RESTRICTION_NOTE_MAX)
    throw new ModerationError(`the note is ${trimmed.length} characters; at most ${RESTRICTION_NOTE_MAX}`);
  return trimmed;
}

/**
 * A ban's end: an ISO 8601 date (midnight UTC) or date and time with its offset, after `now`;
 * undefined (no end) when not given.
 */
export function banEnd(until: string | undefined, now: Date): Date | null {
  if (until === undefined) return null;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(until);
  const withZone = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(until);
  const end = dateOnly || withZone ? new Date(dateOnly ? `${until}T00:00:00Z` : until) : null;
  if (end === null || Number.isNaN(end.getTime()))
    throw new ModerationError(
      `--until takes an ISO date (2027-01-31) or a time with its zone (2027-01-31T18:00:00Z), not ${until}`,
    );
  if (end.getTime() <= now.getTime()) throw new ModerationError(`--until ${until} is not in the future`);
  return end;
}

/** The operator's name: given, or the user running the command; letters, digits and . _ @ - only. */
export function operatorName(given: string | undefined, fallback: string): string {
  const name = (given ?? fallback).trim();
  if (!/^[\p{L}\p{N}._@-]{1,64}$/u.test(name))
    throw new ModerationError('--by takes a name of 1 to 64 letters, digits, dots, underscores, @ or hyphens');
  return name;
}
