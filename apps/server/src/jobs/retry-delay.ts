// How long a mail waits before its next attempt (ADR 025): doubling from the base after each failed
// attempt, capped, with the upper half jittered so that mail failed together does not retry together.

/** The delay after `attempts` failed attempts (1 = the first failed); `random` in [0, 1). */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number, random: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const delay = Math.min(baseMs * 2 ** exponent, maxMs);
  return Math.round(delay / 2 + (delay / 2) * random);
}

/**
 * Whether a failed delivery is worth another attempt. An SMTP server's 5xx answer refuses the mail for
 * good (RFC 5321 §4.2.1); anything else (4xx, a dropped connection, a timeout) is temporary.
 */
export function isTemporary(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return !(typeof code === 'number' && code >= 500 && code < 600);
}
