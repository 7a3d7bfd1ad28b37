// Two-factor in the browser tests: the player's authenticator app, and an account with two-factor on
// set up through the real API (as the security page does it: the address verified with the mailed
// code, the password proved again, then a secret confirmed with a first code).
import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiHeaders, latestMail, PASSWORD } from './helpers.ts';

/**
 * The authenticator code of a secret, `steps` 30-second steps from now (the server accepts one step
 * either way, and each step once). Waits out the last two seconds of a step so that the code does
 * not go stale on its way to the server.
 */
export async function totp(secret: string, steps = 0): Promise<string> {
  while (Date.now() % 30_000 > 28_000) await new Promise((r) => setTimeout(r, 250));
  const generator = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return generator.generate({ timestamp: Date.now() + steps * 30_000 });
}

/**
 * Turns two-factor on for the account of `accessToken` (its address is verified first). The first
 * code is of the step before now, so that the step now is still free for the test's sign-in.
 */
export async function turnOnTwoFactor(request: APIRequestContext, email: string, accessToken: string) {
  const headers = await apiHeaders(request, accessToken);
  // Calls without a body go without a content type (an empty JSON body is refused).
  const { 'content-type': _json, ...bare } = headers;
  const send = await request.put('/api/accounts/me/send_verification_email', { headers: bare });
  expect(send.status()).toBe(200);
  const { code } = await latestMail(request, email, 'verify_email');
  expect((await request.post('/api/accounts/verify_email', { headers, data: { code } })).status()).toBe(200);
  // Setting it up needs the password just before (issue 31).
  const proved = await request.put('/api/sessions/me/verify', {
    headers,
    data: { code_type: 'password', password: PASSWORD },
  });
  expect(proved.status()).toBe(200);
  const started = await request.post('/api/accounts/me/mfa', { headers: bare });
  expect(started.status()).toBe(200);
  const { secret } = (await started.json()) as { secret: string };
  const activated = await request.put('/api/accounts/me/mfa/activate', {
    headers,
    data: { code: await totp(secret, -1) },
  });
  expect(activated.status()).toBe(200);
  const { backup_codes: codes } = (await activated.json()) as { backup_codes: { code: string }[] };
  return { secret, backupCodes: codes.map((c) => c.code) };
}
