// The signed-in account's recent activity (issue 19): its security events, newest first, as the
// portal records them (the audit trail operators read with `npm run admin -- audit`). Not in the
// spec; docs/spec-deviations.md.
import { z } from 'zod';
import { defineCall } from './define.ts';
import { datetime, queryInt } from './wire.ts';

export const SECURITY_EVENT_TYPES = [
  'sign_in',
  'sign_in_failed',
  'account_locked',
  'password_changed',
  'email_changed',
  'mfa_enabled',
  'mfa_disabled',
  'platform_linked',
  'platform_unlinked',
  'account_consolidated',
  'account_deleted',
  // An operator's actions the player sees (issue 30), without the operator's name.
  'account_banned',
  'account_unbanned',
  'account_blocked',
  'account_unblocked',
  'signed_out_everywhere',
  // The player ended sign-ins from /security (issue 31): `method` 'one' or 'others'.
  'sign_in_ended',
  // The player revoked a game's access (issue 31); client_name names the game.
  'game_access_revoked',
  // A passkey added or removed (issue 31, ADR 036).
  'passkey_added',
  'passkey_removed',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/**
 * How a sign-in happened: the portal's own ways, a platform's, or a game's (authorization or device).
 * A sign-in with two-factor on is named by the step that finished it: `authenticator`, `backup_code`,
 * or `email_code` ("try another way").
 */
export const SIGN_IN_METHODS = [
  'password',
  'email_code',
  'authenticator',
  'backup_code',
  'platform',
  'game',
  'device',
  'passkey',
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** The two events of an email change: asked for (the new address mailed), then verified (in use). */
export const EMAIL_CHANGE_METHODS = ['requested', 'verified'] as const;
export type EmailChangeMethod = (typeof EMAIL_CHANGE_METHODS)[number];

export const securityEvent = z.object({
  type: z.enum(SECURITY_EVENT_TYPES),
  /**
   * A sign-in's method (SIGN_IN_METHODS, or the platform of a platform sign-in), the platform of a
   * link or unlink, an email change's step (EMAIL_CHANGE_METHODS; none before issue 28: asked for),
   * `recovery` for a password reset.
   */
  method: z.string().nullable(),
  created_at: datetime(),
  /** The address the request came from, as the portal saw it (behind TRUST_PROXY, the client's). */
  ip: z.string().nullable(),
  /** The browser and system of the request, read from its User-Agent ("Firefox", "Windows"). */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** The game that signed in (its OAuth client's name), for a game's or a device's sign-in. */
  client_name: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEvent>;

export const getRecentActivity = defineCall({
  id: 'accounts.recentActivity',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/me/activity',
  auth: 'token',
  summary: "The account's security events of the last AUDIT_RETENTION_DAYS, newest first (recent activity).",
  query: z.object({ limit: queryInt(1, 50).default(20) }),
  response: z.object({ items: z.array(securityEvent) }),
});

export const accountsActivity = { getRecentActivity };
