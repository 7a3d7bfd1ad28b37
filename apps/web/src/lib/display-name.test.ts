import { describe, expect, it } from 'vitest';
import { displayNameProblem } from './display-name.ts';

const bounds = { min: 4, max: 16 };

describe('display name rule (issue 28)', () => {
  it('accepts letters and digits of any script within the bounds', () => {
    expect(displayNameProblem('StarPilot42', bounds)).toBeNull();
    expect(displayNameProblem('星のパイロット', bounds)).toBeNull();
    expect(displayNameProblem('abcd', bounds)).toBeNull();
    expect(displayNameProblem('a'.repeat(16), bounds)).toBeNull();
  });

  it('names a name too short or too long, counting characters as the server does', () => {
    expect(displayNameProblem('abc', bounds)).toBe('too_short');
    expect(displayNameProblem('a'.repeat(17), bounds)).toBe('too_long');
    // Four characters outside the basic plane are four, not eight UTF-16 units.
    expect(displayNameProblem('𝒜𝒜𝒜𝒜', { min: 4, max: 4 })).toBeNull();
    expect(displayNameProblem('abc', { min: 2, max: 24 })).toBeNull();
  });

  it('names spaces and special characters before the length', () => {
    expect(displayNameProblem('a b', bounds)).toBe('characters');
    expect(displayNameProblem('pilot!', bounds)).toBe('characters');
    expect(displayNameProblem('', bounds)).toBe('characters');
  });
});
