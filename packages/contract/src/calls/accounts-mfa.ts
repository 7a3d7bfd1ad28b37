// Accounts, part 4: two-factor authentication and its backup codes. Setting it up needs a verified
// email and a password (spec 000 §6).
import { z } from 'zod';
import { defineCall } from './define.ts';
import { account, totpCode } from './entities.ts';
import { datetime } from './wire.ts';

/** The backup codes, each usable once in place of an authenticator code. */
export const backupCodes = z.object({
  backup_codes: z.array(z.object({ code: z.string(), used: z.boolean() })),
  generated_at: datetime(),
});
export type BackupCodes = z.output<typeof backupCodes>;

export const startMfa = defineCall({
  id: 'accounts.mfaStart',
  area: 'accounts',
  method: 'POST',
  path: '/accounts/me/mfa',
  auth: 'token',
  // Issue 31: the password (or a passkey) just before; the first code then proves the new secret.
  recentVerification: 'credential',
  summary:
    'Starts two-factor setup, after the password or a passkey in the last 10 minutes: a new authenticator secret, ' +
    'active once confirmed by a code (1010, 1011).',
  // payload not shown in the spec: chosen {secret (base32), otpauth_uri} for the authenticator app
  response: z.object({
    secret: z.string().regex(/^[A-Z2-7]{16,128}$/),
    otpauth_uri: z.string().startsWith('otpauth://totp/'),
  }),
});

export const activateMfa = defineCall({
  id: 'accounts.mfaActivate',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/mfa/activate',
  auth: 'token',
  rateLimit: 'sign-in',
  summary: 'Turns two-factor on with a first authenticator code; answers the new backup codes.',
  body: z.object({ code: totpCode }),
  // payload not shown in the spec: chosen the backup codes, shown once in the new backup codes modal
  response: backupCodes,
});

export const removeMfa = defineCall({
  id: 'accounts.mfaRemove',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/mfa/remove',
  auth: 'token',
  recentVerification: true,
  summary: 'Turns two-factor off; the session must have been verified (PUT /sessions/me/verify) just before.',
  // payload not shown in the spec: chosen no body, the code being checked by PUT /sessions/me/verify
  response: account,
});

export const regenerateBackupCodes = defineCall({
  id: 'accounts.mfaRegenerateBackupCodes',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/mfa/backup_codes',
  auth: 'token',
  rateLimit: 'sign-in',
  summary: 'Replaces the backup codes, confirmed by an authenticator code.',
  body: z.object({ code: totpCode }),
  response: backupCodes,
});

export const getBackupCodes = defineCall({
  id: 'accounts.mfaBackupCodes',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/me/mfa/backup_codes',
  auth: 'token',
  rateLimit: 'sign-in',
  summary: 'Shows the backup codes, confirmed by an authenticator code.',
  query: z.object({ code: totpCode }),
  response: backupCodes,
});

export const accountsMfa = { startMfa, activateMfa, removeMfa, regenerateBackupCodes, getBackupCodes };
