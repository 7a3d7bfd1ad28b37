// The accounts module's face to registerCall and to the other modules: reading an account (the
// account of every signed-in call is loaded here, once) and changing its display name.
import type { AccountRow, AccountsRepo } from './repo.ts';
import { changeUsername } from './username-change.ts';
import type { UsernameBounds } from './username-rules.ts';

export type { AccountRow } from './repo.ts';
// The age rule other modules apply (who may sign in to a game for a mature audience: oauth).
export { ADULT_AGE, ageOn } from './age-rules.ts';

export class AccountsService {
  readonly #repo: AccountsRepo;
  readonly #usernameBounds: UsernameBounds;

  constructor(repo: AccountsRepo, options: { usernameBounds: UsernameBounds }) {
    this.#repo = repo;
    this.#usernameBounds = options.usernameBounds;
  }

  findById(id: string): Promise<AccountRow | undefined> {
    return this.#repo.findById(id);
  }

  findByEmail(email: string): Promise<AccountRow | undefined> {
    return this.#repo.findByEmail(email);
  }

  /** PUT /accounts/me/username (username-change.ts). */
  changeUsername(account: AccountRow, username: string): Promise<AccountRow> {
    return changeUsername(this.#repo, account, username, this.#usernameBounds);
  }
}
