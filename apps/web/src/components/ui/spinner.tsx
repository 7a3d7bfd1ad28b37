import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { SPINNER_LABEL_DELAY_MS } from '@portal/contract/data/constants';

/** A loading spinner whose text label appears after 10 ms (spec 000 §9), so quick loads do not flash it. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  const [showLabel, setShowLabel] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShowLabel(true), SPINNER_LABEL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner-wheel" aria-hidden="true" />
      <span className={showLabel ? 'spinner-label' : 'visually-hidden'}>{label ?? t('app.loading')}</span>
    </div>
  );
}
