// The email field of the sign-in, sign-up and password-reset forms. Its rule is the contract's
// (isEmailAddress: the shape and the length the calls accept).
import { isEmailAddress } from '@portal/contract/calls/wire';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { TextField } from './field.tsx';

/** The trimmed address when the calls accept it, else null. */
export function emailAddressOf(value: string): string | null {
  const address = value.trim();
  return isEmailAddress(address) ? address : null;
}

/**
 * An email field; validate() answers the trimmed address, or null after showing the error. The
 * sign-in form's is `username webauthn`: the browser offers the site's passkeys in it (autofill).
 */
export function useEmailField(initial = '', autoComplete = 'email') {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const validate = (): string | null => {
    const address = emailAddressOf(value);
    setError(address === null ? t('form.emailInvalid') : null);
    return address;
  };
  const field = (
    <TextField
      label={t('form.email')}
      type="email"
      autoComplete={autoComplete}
      required
      value={value}
      onChange={(e) => setValue(e.target.value)}
      error={error}
    />
  );
  return { field, validate };
}
