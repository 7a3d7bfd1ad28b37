// Whether an account may be used now (issue 30, ADR 032): the open bans and blocks the account row
// carries (accounts.restrictions, kept by the database from account_restrictions) decide, at the
// moment of the request. A restriction is in force from its start until its end (none: until an
// operator lifts it), so a temporary ban ends by itself with no write. A block, then a ban of the
// whole account, then a ban of the game asked for: the first in force refuses, with what the player
// is told of it (the body of account_blocked or account_banned).
import type { RestrictionNotice } from '@portal/contract/data/moderation';
import type { StoredRestriction } from '../../db/schema.ts';
import { RequestError } from '../../http/request-error.ts';

export type { StoredRestriction } from '../../db/schema.ts';

/** Whether a restriction is in force at `now`. */
export function inForce(restriction: Pick<StoredRestriction, 'startsAt' | 'endsAt'>, now: Date): boolean {
  const at = now.getTime();
  return Date.parse(restriction.startsAt) <= at && (restriction.endsAt === null || Date.parse(restriction.endsAt) > at);
}

/**
 * The restriction that keeps the account (from the game `game`, when one is asked for) out at `now`,
 * or null. A ban of one game never refuses the portal itself (`game` null).
 */
export function restrictionInForce(
  restrictions: readonly StoredRestriction[],
  game: string | null,
  now: Date,
): StoredRestriction | null {
  const live = restrictions.filter((r) => inForce(r, now));
  return (
    live.find((r) => r.kind === 'block') ??
    live.find((r) => r.kind === 'ban' && r.game === null) ??
    (game === null ? undefined : live.find((r) => r.kind === 'ban' && r.game === game)) ??
    null
  );
}

/** Whether some ban of one game is in force (the only case where the game of a client matters). */
export function hasGameBanInForce(restrictions: readonly StoredRestriction[], now: Date): boolean {
  return restrictions.some((r) => r.game !== null && inForce(r, now));
}

/** What the player is told of a restriction. */
export function noticeOf(restriction: StoredRestriction): RestrictionNotice {
  return {
    kind: restriction.kind,
    reason: restriction.reason,
    note: restriction.note,
    starts_at: new Date(restriction.startsAt).toISOString(),
    ends_at: restriction.endsAt === null ? null : new Date(restriction.endsAt).toISOString(),
    game: restriction.game,
  };
}

/** The refusal of a restriction: account_blocked (1033) or account_banned (1030), with its notice. */
export function refusalOf(restriction: StoredRestriction): RequestError {
  return new RequestError(restriction.kind === 'block' ? 'account_blocked' : 'account_banned', {
    body: { restriction: noticeOf(restriction) },
  });
}

/** The refusal of an account (for the game `game`) at `now`, or null when it may go on. */
export function standingRefusal(
  account: { restrictions: readonly StoredRestriction[] },
  game: string | null = null,
  now = new Date(),
): RequestError | null {
  if (account.restrictions.length === 0) return null;
  const restriction = restrictionInForce(account.restrictions, game, now);
  return restriction ? refusalOf(restriction) : null;
}
