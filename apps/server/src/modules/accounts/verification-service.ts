// Email verification: a code and a link mailed to the unverified (or pending new) address. The code
// needs the signed-in account; the link works on its own. Verifying a pending address makes it the
// account's address; a registration-flagged account is cleared by verifying.
import type { LocaleTag } from '@portal/contract/data/locales';
import { RequestError } from '../../http/request-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { EmailCodesService } from '../email-codes/service.ts';
import { CODE_TTL_MINUTES } from '../email-codes/service.ts';
import type { LinkTokensService } from '../link-tokens/service.ts';
import type { Account } from './account.ts';
import type { AccountsRepo } from './repo.ts';

export class VerificationService {
  readonly #accounts: AccountsRepo;
  readonly #codes: EmailCodesService;
  readonly #links: LinkTokensService;
  readonly #mailer: Mailer;
  readonly #publicUrl: string;

  constructor(deps: {
    accounts: AccountsRepo;
    codes: EmailCodesService;
    links: LinkTokensService;
    mailer: Mailer;
    publicUrl: string;
  }) {
    this.#accounts = deps.accounts;
    this.#codes = deps.codes;
    this.#links = deps.links;
    this.#mailer = deps.mailer;
    this.#publicUrl = deps.publicUrl;
  }

  #target(account: Account): string {
    const target = account.emailPending ?? account.email;
    if (!target) throw new RequestError('missing_email');
    if (!account.emailPending && account.emailVerified) throw new RequestError('email_already_verified');
    return target;
  }

  async send(account: Account, client: string): Promise<void> {
    const target = this.#target(account);
    await this.#codes.checkSendLimits('verify_email', target, client);
    await this.#mailer.sendWith(async (tx) => {
      const code = await this.#codes.issue('verify_email', target, tx);
      const token = await this.#links.issue('verify_email', account.id, tx);
      return {
        to: target,
        locale: account.locale as LocaleTag,
        template: 'verify_email',
        data: { code, link: `${this.#publicUrl}/verify-email?token=${token}`, minutes: CODE_TTL_MINUTES },
      };
    });
  }

  /**
   * Verifies the address by the link's token or the signed-in account's code; answers the account and
   * whether a pending new address became its address (an email change done: audited by the caller).
   */
  async verify(
    input: { code?: string | undefined; token?: string | undefined },
    signedIn: Account | undefined,
  ): Promise<{ accountId: string; emailChanged: boolean }> {
    let account = signedIn;
    if (input.token !== undefined) {
      const found = await this.#links.lookup('verify_email', input.token);
      if (found.status !== 'valid') throw new RequestError('email_verification_token_invalid');
      account = await this.#accounts.findById(found.accountId);
      if (!account) throw new RequestError('email_verification_token_invalid');
      const target = this.#target(account);
      await this.#links.consume(found.id);
      return this.#confirm(account, target);
    }
    if (!account) throw new RequestError('unauthorized');
    const target = this.#target(account);
    await this.#codes.consume('verify_email', target, input.code ?? '');
    return this.#confirm(account, target);
  }

  async #confirm(account: Account, target: string): Promise<{ accountId: string; emailChanged: boolean }> {
    if (account.emailPending) {
      const owner = await this.#accounts.findByEmail(target);
      if (owner && owner.id !== account.id) throw new RequestError('email_not_available');
    }
    await this.#accounts.confirmEmail(account.id, target);
    return { accountId: account.id, emailChanged: account.emailPending !== null };
  }

  async cancelPending(account: Account): Promise<void> {
    if (!account.emailPending) throw new RequestError('no_email_pending');
    await this.#accounts.cancelPendingEmail(account.id);
  }
}
