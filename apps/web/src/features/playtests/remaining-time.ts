// The time left to redeem a playtest (spec 000 §4 "Beta"): in days, or in hours when under one day.
// Whole days are counted down (1 day and 20 hours is "1 day left": the card never promises more time
// than there is); hours are counted up (20 minutes is "1 hour left", never "0 hours").

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface RemainingTime {
  unit: 'days' | 'hours';
  count: number;
}

/** The time left until `end`, or null when there is no end or it has passed. */
export function remainingTime(end: Date | null, now: Date): RemainingTime | null {
  if (!end) return null;
  const left = end.getTime() - now.getTime();
  if (!(left > 0)) return null;
  if (left >= DAY_MS) return { unit: 'days', count: Math.floor(left / DAY_MS) };
  return { unit: 'hours', count: Math.ceil(left / HOUR_MS) };
}

/** The plural message of each unit ("3 days left", "5 hours left"). */
export const REMAINING_TEXT = { days: 'playtests.daysLeft', hours: 'playtests.hoursLeft' } as const;
