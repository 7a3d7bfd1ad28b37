// The email field of the sign-in, sign-up and password-reset forms.
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { TextField } from './field.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email field; validate() answers the trimmed address, or null after showing the error. */
export function useEmailField(initial = '') {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const validate = (): string | null => {
    const address = value.trim();
    setError(EMAIL.test(address) ? null : t('form.emailInvalid'));
    return EMAIL.test(address) ? address : null;
  };
  const field = (
    <TextField
      label={t('form.email')}
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={(e) => setValue(e.target.value)}
      error={error}
    />
  );
  return { field, validate };
}
