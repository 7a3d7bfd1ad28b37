// Password reset and account unlock by mailed links. Requests answer the same whether or not the
// address has an account; only accounts get mail.
import type { LocaleTag } from '@portal/contract/data/locales';
import { RequestError } from '../../http/request-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { EvenTiming } from '../../security/even-timing.ts';
import type { EmailCodesService } from '../email-codes/service.ts';
import { LINK_TTL_MINUTES } from '../link-tokens/service.ts';
import type { LinkTokensService } from '../link-tokens/service.ts';
import type { IssuedTokens, TokenService } from '../sessions/token-service.ts';
import { signInOf } from '../sessions/token-service.ts';
import type { Account } from './account.ts';
import { assertNewPassword, storeNewPassword } from './password-change.ts';
import type { AccountsRepo } from './repo.ts';

export interface RecoveryDeps {
  accounts: AccountsRepo;
  links: LinkTokensService;
  limits: EmailCodesService;
  tokens: TokenService;
  mailer: Mailer;
  publicUrl: string;
  /** Answers for addresses with and without an account take as long (security/even-timing.ts). */
  even: EvenTiming;
}

export class RecoveryService {
  readonly #d: RecoveryDeps;
  constructor(deps: RecoveryDeps) {
    this.#d = deps;
  }

  async sendResetLink(email: string, client: string): Promise<void> {
    const started = performance.now();
    await this.#d.limits.checkSendLimits('recovery', email, client);
    const account = await this.#d.accounts.findByEmail(email);
    if (!account || account.stub || !account.email) return this.#d.even.pad('recovery', performance.now() - started);
    const to = account.email;
    await this.#d.mailer.sendWith(async (tx) => {
      const token = await this.#d.links.issue('recovery', account.id, tx);
      return {
        to,
        locale: account.locale as LocaleTag,
        template: 'password_reset',
        data: { link: `${this.#d.publicUrl}/choose-password?token=${token}`, minutes: LINK_TTL_MINUTES.recovery },
      };
    });
    this.#d.even.known('recovery', performance.now() - started);
  }

  async validateReset(token: string): Promise<string> {
    const found = await this.#d.links.lookup('recovery', token);
    if (found.status !== 'valid') throw refusalOf(found.status);
    return found.accountId;
  }

  /**
   * Sets the new password, lifts a soft lock, signs out everywhere; with autoLogin, signs in (pending
   * two-factor when it is on, and never completed by the mailbox: ADR 029). The link came to the
   * account's address, so using it proves that address: it is verified from now on.
   */
  async reset(
    token: string,
    newPassword: string,
    autoLogin: boolean,
  ): Promise<{ account: Account; tokens: IssuedTokens | null }> {
    const found = await this.#d.links.lookup('recovery', token);
    if (found.status !== 'valid') throw refusalOf(found.status);
    const account = await this.#d.accounts.findById(found.accountId);
    if (!account) throw new RequestError('invalid_recovery_token');
    await assertNewPassword(this.#d.accounts, account, newPassword);
    if (!(await this.#d.links.consume(found.id))) throw new RequestError('recovery_link_used');
    await storeNewPassword(this.#d, account, newPassword, true);
    if (account.email && !account.emailVerified) await this.#d.accounts.markEmailVerified(account.id);
    await this.#d.tokens.endAll(account.id);
    const updated = (await this.#d.accounts.findById(account.id)) ?? account;
    if (!autoLogin) return { account: updated, tokens: null };
    return { tokens: await this.#d.tokens.start(signInOf(updated, 'recovery')), account: updated };
  }

  /** Mails an unlock link to a soft-locked account. */
  async sendUnlockLink(account: Account): Promise<void> {
    if (!account.email) return;
    const to = account.email;
    await this.#d.mailer.sendWith(async (tx) => {
      const token = await this.#d.links.issue('unlock', account.id, tx);
      return {
        to,
        locale: account.locale as LocaleTag,
        template: 'unlock',
        data: {
          link: `${this.#d.publicUrl}/unlock-account?token=${token}&email=${encodeURIComponent(to)}`,
          minutes: LINK_TTL_MINUTES.unlock,
        },
      };
    });
  }

  /** Mails an unlock link when the address has a locked account; the answer takes as long either way. */
  async requestUnlock(email: string, client: string): Promise<void> {
    const started = performance.now();
    await this.#d.limits.checkSendLimits('unlock', email, client);
    const account = await this.#d.accounts.findByEmail(email);
    if (!account?.lockedAt || !account.email) return this.#d.even.pad('unlock', performance.now() - started);
    await this.sendUnlockLink(account);
    this.#d.even.known('unlock', performance.now() - started);
  }

  async unlock(token: string, email: string): Promise<void> {
    const found = await this.#d.links.lookup('unlock', token);
    const account = found.status === 'valid' ? await this.#d.accounts.findById(found.accountId) : undefined;
    if (!account || found.status !== 'valid' || account.email?.toLowerCase() !== email.toLowerCase()) {
      throw new RequestError('invalid_unlock_token');
    }
    if (account.lockedAt === null) throw new RequestError('account_not_locked');
    await this.#d.links.consume(found.id);
    await this.#d.accounts.clearLock(account.id);
  }
}

/** Why a reset link is refused: used already (the player may just sign in), else expired or unknown. */
function refusalOf(status: 'expired' | 'used' | 'unknown'): RequestError {
  return new RequestError(status === 'used' ? 'recovery_link_used' : 'invalid_recovery_token');
}
