// Sessions, part 2: completing a sign-in pending two-factor and verifying the signed-in player again.
// Apart from the sign-in calls so that the sign-in page's JavaScript does not carry them.
import { z } from 'zod';
import { defineCall } from './define.ts';
import { backupCode, tokenAnswer, totpCode } from './entities.ts';
import { authenticationResponse } from './passkeys.ts';
import { emailCode } from './wire.ts';

export const completeMfa = defineCall({
  id: 'sessions.mfa',
  area: 'sessions',
  method: 'PUT',
  path: '/sessions/mfa',
  auth: 'token',
  rateLimit: 'sign-in',
  allowMfaPending: true,
  summary: 'Completes a sign-in pending two-factor with an authenticator or a backup code.',
  // payload not shown in the spec: chosen {code_type mfa_code|backup_code, code}
  body: z.discriminatedUnion('code_type', [
    z.object({ code_type: z.literal('mfa_code'), code: totpCode }),
    z.object({ code_type: z.literal('backup_code'), code: backupCode }),
  ]),
  response: tokenAnswer,
});

export const verifySession = defineCall({
  id: 'sessions.verify',
  area: 'sessions',
  method: 'PUT',
  path: '/sessions/me/verify',
  auth: 'token',
  rateLimit: 'sign-in',
  allowMfaPending: true,
  summary:
    'Re-verifies the signed-in player with an emailed or authenticator code, the password or a passkey, before a ' +
    'sensitive change; completes a sign-in pending two-factor with its second step.',
  // payload not shown in the spec: chosen; `password` added by issue 28 (re-authentication, ADR 029)
  body: z.discriminatedUnion('code_type', [
    z.object({ code_type: z.literal('email_code'), code: emailCode() }),
    z.object({ code_type: z.literal('mfa_code'), code: totpCode }),
    z.object({ code_type: z.literal('password'), password: z.string().min(1).max(256) }),
    // A passkey's assertion to the options of POST /sessions/me/passkey/options (issue 31, ADR 036).
    z.object({ code_type: z.literal('passkey'), response: authenticationResponse }),
  ]),
});

export const sessionsMfa = { completeMfa, verifySession };
