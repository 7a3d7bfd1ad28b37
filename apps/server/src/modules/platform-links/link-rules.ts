// What a link, a confirmation or a disconnect of a platform identity may do (spec 000 §3-§4, issue
// 15), decided from what is stored, with no I/O: the service reads, asks this, then writes. Each
// rule has its test (link-rules.test.ts).
import { RequestError } from '../../http/request-error.ts';

const DAY_MS = 86_400_000;

/** This account's link of the platform, as stored. */
export interface CurrentLink {
  subject: string;
  pendingSubject: string | null;
  lockedUntil: Date | null;
}

/** What the operator configured for the platform. */
export interface PlatformRules {
  /** A different platform account never replaces a linked one; only support disconnects it. */
  restricted: boolean;
  relinkCooldownDays: number;
}

/** The account, as far as these rules need it. */
export interface LinkingAccount {
  id: string;
  email: string | null;
  emailVerified: boolean;
  passwordSet: boolean;
  /** Platforms linked to the account besides the one at hand. */
  otherLinks: number;
  /** A stub account (the stub flow's browser session, spec 000 §4 rule 6): it only adds links. */
  stub: boolean;
}

export type LinkDecision =
  /** No link of this platform yet: create it (locked until `lockedUntil` after an earlier disconnect). */
  | { action: 'create'; lockedUntil: Date | null }
  /** The same identity again: keep it, with the name the platform gives now and no refresh asked. */
  | { action: 'renew' }
  /** Another identity, asked to wait for the player's confirmation (PUT /accounts/me/confirm). */
  | { action: 'pend' };

function lockedError(until: Date): RequestError {
  return new RequestError('platform_link_locked', {
    body: { date: until.toISOString().slice(0, 10), locked_until: until.toISOString() },
  });
}

/** Until when a link made now stays locked, when the platform was disconnected before (else null). */
export function lockAfterRelink(rules: PlatformRules, disconnectedBefore: boolean, now: Date): Date | null {
  if (!disconnectedBefore || rules.relinkCooldownDays <= 0) return null;
  return new Date(now.getTime() + rules.relinkCooldownDays * DAY_MS);
}

/**
 * PUT /accounts/me/link/{platform}. `holder`: the account the identity is linked to (null when none).
 * `disconnectedBefore`: the account disconnected this platform at some time.
 */
export function decideLink(input: {
  account: LinkingAccount;
  current: CurrentLink | null;
  subject: string;
  holder: string | null;
  rules: PlatformRules;
  needsConfirmation: boolean;
  refresh: boolean;
  disconnectedBefore: boolean;
  now: Date;
}): LinkDecision {
  const { account, current, subject, holder, rules, now } = input;
  // An identity linked before the address is proved would stay with whoever typed the address
  // (pre-account hijacking): an account with an email links only once the email is verified.
  if (account.email !== null && !account.emailVerified) throw new RequestError('email_verification_required');
  if (holder !== null && holder !== account.id) throw new RequestError('platform_link_already_claimed');
  if (current === null) {
    if (input.refresh) throw new RequestError('link_invalid');
    return { action: 'create', lockedUntil: lockAfterRelink(rules, input.disconnectedBefore, now) };
  }
  if (current.subject === subject) return { action: 'renew' };
  // Another identity of the same platform. A stub never replaces one: it only adds links, which move
  // with it into an account (its console's identity is what the stub is).
  if (input.refresh) throw new RequestError('link_invalid');
  if (account.stub) throw new RequestError('platform_link_already_exists');
  if (rules.restricted) throw new RequestError('unlink_restricted');
  if (current.lockedUntil !== null && current.lockedUntil > now) throw lockedError(current.lockedUntil);
  if (!input.needsConfirmation) throw new RequestError('platform_link_already_exists');
  return { action: 'pend' };
}

/**
 * PUT /accounts/me/confirm/{platform} {auth_id}: the pending identity replaces the linked one, which
 * counts as a disconnect and a new connect (the link is then locked for the cooldown).
 */
export function decideConfirm(input: {
  current: CurrentLink | null;
  authId: string;
  rules: PlatformRules;
  now: Date;
}): { lockedUntil: Date | null } {
  const { current, rules, now } = input;
  if (current === null || current.pendingSubject === null || current.pendingSubject !== input.authId) {
    throw new RequestError('link_invalid');
  }
  if (rules.restricted) throw new RequestError('unlink_restricted');
  if (current.lockedUntil !== null && current.lockedUntil > now) throw lockedError(current.lockedUntil);
  return { lockedUntil: lockAfterRelink(rules, true, now) };
}

/** PUT /accounts/me/unlink/{platform}. Answers whether there is a link to remove. */
export function decideUnlink(input: {
  account: LinkingAccount;
  current: CurrentLink | null;
  rules: PlatformRules;
  now: Date;
}): boolean {
  const { account, current, rules, now } = input;
  if (current === null) return false;
  if (rules.restricted) throw new RequestError('unlink_restricted');
  if (current.lockedUntil !== null && current.lockedUntil > now) throw lockedError(current.lockedUntil);
  // Never leave an account with no way in: a password, an email for a mailed code, or another platform.
  if (!account.passwordSet && account.email === null && account.otherLinks === 0) {
    throw new RequestError('unlink_last_sign_in');
  }
  return true;
}
