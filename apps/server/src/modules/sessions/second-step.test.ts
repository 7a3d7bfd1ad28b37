import { describe, expect, it } from 'vitest';
import { cameThroughMailbox, passwordFactor, secondSteps } from './second-step.ts';

describe('the second step of a sign-in pending two-factor', () => {
  it('is never the mailbox after a first step through the mailbox', () => {
    expect(secondSteps('email_code')).toEqual(['mfa_code', 'backup_code']);
    expect(secondSteps('recovery')).toEqual(['mfa_code', 'backup_code']);
    expect(secondSteps(null)).toEqual(['mfa_code', 'backup_code']);
  });

  it('may be an emailed code after a password the player chose or a platform', () => {
    expect(secondSteps('password')).toEqual(['mfa_code', 'backup_code', 'email_code']);
    expect(secondSteps('platform')).toEqual(['mfa_code', 'backup_code', 'email_code']);
    expect(cameThroughMailbox('platform')).toBe(false);
  });

  it('counts a password set by a reset link as the mailbox', () => {
    expect(passwordFactor({ passwordResetAt: new Date() })).toBe('recovery');
    expect(passwordFactor({ passwordResetAt: null })).toBe('password');
  });
});
