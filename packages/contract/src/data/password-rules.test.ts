// The shape rules of a new password, one source for the web's form, the contract's schema and the server.
import { describe, expect, it } from 'vitest';
import { password } from '../calls/entities.ts';
import { EMAIL_MAX_LENGTH, email, isEmailAddress } from '../calls/wire.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import * as data from './index.ts';
import { PASSWORD_MAX_LENGTH, passwordShapeProblem } from './password-rules.ts';

describe('password shape rules', () => {
  it('needs PASSWORD_MIN_LENGTH characters (counted as code points), at most PASSWORD_MAX_LENGTH', () => {
    expect(PASSWORD_MAX_LENGTH).toBe(256);
    const padded = (length: number) => `Aa1#${'x'.repeat(length - 4)}`;
    expect(passwordShapeProblem(padded(PASSWORD_MIN_LENGTH - 1))).toBe('too_short');
    expect(passwordShapeProblem(padded(PASSWORD_MIN_LENGTH))).toBeNull();
    expect(passwordShapeProblem(padded(PASSWORD_MAX_LENGTH))).toBeNull();
    expect(passwordShapeProblem(padded(PASSWORD_MAX_LENGTH + 1))).toBe('too_long');
    // Four emoji are eight UTF-16 units but four characters.
    expect(passwordShapeProblem('Aa1#😀😀😀')).toBe('too_short');
  });

  it('needs an upper-case and a lower-case letter, a digit and a character that is neither', () => {
    expect(passwordShapeProblem('abcdefg1#')).toBe('missing_classes');
    expect(passwordShapeProblem('ABCDEFG1#')).toBe('missing_classes');
    expect(passwordShapeProblem('Abcdefgh#')).toBe('missing_classes');
    expect(passwordShapeProblem('Abcdefgh1')).toBe('missing_classes');
    expect(passwordShapeProblem('Ärger-Öl9')).toBeNull();
  });

  it('is the length the contract schema of a password accepts', () => {
    expect(password.safeParse('x'.repeat(PASSWORD_MIN_LENGTH - 1)).success).toBe(false);
    expect(password.safeParse('x'.repeat(PASSWORD_MIN_LENGTH)).success).toBe(true);
    expect(password.safeParse('x'.repeat(PASSWORD_MAX_LENGTH + 1)).success).toBe(false);
  });

  it('is exported with the data tables', () => {
    expect(data.passwordShapeProblem).toBe(passwordShapeProblem);
    expect(data.PASSWORD_MAX_LENGTH).toBe(PASSWORD_MAX_LENGTH);
  });
});

describe('isEmailAddress', () => {
  it('accepts exactly what the email schema of the calls accepts', () => {
    const samples = [
      'name@example.com',
      'a.b+c@sub.example.co.uk',
      'name@example',
      'name@@example.com',
      'name example@example.com',
      '@example.com',
      'name@.com',
      '',
      `${'a'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length)}@example.com`,
      `${'a'.repeat(EMAIL_MAX_LENGTH + 1 - '@example.com'.length)}@example.com`,
    ];
    for (const sample of samples) expect(isEmailAddress(sample), sample).toBe(email().safeParse(sample).success);
    expect(isEmailAddress('name@example.com')).toBe(true);
    expect(isEmailAddress(`${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com`)).toBe(false);
  });
});
