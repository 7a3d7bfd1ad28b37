import { describe, expect, it } from 'vitest';
import { displayUserCode, readUserCode } from './user-code.ts';

describe('a typed device code', () => {
  it('is read case-insensitively, with hyphens and spaces ignored', () => {
    expect(readUserCode('BCDFGHJKL')).toEqual({ code: 'BCDFGHJKL' });
    expect(readUserCode('bcd-fgh-jkl')).toEqual({ code: 'BCDFGHJKL' });
    expect(readUserCode(' bcdf ghjkl ')).toEqual({ code: 'BCDFGHJKL' });
  });

  it('is required', () => {
    expect(readUserCode('')).toEqual({ problem: 'required' });
    expect(readUserCode('   ')).toEqual({ problem: 'required' });
    expect(readUserCode(' - - ')).toEqual({ problem: 'required' });
  });

  it('has 9 letters: more is too long, fewer too short (hyphens and spaces not counted)', () => {
    expect(readUserCode('BCDFGHJKLM')).toEqual({ problem: 'too_long' });
    expect(readUserCode('BCDFGHJKLMNPQRS')).toEqual({ problem: 'too_long' });
    expect(readUserCode('BCD-FGH-JKL-M')).toEqual({ problem: 'too_long' });
    expect(readUserCode('BCDFGHJK')).toEqual({ problem: 'too_short' });
    expect(readUserCode('BCD-FGH')).toEqual({ problem: 'too_short' });
  });

  it('has letters of the device-code alphabet only: digits, symbols and vowels are wrong characters, whatever the length', () => {
    expect(readUserCode('BCD!FGHJK')).toEqual({ problem: 'characters' });
    expect(readUserCode('BCD_FGH_JKL')).toEqual({ problem: 'characters' });
    expect(readUserCode('BCD-FGH-JK0')).toEqual({ problem: 'characters' });
    expect(readUserCode('aei-fgh-jkl')).toEqual({ problem: 'characters' });
    // Digits of the wrong length are still a matter of characters, not of length.
    expect(readUserCode('1234-5678')).toEqual({ problem: 'characters' });
    expect(readUserCode('123456789012')).toEqual({ problem: 'characters' });
  });

  it('shows in three groups', () => {
    expect(displayUserCode('BCDFGHJKL')).toBe('BCD-FGH-JKL');
    expect(displayUserCode('BCD')).toBe('BCD');
  });
});
