// The values an error's message is filled with, as a person reads them: the server sends dates as
// `yyyy-MM-dd` and moments as ISO timestamps; the message shows them in the user's locale format, as
// the page beside it does (a locked link's card, the display name's next change).
import { formatCalendarDate, formatDate } from '../dates.ts';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

function readable(value: unknown, language: string): unknown {
  if (typeof value !== 'string') return value;
  if (MOMENT.test(value)) return formatDate(new Date(value), language);
  if (CALENDAR_DATE.test(value)) return formatCalendarDate(value, language);
  return value;
}

/**
 * An error body's values for its message, dates in `language`'s format. A body that gives a day
 * (`date`) with the moment it comes from (`locked_until`, `available_at`) names the player's own day
 * of that moment, the one the page shows, not the server's UTC day.
 */
export function errorMessageValues(
  body: Readonly<Record<string, unknown>> | null | undefined,
  language: string,
): Record<string, unknown> | undefined {
  if (!body) return undefined;
  const values = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, readable(value, language)]));
  const moment = Object.values(body).find((value): value is string => typeof value === 'string' && MOMENT.test(value));
  if (typeof body.date === 'string' && CALENDAR_DATE.test(body.date) && moment) {
    values.date = formatDate(new Date(moment), language);
  }
  return values;
}
