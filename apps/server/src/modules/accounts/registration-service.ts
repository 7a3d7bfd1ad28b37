// Creating an account (POST /accounts): location, age, display name, email and credentials are
// checked in that order, each refusal with its own error; then the account, flagged by the
// registration risk signals (modules/risk, issue 30), and a session.
import type {
  checkAgeCategory,
  checkDateOfBirth,
  RegistrationBody,
  registrationFields,
} from '@portal/contract/calls/accounts';
import type { BodyOf, QueryOf } from '@portal/contract/calls/define';
import type { z } from 'zod';
import type { LocaleTag } from '@portal/contract/data/locales';
import type { RequestOrigin } from '../../http/origin.ts';
import { RequestError } from '../../http/request-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { EvenTiming } from '../../security/even-timing.ts';
import { CODE_TTL_MINUTES } from '../email-codes/service.ts';
import type { EmailCodesService } from '../email-codes/service.ts';
import type { RegistrationScreening, RiskService } from '../risk/service.ts';
import type { IssuedTokens, TokenService } from '../sessions/token-service.ts';
import type { Account } from './account.ts';
import { ageCategory, checkLocation, minimumAge, playerAge } from './age-rules.ts';
import type { ConsentsService } from './consents-service.ts';
import { locate } from './location.ts';
import type { Location, LocationOptions, RequestHeaders } from './location.ts';
import { hashPassword } from './password-hasher.ts';
import { assertPasswordAllowed } from './password-rules.ts';
import { newPublicId } from './public-id.ts';
import type { AccountsRepo } from './repo.ts';
import { generateUsername, usernameInvalidBody, usernameProblem } from './username-rules.ts';
import type { UsernameBounds } from './username-rules.ts';

export interface RegistrationOptions {
  usernameBounds: UsernameBounds;
  minAgeOverrides: Record<string, number>;
  location: LocationOptions;
}

export interface RegistrationDeps {
  accounts: AccountsRepo;
  codes: EmailCodesService;
  consents: ConsentsService;
  tokens: TokenService;
  mailer: Mailer;
  /** Answers for addresses with and without an account take as long (security/even-timing.ts). */
  even: EvenTiming;
  /** A stub completed in place: its passwordless device codes sign their devices in (device module). */
  onStubCompleted?: (accountId: string) => Promise<void>;
  /** The registration risk signals that flag a new account (issue 30; modules/risk). */
  risk: RiskService;
}

/** Where a registration comes from, for its risk signals (modules/risk). */
export interface RegistrationRequest {
  origin: RequestOrigin;
  /** X-Hydra-Visitor-Id, when sent. */
  visitorId: string | null;
  /** The captcha's refusal, handed over by registerCall: RISK_CAPTCHA says whether it refuses. */
  captchaRefusal: RequestError | null;
}

const fieldProblem = (path: string, message: string) =>
  new RequestError('invalid_request', { body: { issues: [{ path: `body.${path}`, code: 'custom', message }] } });

export class RegistrationService {
  readonly #accounts: AccountsRepo;
  readonly #codes: EmailCodesService;
  readonly #consents: ConsentsService;
  readonly #tokens: TokenService;
  readonly #mailer: Mailer;
  readonly #even: EvenTiming;
  readonly #risk: RiskService;
  readonly #options: RegistrationOptions;

  constructor(deps: RegistrationDeps, options: RegistrationOptions) {
    this.#accounts = deps.accounts;
    this.#codes = deps.codes;
    this.#consents = deps.consents;
    this.#tokens = deps.tokens;
    this.#mailer = deps.mailer;
    this.#even = deps.even;
    this.#risk = deps.risk;
    this.#onStubCompleted = deps.onStubCompleted;
    this.#options = options;
  }

  readonly #onStubCompleted: ((accountId: string) => Promise<void>) | undefined;

  /** Where the request comes from (GET /accounts/location; location.ts). */
  location(headers: RequestHeaders): Location {
    return locate(headers, this.#options.location);
  }

  /** Mails a registration code; an address that already has an account gets none (same answer). */
  async sendCode(email: string, client: string, locale: LocaleTag): Promise<void> {
    const started = performance.now();
    await this.#codes.checkSendLimits('register', email, client);
    if (await this.#accounts.findByEmail(email)) return this.#even.pad('register', performance.now() - started);
    await this.#mailer.sendWith(async (tx) => ({
      to: email,
      locale,
      template: 'register_code',
      data: { code: await this.#codes.issue('register', email, tx), minutes: CODE_TTL_MINUTES },
    }));
    this.#even.known('register', performance.now() - started);
  }

  async emailAvailable(email: string): Promise<boolean> {
    return !(await this.#accounts.findByEmail(email));
  }

  /** Whether a date of birth is old enough for the country (GET /accounts/check/date_of_birth). */
  dateOfBirthPasses(query: QueryOf<typeof checkDateOfBirth>): boolean {
    checkLocation(query.country, query.territory);
    const age = playerAge({ dateOfBirth: query.date_of_birth });
    return age >= minimumAge(query.country, this.#options.minAgeOverrides);
  }

  /**
   * The age gates of a player (POST /accounts/check/age_category): the location given, else the
   * request's; without an age, nobody is gated but adult games are.
   */
  ageCategory(
    body: BodyOf<typeof checkAgeCategory>,
    headers: RequestHeaders,
  ): { age_gated: boolean; adult_age_gate: boolean } {
    const location = body.location_data ?? this.location(headers);
    checkLocation(location.country, location.territory);
    if (!body.age_data) return { age_gated: false, adult_age_gate: true };
    const result = ageCategory(
      { ...location, dateOfBirth: body.age_data.date_of_birth, age: body.age_data.age },
      this.#options.minAgeOverrides,
    );
    return { age_gated: result.ageGated, adult_age_gate: result.adultAgeGate };
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
   * continue-registration decision) with the fields it lacks, consenting to both documents; a
   * complete account answers 1052.
   */
  async complete(
    account: Account,
    body: Partial<z.output<typeof registrationFields>>,
    locale: LocaleTag,
  ): Promise<Account> {
    if (account.completed && !account.stub) throw new RequestError('stub_completed');
    const country = body.country ?? account.country;
    if (!country) throw new RequestError('age_location_error', { body: { field: 'country' } });
    checkLocation(country, body.territory ?? account.territory);
    // A stub becomes a full account by the rules of registration: an age, and a proven address.
    if (account.stub) {
      if (body.date_of_birth === undefined && body.age === undefined)
        throw fieldProblem('date_of_birth', 'Enter your date of birth');
      if (body.email !== undefined && body.email_code === undefined && body.password === undefined)
        throw fieldProblem('email_code', 'Enter the emailed code or a password');
      if (body.email === undefined && (body.email_code !== undefined || body.password !== undefined))
        throw fieldProblem('email', 'Email is not provided');
    }
    const dateOfBirth = body.date_of_birth ?? account.dateOfBirth ?? undefined;
    if (dateOfBirth !== undefined || body.age !== undefined) {
      const { ageGated } = ageCategory({ dateOfBirth, age: body.age, country }, this.#options.minAgeOverrides);
      if (ageGated) throw new RequestError('age_gated');
    }
    let username = account.username;
    if (body.username !== undefined && body.username !== account.username) {
      const problem = usernameProblem(body.username, this.#options.usernameBounds);
      if (problem !== null)
        throw new RequestError('username_invalid', {
          body: usernameInvalidBody(problem, this.#options.usernameBounds),
        });
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
    const consented = await this.#consents.consentToAll(updated);
    if (account.stub) await this.#onStubCompleted?.(account.id);
    return consented;
  }

  /**
   * Creates the account, consenting to both documents, and signs it in. The registration risk
   * signals (modules/risk) flag the account in its insert; a refused captcha refuses the
   * registration first, unless RISK_CAPTCHA=flag lets it through flagged.
   */
  async register(
    body: RegistrationBody,
    locale: LocaleTag,
    request: RegistrationRequest,
  ): Promise<{ tokens: IssuedTokens; account: Account }> {
    const captchaRefused = this.#risk.admitCaptcha(request.captchaRefusal, body.email !== undefined);
    const created = await this.#create(body, locale, request, captchaRefused);
    await this.#risk.registered(created.account.id, created.screening, request.origin);
    const account = await this.#consents.consentToAll(created.account);
    return { tokens: await this.#tokens.start({ account }), account };
  }

  async #create(
    body: RegistrationBody,
    locale: LocaleTag,
    request: RegistrationRequest,
    captchaRefused: boolean,
  ): Promise<{ account: Account; screening: RegistrationScreening }> {
    checkLocation(body.country, body.territory);
    const { ageGated } = ageCategory(
      { dateOfBirth: body.date_of_birth, age: body.age, country: body.country },
      this.#options.minAgeOverrides,
    );
    if (ageGated) throw new RequestError('age_gated');

    const username = body.username ?? (await this.suggestUsername());
    const problem = usernameProblem(username, this.#options.usernameBounds);
    if (problem !== null) {
      throw new RequestError('username_invalid', { body: usernameInvalidBody(problem, this.#options.usernameBounds) });
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

    const screening = await this.#risk.screen({
      email: body.email ?? null,
      emailProven: emailVerified,
      ip: request.origin.ip,
      visitorId: request.visitorId,
      captchaRefused,
    });
    try {
      const account = await this.#accounts.insert({
        publicId: newPublicId(),
        email: body.email ?? null,
        emailVerified,
        registrationFlagged: screening.flagged,
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
      return { account, screening };
    } catch (error) {
      // Two registrations raced for the same address or name: the unique indexes decide.
      const text = String((error as { cause?: unknown }).cause ?? error);
      if (text.includes('accounts_email_idx')) throw new RequestError('email_not_available');
      if (text.includes('accounts_username_idx')) throw new RequestError('username_not_available');
      throw error;
    }
  }
}
