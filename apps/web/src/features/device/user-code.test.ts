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
  });

  it('has 9 characters: more is "Greater than 9 digits", fewer "Lower than 9 digits"', () => {
    expect(readUserCode('BCDFGHJKLM')).toEqual({ problem: 'too_long' });
    expect(readUserCode('BCDFGHJKLMNPQRS')).toEqual({ problem: 'too_long' });
    expect(readUserCode('BCDFGHJK')).toEqual({ problem: 'too_short' });
    expect(readUserCode('BCD-FGH')).toEqual({ problem: 'too_short' });
  });

  it('has letters of the device-code alphabet only: anything else is "not valid"', () => {
    expect(readUserCode('BCD!FGHJK')).toEqual({ problem: 'invalid' });
    expect(readUserCode('BCD_FGH_JKL')).toEqual({ problem: 'invalid' });
    expect(readUserCode('BCD-FGH-JK0')).toEqual({ problem: 'invalid' });
    expect(readUserCode('aei-fgh-jkl')).toEqual({ problem: 'invalid' });
  });

  it('shows in three groups', () => {
    expect(displayUserCode('BCDFGHJKL')).toBe('BCD-FGH-JKL');
    expect(displayUserCode('BCD')).toBe('BCD');
  });
});
