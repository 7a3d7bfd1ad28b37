import { describe, expect, it } from 'vitest';
import {
  BACKUP_CODE_COUNT,
  hashBackupCode,
  looksLikeBackupCode,
  newBackupCodes,
  normalizeBackupCode,
} from './backup-codes.ts';

describe('backup codes', () => {
  it('are 10 distinct codes of two groups of 4 unambiguous characters', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(BACKUP_CODE_COUNT);
    expect(new Set(codes).size).toBe(BACKUP_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);
  });

  it('match however they are typed: case, dashes and spaces do not matter', () => {
    expect(normalizeBackupCode(' K7M2-X9PQ ')).toBe('k7m2x9pq');
    expect(hashBackupCode('key', 'K7M2 X9PQ')).toBe(hashBackupCode('key', 'k7m2-x9pq'));
  });

  it('hash under the key: another key gives another hash', () => {
    expect(hashBackupCode('key-a', 'k7m2-x9pq')).not.toBe(hashBackupCode('key-b', 'k7m2-x9pq'));
    expect(hashBackupCode('key-a', 'k7m2-x9pq')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('looksLikeBackupCode', () => {
  it('takes 8 symbols of the alphabet, with or without the dash and in any case', () => {
    expect(looksLikeBackupCode('k7m2-x9pq')).toBe(true);
    expect(looksLikeBackupCode(' K7M2 X9PQ ')).toBe(true);
    expect(looksLikeBackupCode('k7m2-x9p')).toBe(false);
    expect(looksLikeBackupCode('k7m2-x9p0')).toBe(false);
    expect(looksLikeBackupCode('123456')).toBe(false);
    expect(looksLikeBackupCode('')).toBe(false);
  });
});
