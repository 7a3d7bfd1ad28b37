// A new password for an account, by reset link or from the security page: the rules of sign-up
// (1055, 1006), none of the recent passwords (1004), then stored with the old one kept in the
// history, and the account told by mail.
import { RequestError } from '../../http/request-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Account } from './account.ts';
import { hashPassword, verifyPassword } from './password-hasher.ts';
import { assertPasswordAllowed } from './password-rules.ts';
import type { AccountsRepo } from './repo.ts';

/** Throws the error of the first rule the new password breaks. */
export async function assertNewPassword(accounts: AccountsRepo, account: Account, password: string): Promise<void> {
  assertPasswordAllowed(password, account.username);
  for (const earlier of await accounts.recentPasswordHashes(account.id, account.passwordHash)) {
    if (await verifyPassword(earlier, password)) throw new RequestError('password_same');
  }
}

/**
 * Stores a password checked by assertNewPassword and mails the password_changed notice. `byResetLink`:
 * set through a mailed reset link, so it proves no more than the mailbox (ADR 029).
 */
export async function storeNewPassword(
  deps: { accounts: AccountsRepo; mailer: Mailer },
  account: Account,
  password: string,
  byResetLink = false,
): Promise<void> {
  await deps.accounts.setPassword(account.id, account.passwordHash, await hashPassword(password), byResetLink);
  await deps.mailer.notify(account, 'password_changed', { date: new Date() });
}
