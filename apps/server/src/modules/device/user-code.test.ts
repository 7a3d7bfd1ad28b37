import { describe, expect, it } from 'vitest';
import { USER_CODE_ALPHABET, displayUserCode, newUserCode, normalizeUserCode } from './user-code.ts';

describe('device user codes', () => {
  it('are 9 characters of the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i++) {
      const code = newUserCode();
      expect(code).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{9}$`));
    }
  });

  it('use every letter of the alphabet and no vowel or digit', () => {
    const seen = new Set(Array.from({ length: 400 }, newUserCode).join(''));
    expect([...seen].sort().join('')).toBe(USER_CODE_ALPHABET);
    expect(USER_CODE_ALPHABET).not.toMatch(/[AEIOUY0-9]/);
  });

  it('are read case-insensitively with hyphens and spaces ignored', () => {
    expect(normalizeUserCode('bcd-fgh-jkl')).toBe('BCDFGHJKL');
    expect(normalizeUserCode(' BCDF GHJKL ')).toBe('BCDFGHJKL');
    expect(normalizeUserCode(displayUserCode('BCDFGHJKL'))).toBe('BCDFGHJKL');
  });

  it('refuse codes of another length or with other characters', () => {
    expect(normalizeUserCode('BCDFGHJK')).toBeNull();
    expect(normalizeUserCode('BCDFGHJKLM')).toBeNull();
    expect(normalizeUserCode('BCDFGHJK0')).toBeNull();
    expect(normalizeUserCode('ACDFGHJKL')).toBeNull();
  });
});
