// The accounts module's face to registerCall and to the other modules: the account of a session
// (loaded once per signed-in call), finding an account by address, the password check of a
// sign-in, and the display name. The module's other services are registration-, recovery-,
// verification-, settings-, deletion-, email-preferences- and consents-service.ts.
import type { Account } from './account.ts';
import { checkPasswordSignIn } from './password-sign-in.ts';
import type { PasswordFailureObserver, PasswordSignInOptions } from './password-sign-in.ts';
import { newPublicId } from './public-id.ts';
import type { AccountsRepo } from './repo.ts';
import { changeUsername } from './username-change.ts';
import type { UsernameBounds } from './username-rules.ts';

export type { Account } from './account.ts';
// The public id of a new account (the demo seed's players get one too).
export { newPublicId } from './public-id.ts';
export { avatarImageUrl, DEFAULT_AVATAR_SLUG } from './account-view.ts';
// The age rule other modules apply (who may sign in to a game for a mature audience: oauth).
export { ADULT_AGE, ageOn } from './age-rules.ts';

export interface AccountsOptions extends PasswordSignInOptions {
  usernameBounds: UsernameBounds;
}

export class AccountsService {
  readonly #repo: AccountsRepo;
  readonly #options: AccountsOptions;

  constructor(repo: AccountsRepo, options: AccountsOptions) {
    this.#repo = repo;
    this.#options = options;
  }

  findById(id: string): Promise<Account | undefined> {
    return this.#repo.findById(id);
  }

  findByEmail(email: string): Promise<Account | undefined> {
    return this.#repo.findByEmail(email);
  }

  findByIds(ids: readonly string[]): Promise<Account[]> {
    return this.#repo.findByIds(ids);
  }

  /**
   * A new stub (platform-first) account, for a game that signs in an identity no account has: no
   * email, display name or password until the player completes it or moves it into their account.
   */
  createStub(locale: string): Promise<Account> {
    return this.#repo.insert({ publicId: newPublicId(), stub: true, completed: false, locale });
  }

  /** Removes a stub (a first sign-in that lost the race for its identity to another). */
  removeStub(id: string): Promise<void> {
    return this.#repo.deleteStub(id);
  }

  /**
   * The sweep's hook (issue 19 runs it): removes up to `limit` stubs nobody touched in `idleDays`
   * (STUB_IDLE_DAYS); answers how many went.
   */
  removeIdleStubs(idleDays: number, limit: number, now = new Date()): Promise<number> {
    return this.#repo.deleteIdleStubs(new Date(now.getTime() - idleDays * 86_400_000), limit);
  }

  /** Adds avatars players may pick (slugs in display order; the demo seed's); existing ones keep their place. */
  addAvatars(slugs: readonly string[]): Promise<void> {
    return this.#repo.addAvatars(slugs);
  }

  /** Whether the address signs in with a password (POST /accounts/login_info). */
  /** Sets or clears the registration flag (an operator's action, issue 30). */
  async setRegistrationFlagged(id: string, flagged: boolean): Promise<void> {
    await this.#repo.update(id, { registrationFlagged: flagged });
  }

  /** Lifts a soft lock (an operator's action in the console, issue 33). */
  async clearLock(id: string): Promise<void> {
    await this.#repo.clearLock(id);
  }

  /** Deletes the account as a player's own deletion does, without its mailed code (an operator's action). */
  async delete(account: Account): Promise<void> {
    await this.#repo.delete(account);
  }

  async passwordSet(email: string): Promise<boolean> {
    const account = await this.#repo.findByEmail(email);
    return Boolean(account && !account.stub && account.passwordHash !== null);
  }

  /** The account an email and password sign in (password-sign-in.ts), or the refusal. */
  checkPassword(email: string, password: string, observe?: PasswordFailureObserver): Promise<Account> {
    return checkPasswordSignIn(this.#repo, email, password, this.#options, observe);
  }

  /** PUT /accounts/me/username (username-change.ts). */
  changeUsername(account: Account, username: string): Promise<Account> {
    return changeUsername(this.#repo, account, username, this.#options.usernameBounds);
  }
}
