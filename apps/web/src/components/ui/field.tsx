// Form fields: a visible label, the input, a hint, and an error tied to the input for assistive tech.
import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string | undefined;
  error?: string | null | undefined;
}

export function TextField({ label, hint, error, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CheckboxField({
  label,
  error,
  ...input
}: { label: ReactNode; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field field-checkbox">
      <input id={id} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={errorId} {...input} />
      <label htmlFor={id}>{label}</label>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The field for a 6-digit code: from an email (sign-in, registration, verification) by default, or
 * from an authenticator app with its own label and hint (digits only).
 */
export function CodeField({
  value,
  onChange,
  label,
  hint,
  digitsOnly = false,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  label?: string;
  hint?: string;
  digitsOnly?: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label ?? t('form.code')}
      hint={hint ?? t('form.codeHint')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      error={error}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(digitsOnly ? /\D/g : /\s/g, ''))}
    />
  );
}

/** The account's current password, asked again before a change (password change, re-authentication). */
export function CurrentPasswordField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('security.currentPassword')}
      type="password"
      autoComplete="current-password"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}
