// The 6-digit code of an authenticator app: signing in with two-factor, turning it on or off, and a
// game's sign-in that asks for it again.
import { useTranslation } from '../../lib/i18n/messages.ts';
import { CodeField } from './field.tsx';

export function AuthenticatorCodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <CodeField
      label={t('twoFactor.codeLabel')}
      hint={t('twoFactor.codeHint')}
      digitsOnly
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
