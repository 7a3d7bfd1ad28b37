// Creating an account (POST /accounts): location, age, display name, email and credentials are
// checked in that order, each refusal with its own error; then the account and a session.
import { randomBytes } from 'node:crypto';
import type { RegistrationBody, registrationFields } from '@portal/contract/calls/accounts';
import type { z } from 'zod';
import type { LocaleTag } from '@portal/contract/data/locales';
import { RequestError } from '../../http/request-error.ts';
import type { EmailCodes } from '../email-codes/service.ts';
import { ageCategory, checkLocation } from './age-rules.ts';
import { hashPassword } from './password-hasher.ts';
import { passwordProblem } from './password-rules.ts';
import type { AccountRow, AccountsRepo } from './repo.ts';
import { generateUsername, usernameProblem } from './username-rules.ts';
import type { UsernameBounds } from './username-rules.ts';

export interface RegistrationOptions {
  usernameBounds: UsernameBounds;
  minAgeOverrides: Record<string, number>;
}

const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newPublicId(): string {
  return `AG${[...randomBytes(10)].map((b) => BASE32[b % 32]).join('')}`;
}

/** Throws the error of the first password rule broken. */
export function assertPasswordAllowed(password: string, displayName: string | null): void {
  const problem = passwordProblem(password, displayName);
  if (problem === 'contains_display_name') throw new RequestError('password_contains_display_name');
  if (problem !== null) throw new RequestError('weak_password', { body: { reason: problem } });
}

export class Registration {
  readonly #accounts: AccountsRepo;
  readonly #codes: EmailCodes;
  readonly #options: RegistrationOptions;

  constructor(accounts: AccountsRepo, codes: EmailCodes, options: RegistrationOptions) {
    this.#accounts = accounts;
    this.#codes = codes;
    this.#options = options;
  }

  /** A free display name that passes the rules. */
  async suggestUsername(): Promise<string> {
    for (let i = 0; i < 20; i++) {
      const name = generateUsername(this.#options.usernameBounds);
      if (!(await this.#accounts.usernameTaken(name))) return name;
    }
    throw new RequestError('username_not_available');
  }

  async usernameAvailable(name: string): Promise<boolean> {
    return usernameProblem(name, this.#options.usernameBounds) === null && !(await this.#accounts.usernameTaken(name));
  }

  /**
   * Completes an incomplete or stub account (POST /accounts/complete; rule 11 of the
   * continue-registration decision) with the fields it lacks; a complete account answers 1052.
   */
  async complete(
    account: AccountRow,
    body: Partial<z.output<typeof registrationFields>>,
    locale: LocaleTag,
  ): Promise<AccountRow> {
    if (account.completed && !account.stub) throw new RequestError('stub_completed');
    const country = body.country ?? account.country;
    if (!country) throw new RequestError('age_location_error', { body: { field: 'country' } });
    checkLocation(country, body.territory ?? account.territory);
    const dateOfBirth = body.date_of_birth ?? account.dateOfBirth ?? undefined;
    if (dateOfBirth !== undefined || body.age !== undefined) {
      const { ageGated } = ageCategory({ dateOfBirth, age: body.age, country }, this.#options.minAgeOverrides);
      if (ageGated) throw new RequestError('age_gated');
    }
    let username = account.username;
    if (body.username !== undefined && body.username !== account.username) {
      if (usernameProblem(body.username, this.#options.usernameBounds) !== null)
        throw new RequestError('username_invalid');
      if (await this.#accounts.usernameTaken(body.username)) throw new RequestError('username_not_available');
      username = body.username;
    }
    username ??= await this.suggestUsername();
    let email = account.email;
    let emailVerified = account.emailVerified;
    if (body.email !== undefined && body.email.toLowerCase() !== account.email?.toLowerCase()) {
      const owner = await this.#accounts.findByEmail(body.email);
      if (owner && owner.id !== account.id) throw new RequestError('email_not_available');
      email = body.email;
      emailVerified = false;
      if (body.email_code !== undefined) {
        await this.#codes.consume('register', body.email, body.email_code);
        emailVerified = true;
      }
    }
    if (body.password !== undefined) assertPasswordAllowed(body.password, username);
    const updated = await this.#accounts.update(account.id, {
      email,
      emailVerified,
      username,
      dateOfBirth: dateOfBirth ?? null,
      country,
      territory: body.territory ?? account.territory,
      locale: body.locale ?? account.locale ?? locale,
      marketingOptIn: body.marketing_opt_in ?? account.marketingOptIn,
      ...(body.password !== undefined ? { passwordHash: await hashPassword(body.password) } : {}),
      completed: true,
      stub: false,
    });
    if (!updated) throw new RequestError('auth_expired');
    return updated;
  }

  async register(body: RegistrationBody, locale: LocaleTag): Promise<AccountRow> {
    checkLocation(body.country, body.territory);
    const { ageGated } = ageCategory(
      { dateOfBirth: body.date_of_birth, age: body.age, country: body.country },
      this.#options.minAgeOverrides,
    );
    if (ageGated) throw new RequestError('age_gated');

    const username = body.username ?? (await this.suggestUsername());
    if (usernameProblem(username, this.#options.usernameBounds) !== null) {
      throw new RequestError('username_invalid', {
        body: { min: this.#options.usernameBounds.min, max: this.#options.usernameBounds.max },
      });
    }
    if (await this.#accounts.usernameTaken(username)) throw new RequestError('username_not_available');

    let emailVerified = false;
    if (body.email !== undefined) {
      if (await this.#accounts.findByEmail(body.email)) throw new RequestError('email_not_available');
      if (body.password !== undefined) assertPasswordAllowed(body.password, username);
      if (body.email_code !== undefined) {
        await this.#codes.consume('register', body.email, body.email_code);
        emailVerified = true;
      }
    }

    try {
      return await this.#accounts.insert({
        publicId: newPublicId(),
        email: body.email ?? null,
        emailVerified,
        username,
        usernameUpdatedAt: null,
        dateOfBirth: body.date_of_birth ?? null,
        country: body.country,
        territory: body.territory ?? null,
        locale: body.locale ?? locale,
        passwordHash: body.password !== undefined ? await hashPassword(body.password) : null,
        completed: true,
        marketingOptIn: body.marketing_opt_in,
      });
    } catch (error) {
      // Two registrations raced for the same address or name: the unique indexes decide.
      const text = String((error as { cause?: unknown }).cause ?? error);
      if (text.includes('accounts_email_idx')) throw new RequestError('email_not_available');
      if (text.includes('accounts_username_idx')) throw new RequestError('username_not_available');
      throw error;
    }
  }
}
