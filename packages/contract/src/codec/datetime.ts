import { CodecError } from './values.ts';

const ISO_DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The calendar day each parsed date-time was written with, in its own offset. */
const written = new WeakMap<Date, { time: number; day: string }>();

/**
 * Parses an ISO 8601 date-time. Offsets written `+HHMM` (no colon) are tolerated, as the wire
 * format allows; a missing offset means UTC. Throws CodecError for anything else.
 */
export function parseDatetime(text: string): Date {
  const match = ISO_DATETIME.exec(text.trim());
  if (!match) throw new CodecError(`not an ISO date-time: ${JSON.stringify(text.slice(0, 40))}`);
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = match;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const millis = frac.padEnd(3, '0').slice(0, 3);
  const normalized = `${y}-${mo}-${d}T${h}:${mi}:${s}.${millis}${offset}`;
  const date = new Date(normalized);
  if (Number.isNaN(date.getTime())) throw new CodecError(`invalid date-time: ${JSON.stringify(text.slice(0, 40))}`);
  // Reject calendar overflow such as 2024-02-31, which Date would silently roll over.
  const check = new Date(date.getTime() + offsetMinutes(offset) * 60_000);
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() + 1 !== Number(mo)) {
    throw new CodecError(`invalid calendar date: ${JSON.stringify(text.slice(0, 40))}`);
  }
  written.set(date, { time: date.getTime(), day: `${y}-${mo}-${d}` });
  return date;
}

/**
 * The calendar date (`yyyy-MM-dd`) a date-time names: the day as the sender wrote it, in the sender's
 * own offset, for a Date that parseDatetime made (`1990-05-17T00:00:00+02:00` is 17 May, not 16);
 * else, or once the Date was changed, its UTC day. Never the server's time zone.
 */
export function calendarDateOf(date: Date): string {
  const entry = written.get(date);
  if (entry && entry.time === date.getTime()) return entry.day;
  return date.toISOString().slice(0, 10);
}

function offsetMinutes(offset: string): number {
  if (offset === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}

export function formatDatetime(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new CodecError('cannot encode an invalid Date');
  return date.toISOString();
}
