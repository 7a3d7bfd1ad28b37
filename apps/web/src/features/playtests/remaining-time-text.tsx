// "3 days left" / "5 hours left" to redeem, kept current while the page stays open.
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { pluralKey } from '../../lib/i18n/plural.ts';
import { REMAINING_TEXT, remainingTime } from './remaining-time.ts';

const TICK_MS = 60_000;

export function RemainingTimeText({ end }: { end: Date | null }) {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const left = remainingTime(end, now);
  if (!left) return null;
  return (
    <span className="playtest-remaining">
      {t(pluralKey(REMAINING_TEXT[left.unit], left.count, i18n.language), { count: left.count })}
    </span>
  );
}
