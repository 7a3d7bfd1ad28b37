// An account as the contract's `account` object (spec 001 §3 "Account (as returned)").
import type { Account as WireAccount } from '@portal/contract/calls/entities';
import { DEFAULT_AVATAR, USERNAME_CHANGE_INTERVAL_DAYS } from '@portal/contract/data/constants';
import type { Account } from './account.ts';

const DAY_MS = 86_400_000;

/** The slug of the avatar an account has until it picks one. */
export const DEFAULT_AVATAR_SLUG = 'default';

/** Where an avatar's image is served (apps/web/public/avatars). */
export function avatarImageUrl(slug: string): string {
  return `/avatars/${slug === DEFAULT_AVATAR_SLUG ? DEFAULT_AVATAR : `${slug}.png`}`;
}

/** How many display-name changes are free: they do not start the wait (issue 28, Xbox's rule). */
export const FREE_USERNAME_CHANGES = 1;

/**
 * Whether the display name may change now: the first change is free, and each one after it starts
 * a wait of USERNAME_CHANGE_INTERVAL_DAYS.
 */
export function canChangeUsername(
  row: Pick<Account, 'usernameUpdatedAt' | 'usernameChanges'>,
  now = new Date(),
): boolean {
  return (
    row.usernameUpdatedAt === null ||
    row.usernameChanges <= FREE_USERNAME_CHANGES ||
    now.getTime() - row.usernameUpdatedAt.getTime() >= USERNAME_CHANGE_INTERVAL_DAYS * DAY_MS
  );
}

/** The stored links as the contract's `links` (a lock's end becomes a date). */
function wireLinks(stored: Account['platformLinks']): WireAccount['links'] {
  const links: WireAccount['links'] = {};
  for (const [platform, link] of Object.entries(stored)) {
    links[platform as keyof WireAccount['links']] = {
      auth_id: link.auth_id,
      last_seen_username: link.last_seen_username,
      pending: link.pending,
      refresh_required: link.refresh_required,
      locked_until: link.locked_until === null ? null : new Date(link.locked_until),
    };
  }
  return links;
}

export function toAccount(row: Account): WireAccount {
  return {
    id: row.id,
    public_id: row.publicId,
    email: row.email,
    email_pending: row.emailPending,
    username: row.username,
    date_of_birth: row.dateOfBirth,
    email_verified: row.emailVerified,
    // Versioned consents arrive with the consent work; until then nothing new needs consent.
    tos_consent_required: false,
    privacy_policy_consent_required: false,
    password_set: row.passwordHash !== null,
    stub: row.stub,
    completed: row.completed,
    mfa_active: row.mfaSecret !== null,
    mfa: row.mfaSecret !== null ? { backup_codes: row.mfaBackupCodesLeft } : null,
    mfa_generated_at: row.mfaSecret !== null ? row.mfaGeneratedAt : null,
    registration_flagged: row.registrationFlagged,
    links: wireLinks(row.platformLinks),
    identity_links: [],
    avatar: {
      slug: row.avatarSlug ?? DEFAULT_AVATAR_SLUG,
      image_url: avatarImageUrl(row.avatarSlug ?? DEFAULT_AVATAR_SLUG),
    },
    locale: row.locale as WireAccount['locale'],
    country: row.country,
    territory: row.territory,
    username_updated_at: row.usernameUpdatedAt,
    can_change_username: canChangeUsername(row),
    username_change_free: row.usernameChanges < FREE_USERNAME_CHANGES,
    marketing_opt_in: row.marketingOptIn,
    game_links: [],
    email_notification_preferences: { friend_request: row.friendRequestEmails },
  };
}
