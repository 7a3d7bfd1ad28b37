// The call the sign-in page makes first, in a file of its own so the page loads only its schema.
import { z } from 'zod';
import { defineCall } from './define.ts';
import { email } from './wire.ts';

export const loginInfo = defineCall({
  id: 'accounts.loginInfo',
  area: 'accounts',
  method: 'POST',
  path: '/accounts/login_info',
  auth: 'public',
  rateLimit: 'sign-in',
  summary: 'How an email address signs in: with a password, or else with an emailed code.',
  body: z.object({ email: email() }),
  // payload not shown in the spec: chosen {password_set}; an unknown address answers false, like an
  // account without a password, so the answer does not tell whether an account exists.
  response: z.object({ password_set: z.boolean() }),
});
