import { describe, expect, it } from 'vitest';
import { ageBrackets, bracketOfAge } from './age-brackets.ts';

describe('age brackets of a game', () => {
  it('turn registration_age bounds into brackets and the age each sends', () => {
    expect(ageBrackets('18,13')).toEqual([
      { from: null, to: 12, age: 12 },
      { from: 13, to: 17, age: 13 },
      { from: 18, to: null, age: 18 },
    ]);
  });
  it('mean a date of birth is asked when there are none', () => {
    expect(ageBrackets(undefined)).toBeNull();
    expect(ageBrackets('')).toBeNull();
    expect(ageBrackets('x,1')).toBeNull();
  });
  it('choose the bracket of an age given beforehand (a registration default, the `age` of a link)', () => {
    const brackets = ageBrackets('13,18');
    expect(bracketOfAge(brackets, 15)).toBe(13);
    expect(bracketOfAge(brackets, 18)).toBe(18);
    expect(bracketOfAge(brackets, 40)).toBe(18);
    expect(bracketOfAge(brackets, 9)).toBe(12);
    expect(bracketOfAge(brackets, null)).toBeNull();
    expect(bracketOfAge(null, 15)).toBeNull();
  });
});
