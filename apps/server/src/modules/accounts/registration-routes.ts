// Registration and the checks a signed-out visitor makes on the way (spec 001 §7 "Accounts").
import {
  checkAgeCategory,
  checkDateOfBirth,
  checkEmail,
  checkUsername,
  complete,
  generateUsername,
  loginInfo,
  register,
} from '@portal/contract/calls/accounts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { createCaptchaVerifier } from '../captcha/verifier.ts';
import { EmailCodes } from '../email-codes/service.ts';
import { tokenAnswer } from '../sessions/token-answer.ts';
import { ageCategory, checkLocation, minimumAge, parseMinAgeOverrides, playerAge } from './age-rules.ts';
import { locate } from './location.ts';
import { Registration } from './registration.ts';
import { AccountsRepo } from './repo.ts';
import { signedInAccount } from './signed-in.ts';

export function registerRegistration(app: FastifyInstance, deps: Deps) {
  const { config } = deps;
  const accounts = new AccountsRepo(deps.db.orm);
  const consents = deps.consents;
  const minAgeOverrides = parseMinAgeOverrides(config.MIN_AGE_BY_COUNTRY);
  const registration = new Registration(accounts, EmailCodes.of(deps), {
    usernameBounds: { min: config.USERNAME_MIN_LENGTH, max: config.USERNAME_MAX_LENGTH },
    minAgeOverrides,
  });
  const captcha = createCaptchaVerifier(config.CAPTCHA_PROVIDER, config.CAPTCHA_SECRET);
  const checksLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

  registerCall(
    app,
    register,
    async ({ body, request }) => {
      const header = request.headers['x-captcha-response'];
      await captcha.verify(typeof header === 'string' ? header : undefined, request.ip);
      const registered = await registration.register(body, request.ctx.locale);
      const account = await consents.consent(await consents.consent(registered, 'tos'), 'privacy_policy');
      return tokenAnswer(await deps.tokens.start({ accountId: account.id }), account, consents);
    },
    { rateLimit: { max: config.SIGN_IN_PER_MINUTE, timeWindow: 60_000 } },
  );

  registerCall(
    app,
    checkUsername,
    async ({ query }) => ({ available: await registration.usernameAvailable(query.username) }),
    checksLimit,
  );
  registerCall(
    app,
    complete,
    async ({ body, request }) => {
      const account = await signedInAccount(accounts, request);
      const completed = await registration.complete(account, body, request.ctx.locale);
      return consents.view(await consents.consent(await consents.consent(completed, 'tos'), 'privacy_policy'));
    },
    { rateLimit: { max: config.SIGN_IN_PER_MINUTE, timeWindow: 60_000 } },
  );
  registerCall(app, generateUsername, async () => ({ username: await registration.suggestUsername() }), checksLimit);
  registerCall(
    app,
    checkEmail,
    async ({ query }) => ({ available: !(await accounts.findByEmail(query.email)) }),
    checksLimit,
  );

  registerCall(app, checkDateOfBirth, async ({ query }) => {
    checkLocation(query.country, query.territory);
    const age = playerAge({ dateOfBirth: query.date_of_birth });
    return { passed: age >= minimumAge(query.country, minAgeOverrides) };
  });

  registerCall(app, checkAgeCategory, async ({ body, request }) => {
    const location = body.location_data ?? {
      ...locate(request, {
        countryHeader: config.GEO_COUNTRY_HEADER,
        subdivisionHeader: config.GEO_SUBDIVISION_HEADER,
        defaultCountry: config.DEFAULT_COUNTRY,
      }),
    };
    checkLocation(location.country, location.territory);
    if (!body.age_data) return { age_gated: false, adult_age_gate: true };
    const result = ageCategory(
      { ...location, dateOfBirth: body.age_data.date_of_birth, age: body.age_data.age },
      minAgeOverrides,
    );
    return { age_gated: result.ageGated, adult_age_gate: result.adultAgeGate };
  });

  registerCall(
    app,
    loginInfo,
    async ({ body }) => {
      const account = await accounts.findByEmail(body.email);
      return { password_set: Boolean(account && !account.stub && account.passwordHash !== null) };
    },
    { rateLimit: { max: config.SIGN_IN_PER_MINUTE, timeWindow: 60_000 } },
  );
}
