// Time-based one-time passwords (RFC 6238): SHA-1, 6 digits, 30-second steps, one step of clock
// drift accepted either way. Callers store the step a code matched, so the same code (or an older
// one) is never accepted twice.
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps of drift accepted before and after the current one. */
export const TOTP_WINDOW = 1;

/** A new secret: 160 random bits (RFC 4226's recommendation), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = 'player', issuer = 'portal'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, label: string, issuer: string): string {
  return totp(secret, label, issuer).toString();
}

/** The step a timestamp falls in. */
export function stepAt(timestampMs: number): number {
  return Math.floor(timestampMs / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step whose code `code` is, within the accepted drift of `timestampMs`, or null. The
 * comparison inside otpauth is constant-time.
 */
export function matchTotp(secret: string, code: string, timestampMs = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: timestampMs, window: TOTP_WINDOW });
  return delta === null ? null : stepAt(timestampMs) + delta;
}
