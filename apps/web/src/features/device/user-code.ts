// The code a player types at /device (spec 000 §5): 9 characters, letters of the device-code
// alphabet, case and separators ignored, checked with the contract's deviceUserCode schema before it
// is looked up. What is wrong with a code that cannot be one is said as it is: its characters (a
// digit, a symbol, a vowel: letters no code has), else its length in letters.
import { deviceUserCode } from '@portal/contract/calls/entities';
import { DEVICE_CODE_ALPHABET, DEVICE_CODE_LENGTH } from '@portal/contract/data/constants';

/** Why a typed code cannot be a device code; each has its message (flows.json, device.code.*). */
export type UserCodeProblem = 'required' | 'too_long' | 'too_short' | 'characters';

const ALPHABET_ONLY = new RegExp(`^[${DEVICE_CODE_ALPHABET}]+$`);

export function readUserCode(typed: string): { code: string } | { problem: UserCodeProblem } {
  // Spaces are separators like hyphens (a code read off a TV is often typed in groups).
  const compact = typed.replace(/[\s-]+/g, '').toUpperCase();
  if (compact === '') return { problem: 'required' };
  if (!ALPHABET_ONLY.test(compact)) return { problem: 'characters' };
  if (compact.length < DEVICE_CODE_LENGTH) return { problem: 'too_short' };
  if (compact.length > DEVICE_CODE_LENGTH) return { problem: 'too_long' };
  const parsed = deviceUserCode.safeParse(compact);
  return parsed.success ? { code: parsed.data } : { problem: 'characters' };
}

export { displayDeviceCode as displayUserCode } from '@portal/contract/calls/entities';
