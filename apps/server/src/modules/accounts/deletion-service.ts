// Deleting an account (spec 000 §5 "Delete account needs an emailed confirmation code"): a code is
// mailed to the account's address, and the code deletes the account, ending every sign-in. The
// address is free for a new account at once, and is told that the account is gone (in the player's
// language, queued in the deletion's transaction: both happen or neither does).
import type { LocaleTag } from '@portal/contract/data/locales';
import { RequestError } from '../../http/request-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { EmailCodesService } from '../email-codes/service.ts';
import { CODE_TTL_MINUTES } from '../email-codes/service.ts';
import type { Account } from './account.ts';
import type { AccountsRepo } from './repo.ts';

export class AccountDeletionService {
  readonly #accounts: AccountsRepo;
  readonly #codes: EmailCodesService;
  readonly #mailer: Mailer;

  constructor(deps: { accounts: AccountsRepo; codes: EmailCodesService; mailer: Mailer }) {
    this.#accounts = deps.accounts;
    this.#codes = deps.codes;
    this.#mailer = deps.mailer;
  }

  async sendCode(account: Account, client: string): Promise<void> {
    if (!account.email) throw new RequestError('missing_email');
    await this.#codes.checkSendLimits('delete_account', account.email, client);
    const email = account.email;
    await this.#mailer.sendWith(async (tx) => ({
      to: email,
      locale: account.locale as LocaleTag,
      template: 'delete_account',
      data: { code: await this.#codes.issue('delete_account', email, tx), minutes: CODE_TTL_MINUTES },
    }));
  }

  async delete(account: Account, code: string): Promise<void> {
    if (!account.email) throw new RequestError('missing_email');
    const email = account.email;
    await this.#codes.consume('delete_account', email, code);
    await this.#mailer.sendWith(async (tx) => {
      await this.#accounts.delete(account, tx);
      return {
        to: email,
        locale: account.locale as LocaleTag,
        template: 'account_deleted',
        data: { date: new Date() },
      };
    });
  }
}
