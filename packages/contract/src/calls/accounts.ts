// Accounts, part 1: registration, the signed-out checks and location (spec 001 §7 "Accounts").
// The `accounts` area object (calls/index.ts) gathers this file and accounts-*.ts.
import { z } from 'zod';
import { defineCall } from './define.ts';
import { requireFields } from './documented.ts';
import { account, countryCode, linkToken, locale, password, territoryCode, tokenAnswer, username } from './entities.ts';
import { inUsOnly } from './territory-rule.ts';
import { calendarDateOrDatetime, email, emailCode, queryList } from './wire.ts';
import { loginInfo } from './accounts-sign-in.ts';

export { loginInfo };

const TERMS_MESSAGE = 'Please agree to Terms of Use and acknowledge the Privacy Policy to continue.';
const age = z.number().int().min(1).max(120);

/** The body fields of POST /accounts and POST /accounts/complete (spec 000 §3 "Stub completion payload"). */
export const registrationFields = z.object({
  email: email().optional(),
  username: username.optional(),
  email_code: emailCode().optional(),
  date_of_birth: calendarDateOrDatetime().optional(),
  /** Instead of the date of birth, where the game offers age buttons. */
  age: age.optional(),
  password: password.optional(),
  country: countryCode,
  territory: territoryCode.nullable().optional(),
  locale: locale.optional(),
  marketing_opt_in: z.boolean(),
  tos_consent: z.literal(true, { error: TERMS_MESSAGE }),
});

const ofAge = requireFields(inUsOnly(registrationFields), [{ present: ['date_of_birth'] }, { present: ['age'] }], {
  path: ['date_of_birth'],
  error: 'Enter your date of birth',
});
/** No password or emailed code without an email... */
const emailFirst = requireFields(ofAge, [{ present: ['email'] }, { absent: ['password', 'email_code'] }], {
  path: ['email'],
  error: 'Email is not provided',
});
/**
 * ...and an email with one of them: an account is registered with credentials (an email, proven by
 * its emailed code or with a password) or without any (a game's registration_require_credentials
 * false: spec 000 §4 "Registration steps").
 */
export const registrationBody = requireFields(
  emailFirst,
  [{ absent: ['email'] }, { present: ['password'] }, { present: ['email_code'] }],
  { path: ['email_code'], error: 'Enter the emailed code or a password' },
);
export type RegistrationBody = z.output<typeof registrationBody>;

export const register = defineCall({
  id: 'accounts.register',
  area: 'accounts',
  method: 'POST',
  path: '/accounts',
  auth: 'public',
  rateLimit: 'sign-in',
  summary: 'Creates an account; `options` asks for the account and a refresh token in the answer.',
  query: z.object({ options: queryList(z.enum(['account', 'refresh_token'])) }),
  body: registrationBody,
  response: tokenAnswer,
  status: 201,
  captcha: true,
});

export const complete = defineCall({
  id: 'accounts.complete',
  area: 'accounts',
  method: 'POST',
  path: '/accounts/complete',
  auth: 'token',
  allowStub: true,
  rateLimit: 'sign-in',
  summary: 'Completes the signed-in incomplete or stub account with the registration fields it lacks.',
  body: inUsOnly(registrationFields.partial().required({ tos_consent: true })),
  response: account,
});

export const sendRegistrationEmail = defineCall({
  id: 'accounts.registerEmail',
  area: 'accounts',
  method: 'POST',
  path: '/accounts/register/email',
  auth: 'public',
  summary: 'Emails a registration code to an address that has no account yet.',
  body: z.object({ email: email() }),
});

export const verifyEmail = defineCall({
  id: 'accounts.verifyEmail',
  area: 'accounts',
  method: 'POST',
  path: '/accounts/verify_email',
  auth: 'optional',
  rateLimit: 'sign-in',
  summary: 'Verifies an email address (or a pending new one) by the emailed code or the emailed link token.',
  body: requireFields(
    z.object({ code: emailCode().optional(), token: linkToken.optional() }),
    [{ present: ['code'] }, { present: ['token'] }],
    { error: 'Enter the emailed code' },
  ),
});

export const checkUsername = defineCall({
  id: 'accounts.checkUsername',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/username/check',
  auth: 'public',
  rateLimit: 'checks',
  summary: 'Whether a display name is allowed and free.',
  // payload not shown in the spec: chosen ?username=
  query: z.object({ username }),
  response: z.object({ available: z.boolean() }),
});

export const generateUsername = defineCall({
  id: 'accounts.generateUsername',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/username/generate',
  auth: 'public',
  rateLimit: 'checks',
  summary: 'Suggests a free display name.',
  // payload not shown in the spec: chosen {username}
  response: z.object({ username }),
});

export const checkEmail = defineCall({
  id: 'accounts.checkEmail',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/email/check',
  auth: 'public',
  rateLimit: 'checks',
  summary: 'Whether an email address is free for a new account.',
  // payload not shown in the spec: chosen ?email=
  query: z.object({ email: email() }),
  response: z.object({ available: z.boolean() }),
});

export const checkDateOfBirth = defineCall({
  id: 'accounts.checkDateOfBirth',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/date_of_birth/check',
  auth: 'public',
  summary: 'Whether a date of birth passes the age gate of a country (and US state or territory).',
  // payload not shown in the spec: chosen ?date_of_birth=&country=&territory=
  query: inUsOnly(
    z.object({ date_of_birth: calendarDateOrDatetime(), country: countryCode, territory: territoryCode.optional() }),
  ),
  response: z.object({ passed: z.boolean() }),
});

export const checkAgeCategory = defineCall({
  id: 'accounts.checkAgeCategory',
  area: 'accounts',
  method: 'POST',
  path: '/accounts/age_category/check',
  auth: 'public',
  summary: 'Age gate and adult age gate for an age or date of birth and a location (else the geolocation).',
  // payload not shown in the spec: chosen age_data {date_of_birth | age}, location_data {country, territory}
  body: z.object({
    age_data: requireFields(
      z.object({ date_of_birth: calendarDateOrDatetime().optional(), age: age.optional() }),
      [{ present: ['date_of_birth'] }, { present: ['age'] }],
      { error: 'Enter your date of birth' },
    ).optional(),
    location_data: inUsOnly(
      z.object({ country: countryCode, territory: territoryCode.nullable().optional() }),
    ).optional(),
  }),
  response: z.object({ age_gated: z.boolean(), adult_age_gate: z.boolean() }),
});

export const getLocation = defineCall({
  id: 'accounts.location',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/location',
  auth: 'public',
  summary: 'The country (and US state or territory) the request comes from, else the default country.',
  response: z.object({
    country: z.string().regex(/^[A-Z]{2}$/),
    territory: z
      .string()
      .regex(/^US-[A-Z]{2}$/)
      .nullable(),
  }),
});

export const accountsRegistration = {
  register,
  complete,
  sendRegistrationEmail,
  verifyEmail,
  loginInfo,
  checkUsername,
  generateUsername,
  checkEmail,
  checkDateOfBirth,
  checkAgeCategory,
  getLocation,
};
