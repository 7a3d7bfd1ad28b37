// The signed-in player's changes to their own account (spec 000 §2 "Account settings", §5, §6):
// email, password, country, date of birth, language, marketing, avatar and notification mails. Each
// checks its rules and answers the updated account; security-relevant changes mail a notice.
import type { Avatar } from '@portal/contract/calls/entities';
import type { LocaleTag } from '@portal/contract/data/locales';
import { VERIFIED_FOR_MS } from '../../http/call-policies.ts';
import { RequestError } from '../../http/request-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ResolvedSession } from '../sessions/service.ts';
import type { TokenService } from '../sessions/token-service.ts';
import type { Account } from './account.ts';
import { avatarImageUrl } from './account-view.ts';
import { ageCategory, checkLocation } from './age-rules.ts';
import { verifyPassword } from './password-hasher.ts';
import { assertNewPassword, storeNewPassword } from './password-change.ts';
import type { AccountFields, AccountsRepo } from './repo.ts';
import type { VerificationService } from './verification-service.ts';

export interface AccountSettingsDeps {
  accounts: AccountsRepo;
  verification: VerificationService;
  tokens: TokenService;
  mailer: Mailer;
  minAgeOverrides: Record<string, number>;
}

export class AccountSettingsService {
  readonly #d: AccountSettingsDeps;
  constructor(deps: AccountSettingsDeps) {
    this.#d = deps;
  }

  /**
   * Starts an email change: the new address waits in email_pending, gets a code and a link, and the
   * current address (which keeps working until then) gets a notice.
   */
  async changeEmail(account: Account, email: string, client: string): Promise<Account> {
    if (account.email && !account.emailVerified) throw new RequestError('email_verification_required');
    if (account.email?.toLowerCase() === email.toLowerCase()) throw new RequestError('email_not_different');
    const owner = await this.#d.accounts.findByEmail(email);
    if (owner && owner.id !== account.id) throw new RequestError('email_not_available');
    const updated = await this.#d.accounts.update(account.id, { emailPending: email });
    if (!updated) throw new RequestError('auth_expired');
    await this.#d.verification.send(updated, client);
    await this.#d.mailer.notify(account, 'email_changed', { newEmail: email, date: new Date() });
    return updated;
  }

  /**
   * Sets a password (none yet) or changes it (the current one must match: 1049). A first password
   * needs the player proved in the last minutes (an emailed code or a passkey: issue 31, 1015), as the
   * current password proves a change. The rules of sign-up apply and earlier passwords are refused
   * (1004). Optionally ends every other sign-in.
   */
  async changePassword(
    account: Account,
    session: ResolvedSession,
    input: { password?: string | undefined; new_password: string; sign_out_others?: boolean | undefined },
  ): Promise<Account> {
    if (!account.email || !account.emailVerified) throw new RequestError('email_verification_required');
    if (account.passwordHash !== null) {
      const matches = input.password !== undefined && (await verifyPassword(account.passwordHash, input.password));
      if (!matches) throw new RequestError('current_password_incorrect');
    } else if (session.verifiedAt === null || Date.now() - session.verifiedAt.getTime() > VERIFIED_FOR_MS) {
      throw new RequestError('session_verification_required');
    }
    await assertNewPassword(this.#d.accounts, account, input.new_password);
    await storeNewPassword(this.#d, account, input.new_password);
    if (input.sign_out_others) await this.#d.tokens.endAll(account.id, session);
    return this.#reload(account);
  }

  /** A listed, non-embargoed country; the player must still be old enough for it. */
  async changeCountry(account: Account, country: string, territory: string | null | undefined): Promise<Account> {
    checkLocation(country, territory);
    if (account.dateOfBirth) this.#assertOldEnough(account.dateOfBirth, country, territory ?? null);
    return this.#update(account, { country, territory: territory ?? null });
  }

  /** A correction of the date of birth; refused when it would put the player under age (1036). */
  async changeDateOfBirth(account: Account, dateOfBirth: string): Promise<Account> {
    this.#assertOldEnough(dateOfBirth, account.country ?? 'US', account.territory);
    return this.#update(account, { dateOfBirth });
  }

  /** One of the listed languages: the call's schema (PUT /accounts/me/locale) takes no other. */
  async changeLocale(account: Account, locale: LocaleTag): Promise<Account> {
    return this.#update(account, { locale });
  }

  changeMarketing(account: Account, optIn: boolean): Promise<Account> {
    return this.#update(account, { marketingOptIn: optIn });
  }

  changeFriendRequestEmails(account: Account, enabled: boolean): Promise<Account> {
    return this.#update(account, { friendRequestEmails: enabled });
  }

  /** Whether the friends search finds the account by exact email and by exact display name. */
  updateSearchPrivacy(
    account: Account,
    change: Partial<Pick<Account, 'findableByEmail' | 'findableByUsername'>>,
  ): Promise<Account> {
    return this.#update(account, change);
  }

  /** The avatars a player may pick, in display order. */
  async avatars(): Promise<Avatar[]> {
    const slugs = await this.#d.accounts.avatarSlugs();
    return slugs.map((slug) => ({ slug, image_url: avatarImageUrl(slug) }));
  }

  async changeAvatar(account: Account, slug: string): Promise<Account> {
    if (!(await this.#d.accounts.avatarExists(slug)))
      throw new RequestError('invalid_request', {
        body: { issues: [{ path: 'body.avatar', code: 'unknown_avatar', message: 'Choose one of the avatars shown' }] },
      });
    return this.#update(account, { avatarSlug: slug });
  }

  #assertOldEnough(dateOfBirth: string, country: string, territory: string | null): void {
    const { ageGated } = ageCategory({ dateOfBirth, country, territory }, this.#d.minAgeOverrides);
    if (ageGated) throw new RequestError('age_gated');
  }

  async #update(account: Account, fields: AccountFields): Promise<Account> {
    const updated = await this.#d.accounts.update(account.id, fields);
    if (!updated) throw new RequestError('auth_expired');
    return updated;
  }

  async #reload(account: Account): Promise<Account> {
    const row = await this.#d.accounts.findById(account.id);
    if (!row) throw new RequestError('auth_expired');
    return row;
  }
}
