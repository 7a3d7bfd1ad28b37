// Backup codes: BACKUP_CODE_COUNT single-use codes such as "k7m2-x9pq", typed in place of an
// authenticator code. Each is checked by its HMAC-SHA256 under the server's key (a stolen table
// alone cannot be brute-forced); a sealed copy lets the player view them again with a current code.
import { createHmac, randomInt } from 'node:crypto';

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

/** What the player typed, as stored: lower case, without separators or spaces. */
export function normalizeBackupCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

export function hashBackupCode(key: string, code: string): string {
  return createHmac('sha256', key).update(normalizeBackupCode(code), 'utf8').digest('hex');
}
