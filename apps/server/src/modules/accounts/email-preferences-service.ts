// Email notification preferences (friend-request mails). Every such mail carries an opt-out link
// with a token that works without signing in, for LINK_TTL_MINUTES.email_preferences (90 days),
// and as often as the player likes; the signed-in account page changes the same setting.
import type { LocaleTag } from '@portal/contract/data/locales';
import { RequestError } from '../../http/request-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { LinkTokensService } from '../link-tokens/service.ts';
import type { Account } from './account.ts';
import type { AccountsRepo } from './repo.ts';

export interface Preferences {
  friend_request: boolean;
}

export class EmailPreferencesService {
  readonly #accounts: AccountsRepo;
  readonly #links: LinkTokensService;
  readonly #mailer: Mailer;
  readonly #publicUrl: string;

  constructor(deps: { accounts: AccountsRepo; links: LinkTokensService; mailer: Mailer; publicUrl: string }) {
    this.#accounts = deps.accounts;
    this.#links = deps.links;
    this.#mailer = deps.mailer;
    this.#publicUrl = deps.publicUrl;
  }

  /** The opt-out link of a mail to this account. */
  async optOutUrl(account: Account): Promise<string> {
    return this.#optOutPage(await this.#links.issue('email_preferences', account.id));
  }

  #optOutPage(token: string): string {
    return `${this.#publicUrl}/email-notifications?token=${token}`;
  }

  /**
   * Mails a friend request (unless the player turned these mails off), with its opt-out link, and
   * the one-click opt-out of RFC 8058 for the mail client (List-Unsubscribe with
   * List-Unsubscribe-Post: the opt-out happens on POST /mail/unsubscribe only, so a scanner that
   * follows links changes nothing). Both carry the same token.
   */
  async sendFriendRequest(to: Account, from: { username: string }): Promise<boolean> {
    if (!to.email || !to.friendRequestEmails) return false;
    const address = to.email;
    await this.#mailer.sendWith(async (tx) => {
      const token = await this.#links.issue('email_preferences', to.id, tx);
      return {
        to: address,
        locale: to.locale as LocaleTag,
        template: 'friend_request',
        data: {
          username: from.username,
          link: `${this.#publicUrl}/friend-request`,
          optOutUrl: this.#optOutPage(token),
        },
        headers: {
          'List-Unsubscribe': `<${this.#publicUrl}/mail/unsubscribe?token=${token}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    });
    return true;
  }

  /** The one-click opt-out (RFC 8058): friend-request mails off for the token's account. */
  async unsubscribe(token: string): Promise<void> {
    await this.updateByToken(token, { friend_request: false });
  }

  async byToken(token: string): Promise<{ account: Account; preferences: Preferences }> {
    const found = await this.#links.lookup('email_preferences', token);
    const account = found.status === 'valid' ? await this.#accounts.findById(found.accountId) : undefined;
    if (!account) throw new RequestError('link_invalid');
    return { account, preferences: { friend_request: account.friendRequestEmails } };
  }

  async updateByToken(token: string, preferences: Preferences): Promise<Preferences> {
    const { account } = await this.byToken(token);
    const updated = await this.#accounts.update(account.id, { friendRequestEmails: preferences.friend_request });
    if (!updated) throw new RequestError('link_invalid');
    return { friend_request: updated.friendRequestEmails };
  }
}
