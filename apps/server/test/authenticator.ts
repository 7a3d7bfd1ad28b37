// The player's authenticator app in the tests: the code of a base32 secret at a moment, as any
// RFC 6238 app computes it with the parameters the server's otpauth URI names (SHA-1, 6 digits,
// 30-second steps). The server only checks codes (modules/mfa/totp.ts); it never makes them.
import { Secret, TOTP } from 'otpauth';

export function authenticatorCode(secret: string, timestampMs: number): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: timestampMs,
  });
}
