import { useTranslation } from '../lib/i18n/messages.ts';

/** Shown when the app cannot start (spec 000 §8: startup failure → system-failure page). */
export function SystemFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="system-failure">
      <div role="alert">
        <h1>{t('systemFailure.title')}</h1>
        <p>{t('systemFailure.body')}</p>
      </div>
      <button type="button" className="button" onClick={onRetry}>
        {t('systemFailure.retry')}
      </button>
    </main>
  );
}
