// Accounts, part 2: the calls of emailed links, made signed out (password recovery, unlocking a
// soft-locked account, friend-request email opt-out).
import { z } from 'zod';
import { defineCall } from './define.ts';
import { deviceData, linkToken, password, tokenAnswer } from './entities.ts';
import { email } from './wire.ts';

export const initRecovery = defineCall({
  id: 'accounts.recoveryInit',
  area: 'accounts',
  method: 'POST',
  path: '/accounts/recovery/init',
  auth: 'public',
  summary: 'Emails a password reset link; answers the same whether or not the address has an account.',
  body: z.object({ email: email() }),
});

export const validateRecovery = defineCall({
  id: 'accounts.recoveryValidate',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/recovery/validate',
  auth: 'public',
  rateLimit: 'sign-in',
  summary: 'Checks that a password reset token is valid and unexpired (else: invalid recovery token).',
  query: z.object({ token: linkToken }),
});

export const finalizeRecovery = defineCall({
  id: 'accounts.recoveryFinalize',
  area: 'accounts',
  method: 'POST',
  path: '/accounts/recovery/finalize',
  auth: 'public',
  rateLimit: 'sign-in',
  summary: 'Sets a new password from a reset token; with auto_login the answer carries a session.',
  body: z.object({
    new_password: password,
    token: linkToken,
    auto_login: z.boolean().default(false),
    device_data: deviceData.optional(),
  }),
  // payload not shown in the spec: chosen {session}, null unless auto_login
  response: z.object({ session: tokenAnswer.nullable() }),
});

export const initUnlock = defineCall({
  id: 'accounts.unlockInit',
  area: 'accounts',
  method: 'POST',
  path: '/accounts/unlock/init',
  auth: 'public',
  summary: 'Emails an unlock link for a soft-locked account.',
  body: z.object({ email: email() }),
});

export const unlock = defineCall({
  id: 'accounts.unlock',
  area: 'accounts',
  method: 'POST',
  path: '/accounts/unlock',
  auth: 'public',
  rateLimit: 'sign-in',
  summary: 'Unlocks a soft-locked account from the emailed link (1058 invalid token, 1221 not locked).',
  body: z.object({ token: linkToken, email: email() }),
});

const preferences = z.object({ friend_request: z.boolean() });

export const getEmailPreferencesByToken = defineCall({
  id: 'accounts.emailPreferencesByToken',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/email_notification_preferences',
  auth: 'public',
  rateLimit: 'sign-in',
  summary: 'The email notification preferences of the account an emailed opt-out link belongs to.',
  query: z.object({ token: linkToken }),
  // payload not shown in the spec: chosen {preferences: {friend_request}}
  response: z.object({ preferences }),
});

export const updateEmailPreferencesByToken = defineCall({
  id: 'accounts.updateEmailPreferencesByToken',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/email_notification_preferences',
  auth: 'public',
  rateLimit: 'sign-in',
  summary: 'Changes email notification preferences from an emailed opt-out link (friend requests).',
  // spec 001 §7 "(token; preferences.friend_request)": the link's token in the query, as GET takes it,
  // or in the body beside {preferences: {friend_request}}; without either the link is invalid (1075)
  query: z.object({
    token: linkToken.optional().describe("The link's token, here or in the body: one of them is needed"),
  }),
  body: z.object({
    token: linkToken.optional().describe("The link's token, here or in the query: one of them is needed"),
    preferences,
  }),
  response: z.object({ preferences }),
});

export const accountsRecovery = {
  initRecovery,
  validateRecovery,
  finalizeRecovery,
  initUnlock,
  unlock,
  getEmailPreferencesByToken,
  updateEmailPreferencesByToken,
};
