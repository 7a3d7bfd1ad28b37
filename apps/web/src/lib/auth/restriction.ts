// The notice of a restricted account (issue 30): kept in this tab's sessionStorage when a call was
// refused because the account is banned or on hold, so that the restricted page (/account-restricted)
// shows it again after a reload. A sign-in that goes through later clears it (session-store.ts).
// What is read back is parsed again: a tampered or stale value reads as no notice.
import { restrictionNotice } from '@portal/contract/data/moderation';
import type { RestrictionNotice } from '@portal/contract/data/moderation';
import { KEYS, storage } from '../storage.ts';

/** Keeps the notice of a refusal (null: the refusal carried none, the page says so generically). */
export function keepRestriction(notice: RestrictionNotice | null): void {
  storage.setJson('session', KEYS.restriction, { notice });
}

export function clearRestriction(): void {
  storage.set('session', KEYS.restriction, null);
}

/** The notice kept in this tab, or null (none kept, a refusal without one, or a value that does not parse). */
export function keptRestriction(): RestrictionNotice | null {
  const kept = storage.getJson<{ notice?: unknown }>('session', KEYS.restriction);
  const parsed = restrictionNotice.safeParse(kept?.notice);
  return parsed.success ? parsed.data : null;
}

/** What the restricted page says, from the notice and the time it is shown. */
export type RestrictionView =
  | { kind: 'none' }
  | { kind: 'ban'; notice: RestrictionNotice; endsAt: Date }
  | { kind: 'permanent'; notice: RestrictionNotice }
  | { kind: 'block'; notice: RestrictionNotice }
  | { kind: 'ended'; notice: RestrictionNotice; endsAt: Date };

export function restrictionView(notice: RestrictionNotice | null, now: Date): RestrictionView {
  if (!notice) return { kind: 'none' };
  if (notice.kind === 'block') return { kind: 'block', notice };
  if (notice.ends_at === null) return { kind: 'permanent', notice };
  const endsAt = new Date(notice.ends_at);
  if (Number.isNaN(endsAt.getTime())) return { kind: 'permanent', notice };
  return endsAt.getTime() <= now.getTime() ? { kind: 'ended', notice, endsAt } : { kind: 'ban', notice, endsAt };
}
