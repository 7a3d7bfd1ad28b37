// Backup codes: BACKUP_CODE_COUNT single-use codes such as "k7m2-x9pq", typed in place of an
// authenticator code (ASVS 6.5.2).
//
// What is stored for each code (mfa_backup_codes):
// - code_hash: argon2id (security/argon2.ts, a random salt per hash) of the code's HMAC-SHA256
//   under the server's key (the pepper: a stolen table alone cannot be tried offline). This is what
//   checks a typed code.
// - sealed_code: the code sealed with AES-GCM (SecretBox) under the same key, so the player can view
//   the codes again with a current authenticator code (the spec's "view backup codes" modal). The
//   authenticator secret is sealed under that key too: whoever can open the sealed copy can already
//   make authenticator codes, so the copy exposes nothing the key does not already open.
//
// Rows stored before argon2id hold the bare HMAC (64 hex characters): `isLegacyBackupCodeHash`
// finds them and the service rehashes them from their sealed copy before the account's next check.
import { createHmac, randomInt } from 'node:crypto';
import { ARGON2ID_PREFIX, argon2Hash, argon2Verify } from '../../security/argon2.ts';

export const BACKUP_CODE_COUNT = 10;
/** Unambiguous: no 0/o, 1/l/i. 31 symbols, 8 per code: about 39.6 bits. */
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

export function newBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    codes.add(`${chars.slice(0, 4)}-${chars.slice(4)}`);
  }
  return [...codes];
}

/** What the player typed, as checked: lower case, without separators or spaces. */
export function normalizeBackupCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

/**
 * The pepper: HMAC-SHA256 under the server's key of the normalized code, in hex. argon2id hashes
 * this, never the code itself; it is also what rows stored before argon2id hold.
 */
export function hashBackupCode(key: string, code: string): string {
  return createHmac('sha256', key).update(normalizeBackupCode(code), 'utf8').digest('hex');
}

/** What code_hash stores: argon2id, with its own random salt, of the code's HMAC (`hashBackupCode`). */
export function storedBackupCodeHash(key: string, code: string): Promise<string> {
  return argon2Hash(hashBackupCode(key, code));
}

/** Whether a typed code matches a stored argon2id hash (false for a legacy hash: upgrade it first). */
export function verifyBackupCode(key: string, stored: string, typed: string): Promise<boolean> {
  if (!stored.startsWith(ARGON2ID_PREFIX)) return Promise.resolve(false);
  return argon2Verify(stored, hashBackupCode(key, typed));
}

/** Whether what was typed can be a backup code at all (8 symbols of the alphabet): else no hash is tried. */
export function looksLikeBackupCode(typed: string): boolean {
  const normalized = normalizeBackupCode(typed);
  return normalized.length === 8 && [...normalized].every((c) => ALPHABET.includes(c));
}

/** A code_hash stored before argon2id: the bare HMAC, 64 hex characters. */
export function isLegacyBackupCodeHash(stored: string): boolean {
  return !stored.startsWith(ARGON2ID_PREFIX) && /^[0-9a-f]{64}$/.test(stored);
}
