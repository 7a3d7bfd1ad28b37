// PUT /accounts/me/username: the rules of spec 000 §5. A name may change once every 30 days (1002,
// with the date it becomes possible); the same name is 1003, a taken one 1000. Until the first
// update the default name from registration applies; every update starts the waiting period.
import { USERNAME_CHANGE_INTERVAL_DAYS } from '@portal/contract/data/constants';
import { RequestError } from '../../http/request-error.ts';
import { canChangeUsername } from './account-view.ts';
import type { Account } from './account.ts';
import type { AccountsRepo } from './repo.ts';
import { usernameInvalidBody, usernameProblem } from './username-rules.ts';
import type { UsernameBounds } from './username-rules.ts';

export async function changeUsername(
  accounts: AccountsRepo,
  account: Account,
  username: string,
  bounds: UsernameBounds,
): Promise<Account> {
  if (account.username === username) throw new RequestError('username_same');
  if (!canChangeUsername(account)) {
    const date = new Date((account.usernameUpdatedAt as Date).getTime() + USERNAME_CHANGE_INTERVAL_DAYS * 86_400_000);
    throw new RequestError('username_cooldown', {
      body: { date: date.toISOString().slice(0, 10), available_at: date.toISOString() },
    });
  }
  const problem = usernameProblem(username, bounds);
  if (problem !== null) throw new RequestError('username_invalid', { body: usernameInvalidBody(problem, bounds) });
  const sameIgnoringCase = account.username?.toLowerCase() === username.toLowerCase();
  if (!sameIgnoringCase && (await accounts.usernameTaken(username))) throw new RequestError('username_not_available');
  const updated = await accounts.setUsername(account.id, username);
  if (!updated) throw new RequestError('auth_expired');
  return updated;
}
