// What a row of the recent activity on /security says: the event as a message (with how a sign-in
// happened, or which platform was linked), whether it is a warning, its icon, the device it came
// from ("Chrome · Linux") and when ("03/09/2026 at 3:04 PM"), in the user's language.
import type { SecurityEvent, SecurityEventType } from '@portal/contract/calls/accounts-activity';
import { normalizePlatformId } from '@portal/contract/data/platform-ids';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import { formatDate } from '../../lib/dates.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';

/** How many events the section asks for (the server's default page). */
export const ACTIVITY_LIMIT = 20;

/** A message and its values, for t(). */
export interface ActivityLabel {
  key: MessageKey;
  values?: Record<string, string>;
}

/** The icon of a row: what kind of event it is. */
export type ActivityIcon = 'sign-in' | 'warning' | 'shield' | 'link' | 'account';

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
    'sign_in' | 'password_changed' | 'email_changed' | 'platform_linked' | 'platform_unlinked'
  >,
  MessageKey
> = {
  sign_in_failed: 'security.activity.signInFailed',
  account_locked: 'security.activity.accountLocked',
  mfa_enabled: 'security.activity.mfaEnabled',
  mfa_disabled: 'security.activity.mfaDisabled',
  account_consolidated: 'security.activity.accountConsolidated',
  account_deleted: 'security.activity.accountDeleted',
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
    default:
      return { key: PLAIN_LABELS[event.type] };
  }
}

/** Failed sign-ins and the lock they cause: someone may be guessing the password. */
export function isWarning(type: SecurityEventType): boolean {
  return type === 'sign_in_failed' || type === 'account_locked';
}

export function activityIcon(type: SecurityEventType): ActivityIcon {
  if (isWarning(type)) return 'warning';
  switch (type) {
    case 'sign_in':
      return 'sign-in';
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
