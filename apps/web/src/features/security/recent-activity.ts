// What a row of the recent activity on /security says: the event as a message (with how a sign-in
// happened, or which platform was linked), whether it is a warning, its icon, the device it came
// from ("Chrome · Linux") and when ("03/09/2026 at 3:04 PM"), in the user's language. What support
// did (issue 30: a ban, of the account or of one game, a hold, their end, every sign-in ended) names
// the reason in the player's language and comes from the team, not from a device.
import type { SecurityEvent, SecurityEventType } from '@portal/contract/calls/accounts-activity';
import { normalizePlatformId } from '@portal/contract/data/platform-ids';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import { BAN_REASONS, BLOCK_REASONS } from '@portal/contract/data/moderation';
import type { BanReason, BlockReason } from '@portal/contract/data/moderation';
import { formatDate } from '../../lib/dates.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';

/** How many events the section asks for (the server's default page). */
export const ACTIVITY_LIMIT = 20;

/** A message and its values, for t(); `messages`: values that are messages themselves (a reason). */
export interface ActivityLabel {
  key: MessageKey;
  values?: Record<string, string>;
  messages?: Record<string, MessageKey>;
}

/** The icon of a row: what kind of event it is. */
export type ActivityIcon = 'sign-in' | 'warning' | 'shield' | 'link' | 'account' | 'restriction' | 'sign-out';

/** The events of an operator's action (issue 30): no device or address, the team did it. */
export const OPERATOR_EVENTS: readonly SecurityEventType[] = [
  'account_banned',
  'account_unbanned',
  'account_blocked',
  'account_unblocked',
  'signed_out_everywhere',
];

const REASON_CODES: readonly string[] = [...BAN_REASONS, ...BLOCK_REASONS];

/** The reason of a ban or hold (its `method`) as a message; null for none, or a code not known here. */
function reasonMessage(method: string | null): `restriction.reason.${BanReason | BlockReason}` | null {
  return method !== null && REASON_CODES.includes(method)
    ? `restriction.reason.${method as BanReason | BlockReason}`
    : null;
}

/** "Account suspended: Cheating", "Banned from Starfall Legends: Cheating", "Account put on hold"... */
function restrictionLabel(type: 'account_banned' | 'account_blocked', method: string | null, game: string | null) {
  const reason = reasonMessage(method);
  const messages = reason ? { reason } : undefined;
  if (type === 'account_blocked') {
    return reason
      ? { key: 'security.activity.accountBlocked' as const, messages }
      : { key: 'security.activity.accountBlockedPlain' as const };
  }
  if (game) {
    return reason
      ? { key: 'security.activity.gameBanned' as const, values: { game }, messages }
      : { key: 'security.activity.gameBannedPlain' as const, values: { game } };
  }
  return reason
    ? { key: 'security.activity.accountBanned' as const, messages }
    : { key: 'security.activity.accountBannedPlain' as const };
}

/** The name of a platform id the server sent (`psn` → "PlayStation Network"); an unknown id as sent. */
export function platformDisplayName(id: string): string {
  const platform = normalizePlatformId(id);
  return platform ? PLATFORM_CATALOGUE[platform].name : id;
}

function signInLabel(method: string | null, clientName: string | null): ActivityLabel {
  switch (method) {
    case 'password':
      return { key: 'security.activity.signInPassword' };
    case 'email_code':
      return { key: 'security.activity.signInEmailCode' };
    case 'authenticator':
      return { key: 'security.activity.signInAuthenticator' };
    case 'backup_code':
      return { key: 'security.activity.signInBackupCode' };
    case 'passkey':
      return { key: 'security.activity.signInPasskey' };
    case 'game':
      return clientName
        ? { key: 'security.activity.signInGame', values: { game: clientName } }
        : { key: 'security.activity.signInAGame' };
    case 'device':
      return clientName
        ? { key: 'security.activity.signInDevice', values: { game: clientName } }
        : { key: 'security.activity.signInAGame' };
    case null:
    case 'platform':
      return { key: 'security.activity.signIn' };
    default:
      return { key: 'security.activity.signInPlatform', values: { platform: platformDisplayName(method) } };
  }
}

const PLAIN_LABELS: Record<
  Exclude<
    SecurityEventType,
    | 'sign_in'
    | 'password_changed'
    | 'email_changed'
    | 'platform_linked'
    | 'platform_unlinked'
    | 'account_banned'
    | 'account_blocked'
    | 'account_unbanned'
    | 'sign_in_ended'
    | 'game_access_revoked'
  >,
  MessageKey
> = {
  sign_in_failed: 'security.activity.signInFailed',
  account_locked: 'security.activity.accountLocked',
  mfa_enabled: 'security.activity.mfaEnabled',
  mfa_disabled: 'security.activity.mfaDisabled',
  account_consolidated: 'security.activity.accountConsolidated',
  account_deleted: 'security.activity.accountDeleted',
  account_unblocked: 'security.activity.accountUnblocked',
  signed_out_everywhere: 'security.activity.signedOutEverywhere',
  passkey_added: 'security.activity.passkeyAdded',
  passkey_removed: 'security.activity.passkeyRemoved',
};

/** What happened, as a message: "Signed in with your password", "Linked PlayStation Network"... */
export function activityLabel(event: Pick<SecurityEvent, 'type' | 'method' | 'client_name'>): ActivityLabel {
  switch (event.type) {
    case 'sign_in':
      return signInLabel(event.method, event.client_name);
    case 'password_changed':
      return {
        key: event.method === 'recovery' ? 'security.activity.passwordReset' : 'security.activity.passwordChanged',
      };
    case 'email_changed':
      // Asked for (`requested`, or no method before issue 28), then done once the new address is verified.
      return {
        key: event.method === 'verified' ? 'security.activity.emailChangeVerified' : 'security.activity.emailChanged',
      };
    case 'platform_linked':
      return event.method
        ? { key: 'security.activity.platformLinked', values: { platform: platformDisplayName(event.method) } }
        : { key: 'security.activity.platformLinkedAny' };
    case 'platform_unlinked':
      return event.method
        ? { key: 'security.activity.platformUnlinked', values: { platform: platformDisplayName(event.method) } }
        : { key: 'security.activity.platformUnlinkedAny' };
    case 'account_banned':
    case 'account_blocked':
      return restrictionLabel(event.type, event.method, event.client_name);
    case 'sign_in_ended':
      return {
        key: event.method === 'others' ? 'security.activity.signInEndedOthers' : 'security.activity.signInEnded',
      };
    case 'game_access_revoked':
      return event.client_name
        ? { key: 'security.activity.gameAccessRevoked', values: { game: event.client_name } }
        : { key: 'security.activity.gameAccessRevokedAny' };
    case 'account_unbanned':
      return event.client_name
        ? { key: 'security.activity.gameUnbanned', values: { game: event.client_name } }
        : { key: 'security.activity.accountUnbanned' };
    default:
      return { key: PLAIN_LABELS[event.type] };
  }
}

/**
 * Failed sign-ins and the lock they cause (someone may be guessing the password), and a ban or hold
 * put on the account (issue 30).
 */
export function isWarning(type: SecurityEventType): boolean {
  return (
    type === 'sign_in_failed' || type === 'account_locked' || type === 'account_banned' || type === 'account_blocked'
  );
}

export function activityIcon(type: SecurityEventType): ActivityIcon {
  // A ban or hold is a warning with its own sign; its end is a shield, like the other changes.
  if (type === 'account_banned' || type === 'account_blocked') return 'restriction';
  if (isWarning(type)) return 'warning';
  switch (type) {
    case 'sign_in':
      return 'sign-in';
    case 'signed_out_everywhere':
    case 'sign_in_ended':
    case 'game_access_revoked':
      return 'sign-out';
    case 'platform_linked':
    case 'platform_unlinked':
      return 'link';
    case 'account_consolidated':
    case 'account_deleted':
      return 'account';
    default:
      return 'shield';
  }
}

/** "Chrome · Linux", "Chrome", "Linux", or null when neither is known. */
export function deviceText(browser: string | null, os: string | null): string | null {
  const parts = [browser, os].map((part) => part?.trim()).filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The date in the locale's own pattern (as every date of the portal) and the time of day in its style. */
export function activityTime(date: Date, locale: string): { date: string; time: string } {
  return {
    date: formatDate(date, locale),
    time: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(date),
  };
}
