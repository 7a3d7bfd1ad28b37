// The code a player types at /device (spec 000 §5): 9 characters, case and separators ignored,
// checked with the contract's deviceUserCode schema before it is looked up.
import { deviceUserCode } from '@portal/contract/calls/entities';

/** Why a typed code cannot be a device code; each has its message (flows.json, device.code.*). */
export type UserCodeProblem = 'required' | 'too_long' | 'too_short' | 'invalid';

export function readUserCode(typed: string): { code: string } | { problem: UserCodeProblem } {
  // Spaces are separators like hyphens (a code read off a TV is often typed in groups).
  const compact = typed.replace(/\s+/g, '');
  if (compact === '') return { problem: 'required' };
  const parsed = deviceUserCode.safeParse(compact);
  if (parsed.success) return { code: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue?.code === 'too_big') return { problem: 'too_long' };
  if (issue?.code === 'too_small') return { problem: 'too_short' };
  return { problem: 'invalid' };
}

export { displayDeviceCode as displayUserCode } from '@portal/contract/calls/entities';
