// A new password and its confirmation (sign-up with a password, password reset). The length and
// character rules are the contract's (passwordShapeProblem), the ones the server checks too.
import { PASSWORD_MAX_LENGTH, passwordShapeProblem } from '@portal/contract/data/password-rules';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { TextField } from './field.tsx';

/** The first password rule a new password breaks, as a message for its field (null when fine). */
export function passwordFieldError(
  password: string,
  t: (key: MessageKey, values?: Record<string, unknown>) => string,
): string | null {
  const problem = passwordShapeProblem(password);
  if (problem === 'too_short') return t('form.passwordShort');
  if (problem === 'too_long') return t('form.passwordLong', { max: PASSWORD_MAX_LENGTH });
  if (problem === 'missing_classes') return t('form.passwordClasses');
  return null;
}

/** A new password and its confirmation; validate() answers the password, or null after showing errors. */
export function useNewPasswordFields() {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password: string | null; confirm: string | null }>({
    password: null,
    confirm: null,
  });
  const validate = (): string | null => {
    const next = {
      password: passwordFieldError(password, t),
      confirm: password !== confirm ? t('form.passwordMismatch') : null,
    };
    setErrors(next);
    return next.password || next.confirm ? null : password;
  };
  const fields = (
    <>
      <TextField
        label={t('form.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <TextField
        label={t('form.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
    </>
  );
  return { fields, validate };
}
