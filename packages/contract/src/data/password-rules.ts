// The shape of a new password (spec 000 §5): its length and its character classes. One source for
// the web's form, the contract's password schema and the server (which also refuses the display
// name, common passwords and earlier passwords: apps/server/src/modules/accounts/password-rules.ts).
import { PASSWORD_MIN_LENGTH } from './constants.ts';

/** Longest accepted password, in characters (not shown in the spec: ADR 005). */
export const PASSWORD_MAX_LENGTH = 256;

/** An upper-case letter, a lower-case letter, a digit, and a character that is neither. */
const CHARACTER_CLASSES = [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u];

export type PasswordShapeProblem = 'too_short' | 'too_long' | 'missing_classes';

/** The first shape rule a new password breaks, or null. Lengths count characters (code points). */
export function passwordShapeProblem(password: string): PasswordShapeProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'too_long';
  if (!CHARACTER_CLASSES.every((pattern) => pattern.test(password))) return 'missing_classes';
  return null;
}
