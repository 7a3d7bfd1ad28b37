// User codes of the device flow (RFC 8628 §6.1): 9 characters from 20 consonants, so that a code
// is easy to read on a TV and to type on a phone, and no word or 0/O, 1/I confusion can appear.
// 20^9 ≈ 5.1·10^11 codes; with the guessing limits of guess-limit.ts an attacker cannot hit a live one.
import { randomInt } from 'node:crypto';
import { deviceUserCode } from '@portal/contract/calls/entities';
import { DEVICE_CODE_ALPHABET, DEVICE_CODE_LENGTH } from '@portal/contract/data/constants';

export const USER_CODE_ALPHABET = DEVICE_CODE_ALPHABET;
export const USER_CODE_LENGTH = DEVICE_CODE_LENGTH;

/** A new user code from the CSPRNG (uniform over the alphabet: randomInt has no modulo bias). */
export function newUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

/**
 * The code as typed, made comparable: case folded, hyphens and spaces dropped. Answers null for
 * anything that cannot be a user code (the contract's deviceUserCode rules).
 */
export function normalizeUserCode(typed: string): string | null {
  const parsed = deviceUserCode.safeParse(typed.replace(/\s/g, ''));
  return parsed.success ? parsed.data : null;
}

export { displayDeviceCode as displayUserCode } from '@portal/contract/calls/entities';
