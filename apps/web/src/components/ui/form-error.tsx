import type { ReactNode } from 'react';
import { useServices, useSession } from '../../lib/services.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { isLoggedIn } from '../../lib/auth/session-store.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { errorMessageValues } from '../../lib/i18n/error-values.ts';
import { href } from '../../lib/router/route-table.ts';
import { Link } from '../../lib/router/router.tsx';

/** The message of a failed call in the user's language (error.generic for unknown codes). */
export function useErrorMessage() {
  const { t, i18n } = useTranslation();
  const { debug } = useServices();
  return (error: unknown): string | null => {
    if (error === null || error === undefined) return null;
    // Dates in the body are shown in the user's format (error-values.ts).
    if (error instanceof ApiError)
      return t(error.messageKey(debug), errorMessageValues(error.wire.body, i18n.language));
    return t('error.generic');
  };
}

/** A soft lock (1220) whose answer offers the password reset (`reset_password` in its body). */
function offersPasswordReset(error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.is('account_soft_locked')) return false;
  const body = error.wire.body as { reset_password?: unknown } | null;
  return body?.reset_password === true;
}

export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = useErrorMessage()(error);
  const signedIn = isLoggedIn(useSession());
  if (!message) return null;
  return (
    <div className="notice notice-error" role="alert">
      <p>{message}</p>
      {/* The reset page is a visitor's (it takes the address the sign-in was started with). */}
      {!signedIn && offersPasswordReset(error) ? (
        <p>
          <Link to={href('reset-password')}>{t('signIn.resetLocked')}</Link>
        </p>
      ) : null}
    </div>
  );
}

/** A read that failed: its message, and a button that tries it again (disabled while it does). */
export function LoadError({
  error,
  onRetry,
  retrying = false,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  const message = useErrorMessage()(error);
  return (
    <div className="notice notice-error" role="alert">
      <p>{message}</p>
      <button
        type="button"
        className="button button-secondary button-small notice-retry"
        onClick={onRetry}
        disabled={retrying}
      >
        {t('app.tryAgain')}
      </button>
    </div>
  );
}

/**
 * A form of fields, its error and one submit button, run by a useSubmit action. Field errors are the
 * screen's own (noValidate): the browser's bubbles would not be in the user's language.
 */
export function SubmitForm({
  submit,
  label,
  children,
}: {
  submit: { run: () => Promise<void>; pending: boolean; error: unknown };
  label: string;
  children: ReactNode;
}) {
  return (
    <form className="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit.run())}>
      {children}
      <FormError error={submit.error} />
      <button type="submit" className="button" disabled={submit.pending}>
        {label}
      </button>
    </form>
  );
}
