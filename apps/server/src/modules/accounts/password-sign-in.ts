// Whether an email and password sign an account in. An unknown email, an account without a
// password and a wrong password all answer invalid_credentials after the same argon2id work, so
// neither the answer nor its timing tells whether an account exists. Consecutive failures
// soft-lock the account (1220); the attempt that locks it mails the unlock link.
import { RequestError } from '../../http/request-error.ts';
import type { Account } from './account.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './password-hasher.ts';
import type { AccountsRepo } from './repo.ts';

export interface PasswordSignInOptions {
  lockThreshold: number;
  /** Mails the unlock link of an account the attempt just locked. */
  onLocked: (account: Account) => Promise<void>;
}

/** A wrong password for an account, and the attempt that locked it (the audit trail hears both). */
export type PasswordFailureObserver = (event: 'failed' | 'locked', account: Account) => void | Promise<void>;

/** The account the password signs in; throws invalid_credentials or account_soft_locked. */
export async function checkPasswordSignIn(
  accounts: AccountsRepo,
  email: string,
  password: string,
  options: PasswordSignInOptions,
  observe?: PasswordFailureObserver,
): Promise<Account> {
  const account = await accounts.findByEmail(email);
  const stored = account?.passwordHash ?? (await decoyHash());
  const matches = await verifyPassword(stored, password);
  if (!account || account.passwordHash === null || account.stub) throw new RequestError('invalid_credentials');
  if (account.lockedAt !== null) throw new RequestError('account_soft_locked', { body: { reset_password: true } });
  if (!matches) {
    const { locked } = await accounts.recordFailedSignIn(account.id, options.lockThreshold);
    await observe?.('failed', account);
    if (locked) {
      await observe?.('locked', account);
      await options.onLocked(account).catch(() => undefined);
      throw new RequestError('account_soft_locked', { body: { reset_password: true } });
    }
    throw new RequestError('invalid_credentials');
  }
  const rehashed = needsRehash(account.passwordHash) ? await hashPassword(password) : undefined;
  // Only write when something changes: failures to forget, or a hash to upgrade.
  if (account.failedSignIns !== 0 || rehashed) await accounts.recordSuccessfulSignIn(account.id, rehashed);
  return account;
}
