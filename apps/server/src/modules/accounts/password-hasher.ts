// Passwords are stored as argon2id hashes with OWASP's parameters (security/argon2.ts, shared with
// the two-factor backup codes). Hashes record their parameters, so a hash made with older parameters
// is recognised and replaced at the next successful sign-in.
import { argon2Hash, argon2NeedsRehash, argon2Verify } from '../../security/argon2.ts';

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password);
}

export function verifyPassword(stored: string, password: string): Promise<boolean> {
  return argon2Verify(stored, password);
}

export function needsRehash(stored: string): boolean {
  return argon2NeedsRehash(stored);
}

/**
 * A hash of a password nobody has, verified when the account does not exist, so an unknown email
 * costs the same time as a wrong password.
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}`);
  return decoy;
}
