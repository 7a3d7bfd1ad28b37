// Password rules of spec 000 §5, checked before hashing: length, character classes, not the display
// name, not one of the most common breached passwords. (Reuse of an earlier password needs the
// stored hashes and is checked by the service.)
import { createRequire } from 'node:module';
import { passwordShapeProblem } from '@portal/contract/data/password-rules';
import { RequestError } from '../../http/request-error.ts';

export type PasswordProblem = 'too_short' | 'too_long' | 'missing_classes' | 'contains_display_name' | 'common';

// 49,000 passwords most often found in breaches, from @zxcvbn-ts/language-common (shipped with the
// package, no network needed). Compared case-insensitively.
const common: Set<string> = (() => {
  const require = createRequire(import.meta.url);
  const module = require('@zxcvbn-ts/language-common') as { dictionary: Record<string, readonly string[]> };
  return new Set((module.dictionary['passwords-common'] ?? []).map((p) => p.toLowerCase()));
})();

/** The first rule a new password breaks, or null when it may be used. */
export function passwordProblem(password: string, displayName: string | null): PasswordProblem | null {
  // Length and character classes: the contract's rule, the one the web's form checks too.
  const shape = passwordShapeProblem(password);
  if (shape !== null) return shape;
  if (displayName && displayName.length >= 3 && password.toLowerCase().includes(displayName.toLowerCase())) {
    return 'contains_display_name';
  }
  const lower = password.toLowerCase();
  // Also catch a common password dressed up with a capital and a trailing digit or symbol.
  const stripped = lower.replace(/[^\p{L}\p{Nd}]+$/u, '').replace(/\d+$/, '');
  if (common.has(lower) || (stripped.length >= 4 && common.has(stripped))) return 'common';
  return null;
}

/** Throws the error of the first password rule broken (1055 weak_password, 1006 the display name). */
export function assertPasswordAllowed(password: string, displayName: string | null): void {
  const problem = passwordProblem(password, displayName);
  if (problem === 'contains_display_name') throw new RequestError('password_contains_display_name');
  if (problem !== null) throw new RequestError('weak_password', { body: { reason: problem } });
}
