import { describe, expect, it } from 'vitest';
import { generateUsername, usernameProblem } from './username-rules.ts';

describe('display name rules', () => {
  it('allow letters and digits of any script', () => {
    expect(usernameProblem('StarPilot42')).toBeNull();
    expect(usernameProblem('Ünal1905')).toBeNull();
    expect(usernameProblem('星のパイロット')).toBeNull();
  });
  it('refuse spaces and special characters', () => {
    expect(usernameProblem('Star Pilot')).toBe('characters');
    expect(usernameProblem('star_pilot')).toBe('characters');
    expect(usernameProblem('pilot!')).toBe('characters');
    expect(usernameProblem('')).toBe('characters');
  });
  it('keep within the length bounds', () => {
    expect(usernameProblem('abc')).toBe('too_short');
    expect(usernameProblem('a'.repeat(17))).toBe('too_long');
    expect(usernameProblem('a'.repeat(20), { min: 2, max: 24 })).toBeNull();
  });
  it('refuse reserved and offensive names', () => {
    expect(usernameProblem('AuroraSupport')).toBe('reserved');
    expect(usernameProblem('TheAdmin1')).toBe('reserved');
    expect(usernameProblem('xXNaziXx')).toBe('reserved');
  });
  it('generate valid suggestions', () => {
    for (let i = 0; i < 200; i++) expect(usernameProblem(generateUsername())).toBeNull();
    expect(generateUsername({ min: 4, max: 10 }).length).toBeLessThanOrEqual(10);
  });
});
