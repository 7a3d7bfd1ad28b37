import { describe, expect, it } from 'vitest';
import { canChangeUsername } from './account-view.ts';
import { generateUsername, usernameInvalidBody, usernameProblem } from './username-rules.ts';

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

describe('when a display name may change (issue 28)', () => {
  const DAY_MS = 86_400_000;
  const now = new Date('2026-03-09T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

  it('lets the first change go free: it does not start the wait', () => {
    expect(canChangeUsername({ usernameUpdatedAt: null, usernameChanges: 0 }, now)).toBe(true);
    expect(canChangeUsername({ usernameUpdatedAt: daysAgo(0), usernameChanges: 1 }, now)).toBe(true);
  });

  it('makes every later change wait 30 days from the last one', () => {
    expect(canChangeUsername({ usernameUpdatedAt: daysAgo(29), usernameChanges: 2 }, now)).toBe(false);
    expect(canChangeUsername({ usernameUpdatedAt: daysAgo(30), usernameChanges: 2 }, now)).toBe(true);
    expect(canChangeUsername({ usernameUpdatedAt: daysAgo(1), usernameChanges: 5 }, now)).toBe(false);
  });

  it('names the bounds and the reason of a refusal', () => {
    expect(usernameInvalidBody('too_short', { min: 4, max: 16 })).toEqual({ min: 4, max: 16, reason: 'too_short' });
  });
});
