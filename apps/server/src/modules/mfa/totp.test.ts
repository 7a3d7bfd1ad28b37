// RFC 6238 with SHA-1, 6 digits, 30 s steps, one step of drift.
import { describe, expect, it } from 'vitest';
import { authenticatorCode as totpCodeAt } from '../../../test/authenticator.ts';
import { matchTotp, newTotpSecret, otpauthUri, stepAt } from './totp.ts';

// RFC 6238 appendix B: the ASCII secret "12345678901234567890", in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('gives the codes of RFC 6238 (last 6 digits of the SHA-1 vectors)', () => {
    expect(totpCodeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
    expect(totpCodeAt(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
    // The server accepts exactly those codes at those moments.
    for (const [at, code] of [
      [59_000, '287082'],
      [1_111_111_109_000, '081804'],
      [1_234_567_890_000, '005924'],
      [2_000_000_000_000, '279037'],
    ] as const) {
      expect(matchTotp(RFC_SECRET, code, at)).toBe(stepAt(at));
    }
  });

  it('accepts the current step and one step either side, and names the step matched', () => {
    const now = 1_700_000_015_000;
    const step = stepAt(now);
    expect(matchTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
  });

  it('refuses codes two steps away and wrong codes', () => {
    const now = 1_700_000_015_000;
    expect(matchTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 60_000), now)).toBeNull();
    const right = totpCodeAt(RFC_SECRET, now);
    const wrong = right === '000000' ? '000001' : '000000';
    expect(matchTotp(RFC_SECRET, wrong, now)).toBeNull();
  });

  it('accepts at the last millisecond of the window and not one after', () => {
    const stepStart = 1_700_000_010_000 - (1_700_000_010_000 % 30_000);
    const code = totpCodeAt(RFC_SECRET, stepStart);
    expect(matchTotp(RFC_SECRET, code, stepStart + 59_999)).not.toBeNull();
    expect(matchTotp(RFC_SECRET, code, stepStart + 60_000)).toBeNull();
  });

  it('makes 160-bit secrets and an otpauth URI an authenticator app reads', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(otpauthUri(secret, 'Player One', 'Account Portal'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('issuer')).toBe('Account Portal');
  });
});
