import { describe, expect, it } from 'vitest';
import { shouldSendCode } from './registration-code.ts';

describe('the sign-up code (issue 28)', () => {
  it('is sent when the code step opens for an address that has none yet', () => {
    expect(shouldSendCode({ email: 'pilot@example.com', codeSentTo: null })).toBe(true);
    expect(shouldSendCode({ email: 'pilot@example.com', codeSentTo: 'other@example.com' })).toBe(true);
  });

  it('is not sent again when the step opens again (reload, Back and Forward): the code sent stands', () => {
    expect(shouldSendCode({ email: 'pilot@example.com', codeSentTo: 'pilot@example.com' })).toBe(false);
  });

  it('is not sent without an address', () => {
    expect(shouldSendCode({ email: null, codeSentTo: null })).toBe(false);
  });
});
