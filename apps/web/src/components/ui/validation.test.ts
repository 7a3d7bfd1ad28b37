// The web's field rules are the contract's: an email address the calls accept, a password of the
// contract's length and classes (one source, packages/contract).
import { EMAIL_MAX_LENGTH, email } from '@portal/contract/calls/wire';
import { PASSWORD_MIN_LENGTH } from '@portal/contract/data/constants';
import { PASSWORD_MAX_LENGTH, passwordShapeProblem } from '@portal/contract/data/password-rules';
import { LOCALE_TAGS } from '@portal/contract/data/locales';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emailAddressOf } from './email-field.tsx';
import { passwordFieldError } from './new-password-fields.tsx';

const key = (k: string, values?: Record<string, unknown>) => (values ? `${k} ${JSON.stringify(values)}` : k);

describe('the email field', () => {
  it('answers the trimmed address when the contract accepts it, else null', () => {
    expect(emailAddressOf('  name@example.com ')).toBe('name@example.com');
    expect(emailAddressOf('name@example')).toBeNull();
    const longest = `${'a'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length)}@example.com`;
    expect(emailAddressOf(longest)).toBe(longest);
    // One character more than the calls accept is refused here, not by the server after a round trip.
    expect(emailAddressOf(`a${longest}`)).toBeNull();
    expect(email().safeParse(`a${longest}`).success).toBe(false);
  });
});

describe('the new password field', () => {
  it('shows the first contract rule a password breaks', () => {
    const padded = (length: number) => `Aa1#${'x'.repeat(length - 4)}`;
    expect(passwordFieldError(padded(PASSWORD_MIN_LENGTH - 1), key)).toBe('form.passwordShort');
    expect(passwordFieldError(padded(PASSWORD_MIN_LENGTH), key)).toBeNull();
    expect(passwordFieldError('abcdefgh1#', key)).toBe('form.passwordClasses');
    expect(passwordFieldError(padded(PASSWORD_MAX_LENGTH + 1), key)).toBe(
      `form.passwordLong ${JSON.stringify({ max: PASSWORD_MAX_LENGTH })}`,
    );
    for (const sample of ['Tq8#vLp2', 'short', 'ALLUPPER1#', padded(PASSWORD_MAX_LENGTH + 1)])
      expect(passwordFieldError(sample, key) === null).toBe(passwordShapeProblem(sample) === null);
  });
});

describe('the password texts', () => {
  it('state the contract minimum in every language', () => {
    for (const tag of LOCALE_TAGS) {
      const path = join(import.meta.dirname, '../../locales', tag, 'flows.json');
      const messages = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
      for (const key of ['form.passwordShort', 'form.passwordRules'])
        expect(messages[key], `${tag} ${key}`).toContain(String(PASSWORD_MIN_LENGTH));
      expect(messages['form.passwordLong'], `${tag} form.passwordLong`).toContain('{{max}}');
    }
  });
});
