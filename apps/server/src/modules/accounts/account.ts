// The account as the server's modules see it: the accounts module's own type, which its service
// hands to the other modules (and registerCall to every signed-in call). The repo's rows have this
// shape (checked below), so they are returned as they are read.
import type { StoredPlatformLinks, StoredRestriction } from '../../db/schema.ts';
import type { AccountRow } from './repo.ts';

export interface Account {
  id: string;
  /** The id shown to the player and support (AG...). */
  publicId: string;
  email: string | null;
  /** A new address waiting for its verification; the old one works until then. */
  emailPending: string | null;
  emailVerified: boolean;
  username: string | null;
  usernameUpdatedAt: Date | null;
  /** Display-name changes made: the first is free, each one after it starts the wait (issue 28). */
  usernameChanges: number;
  /** yyyy-MM-dd */
  dateOfBirth: string | null;
  country: string | null;
  territory: string | null;
  locale: string;
  passwordHash: string | null;
  /** When a mailed reset link last set the password; null once the player changes it signed in. */
  passwordResetAt: Date | null;
  stub: boolean;
  completed: boolean;
  registrationFlagged: boolean;
  marketingOptIn: boolean;
  avatarSlug: string | null;
  friendRequestEmails: boolean;
  /** Whether the friends search finds the account by exact email, by exact display name (0021). */
  findableByEmail: boolean;
  findableByUsername: boolean;
  /** Friends, kept by a trigger on friendships (0022). */
  friendCount: number;
  failedSignIns: number;
  lockedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The consented versions of the legal documents. */
  tosVersion: number | null;
  privacyPolicyVersion: number | null;
  /** Two-factor (sealed): the active secret and one waiting for its first code (the mfa module's). */
  mfaSecret: string | null;
  mfaPendingSecret: string | null;
  mfaLastStep: number | null;
  mfaGeneratedAt: Date | null;
  mfaBackupCodesLeft: number;
  /** The platform links as the API shows them (kept by the database from platform_links). */
  platformLinks: StoredPlatformLinks;
  /** Open bans and blocks (kept by the database from account_restrictions; moderation module, ADR 032). */
  restrictions: StoredRestriction[];
}

/** Fails to compile when the table and the type drift apart. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _rowIsAccount: Same<AccountRow, Account> = true;
