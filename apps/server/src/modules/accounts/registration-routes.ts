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
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { ageCategory, checkLocation, minimumAge, parseMinAgeOverrides, playerAge } from './age-rules.ts';
import { locate } from './location.ts';

export function registerRegistration(app: FastifyInstance, services: Services) {
  const { config, accounts, consents, registration, tokens, tokenAnswer } = services;
  const minAgeOverrides = parseMinAgeOverrides(config.MIN_AGE_BY_COUNTRY);

  // The captcha (X-Captcha-Response) is the call's policy: registerCall checks it.
  registerCall(app, register, async ({ body, request }) => {
    const registered = await registration.register(body, request.ctx.locale);
    const account = await consents.consent(await consents.consent(registered, 'tos'), 'privacy_policy');
    return tokenAnswer(await tokens.start({ accountId: account.id }), account);
  });

  registerCall(app, checkUsername, async ({ query }) => ({
    available: await registration.usernameAvailable(query.username),
  }));
  registerCall(app, complete, async ({ body, request, account }) => {
    const completed = await registration.complete(account, body, request.ctx.locale);
    return consents.view(await consents.consent(await consents.consent(completed, 'tos'), 'privacy_policy'));
  });
  registerCall(app, generateUsername, async () => ({ username: await registration.suggestUsername() }));
  registerCall(app, checkEmail, async ({ query }) => ({ available: !(await accounts.findByEmail(query.email)) }));

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

  registerCall(app, loginInfo, async ({ body }) => {
    const account = await accounts.findByEmail(body.email);
    return { password_set: Boolean(account && !account.stub && account.passwordHash !== null) };
  });
}
