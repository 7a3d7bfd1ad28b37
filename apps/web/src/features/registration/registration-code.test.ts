import { describe, expect, it } from 'vitest';
import { codeSentKept, shouldSendCode, SIGN_UP_KEYS } from './registration-code.ts';

describe('the sign-up code (issue 28)', () => {
  it('is sent when the code step opens for an address that has none yet', () => {
    expect(shouldSendCode({ email: 'pilot@example.com' })).toBe(true);
    expect(shouldSendCode({ email: 'pilot@example.com', [SIGN_UP_KEYS.codeSentTo]: 'other@example.com' })).toBe(true);
  });

  it('is not sent again when the step opens again (reload, Back and Forward): the code sent stands', () => {
    expect(shouldSendCode({ email: 'pilot@example.com', [SIGN_UP_KEYS.codeSentTo]: 'pilot@example.com' })).toBe(false);
  });

  it('is not sent without an address', () => {
    expect(shouldSendCode({})).toBe(false);
  });

  it('stays sent when the sign-up starts again with the same address, in any case', () => {
    const before = { email: 'Pilot@Example.com', [SIGN_UP_KEYS.codeSentTo]: 'Pilot@Example.com' };
    expect(codeSentKept(before, 'pilot@example.com')).toEqual({ [SIGN_UP_KEYS.codeSentTo]: 'pilot@example.com' });
    expect(codeSentKept(before, 'other@example.com')).toEqual({});
    expect(codeSentKept({ email: 'pilot@example.com' }, 'pilot@example.com')).toEqual({});
  });
});
