// Sign-in with email and password. An unknown email, an account without a password and a wrong
// password all answer invalid_credentials after the same argon2id work, so neither the answer nor
// its timing tells whether an account exists. Consecutive failures soft-lock the account (1220).
import { RequestError } from '../../http/request-error.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../accounts/password-hasher.ts';
import type { AccountRow, AccountsRepo } from '../accounts/repo.ts';
import { signInOf } from './token-service.ts';
import type { IssuedTokens, TokenService } from './token-service.ts';

export class PasswordSignIn {
  readonly #accounts: AccountsRepo;
  readonly #tokens: TokenService;
  readonly #lockThreshold: number;

  readonly #onLocked: (account: AccountRow) => Promise<void>;

  constructor(
    accounts: AccountsRepo,
    tokens: TokenService,
    options: { lockThreshold: number; onLocked: (account: AccountRow) => Promise<void> },
  ) {
    this.#accounts = accounts;
    this.#tokens = tokens;
    this.#lockThreshold = options.lockThreshold;
    this.#onLocked = options.onLocked;
  }

  async signIn(email: string, password: string): Promise<{ tokens: IssuedTokens; account: AccountRow }> {
    const account = await this.#accounts.findByEmail(email);
    const stored = account?.passwordHash ?? (await decoyHash());
    const matches = await verifyPassword(stored, password);
    if (!account || account.passwordHash === null || account.stub) throw new RequestError('invalid_credentials');
    if (account.lockedAt !== null) throw new RequestError('account_soft_locked', { body: { reset_password: true } });
    if (!matches) {
      const { locked } = await this.#accounts.recordFailedSignIn(account.id, this.#lockThreshold);
      if (locked) {
        // The attempt that locks the account mails the unlock link.
        await this.#onLocked(account).catch(() => undefined);
        throw new RequestError('account_soft_locked', { body: { reset_password: true } });
      }
      throw new RequestError('invalid_credentials');
    }
    const rehashed = needsRehash(account.passwordHash) ? await hashPassword(password) : undefined;
    // Only write when something changes: failures to forget, or a hash to upgrade.
    if (account.failedSignIns !== 0 || rehashed) await this.#accounts.recordSuccessfulSignIn(account.id, rehashed);
    const tokens = await this.#tokens.start(signInOf(account));
    return { tokens, account };
  }
}
