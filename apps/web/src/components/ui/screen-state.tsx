// The screen loading states of spec 000 §4: pending, error, loading, normal, skeletonLoading, loggingOut.
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Spinner } from './spinner.tsx';

export type ScreenStatus = 'pending' | 'error' | 'loading' | 'normal' | 'skeletonLoading' | 'loggingOut';

export function ScreenState({
  status,
  children,
  onRetry,
  skeletonRows = 3,
}: {
  status: ScreenStatus;
  children: ReactNode;
  onRetry?: () => void;
  skeletonRows?: number;
}) {
  const { t } = useTranslation();
  switch (status) {
    case 'normal':
      return <>{children}</>;
    case 'skeletonLoading':
      return (
        <div className="skeleton" aria-busy="true" aria-label={t('app.loading')}>
          {Array.from({ length: skeletonRows }, (_, i) => (
            <span key={i} className="skeleton-row" />
          ))}
        </div>
      );
    case 'loggingOut':
      return <Spinner label={t('app.signingOut')} />;
    case 'error':
      return (
        <div className="notice notice-error" role="alert">
          <p>{t('error.generic')}</p>
          {onRetry ? (
            <button type="button" className="button button-secondary" onClick={onRetry}>
              {t('app.tryAgain')}
            </button>
          ) : null}
        </div>
      );
    default:
      return <Spinner />;
  }
}
