// Zod schemas for the typed wire values. They accept the decoded classes (from an
// application/x-ag-json body) and also the plain JSON forms (ISO strings for datetimes, plain
// objects or strings for localized texts), so simple application/json clients work too.
import { z } from 'zod';
import { decodeLocalized } from '../codec/codec.ts';
import { calendarDateOf, parseDatetime } from '../codec/datetime.ts';
import { Binary, CalendarControlled, Hidden, HydraReference, Localized, ObjectId } from '../codec/values.ts';
import type { AgType } from '../codec/codec.ts';

/** Marks schemas that stand for a typed wire value, so the OpenAPI generator can describe them. */
export const wireTypes = z.registry<{ agType: AgType }>();

function tag<T extends z.ZodType>(schema: T, agType: AgType): T {
  wireTypes.add(schema, { agType });
  return schema;
}

function attempt<T>(fn: () => T, fallback: unknown): T | unknown {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/** `datetime`: a Date; ISO strings (with `+HHMM` offsets too) are accepted. */
export const datetime = () =>
  tag(
    z.preprocess(
      (v) => (typeof v === 'string' ? attempt(() => parseDatetime(v), v) : v),
      // The years a PostgreSQL timestamp (and the codec's four-digit years) can hold.
      z
        .date({ error: 'Expected an ISO 8601 date-time' })
        .refine((date) => date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999, {
          error: 'Expected a date-time between the years 0001 and 9999',
        }),
    ),
    'datetime',
  );

/** `localized`: a Localized; a plain string or {slug, default, localizations} is accepted. */
export const localized = () =>
  tag(
    z.preprocess(
      (v) => (v instanceof Localized || v === null || v === undefined ? v : attempt(() => decodeLocalized(v), v)),
      z.instanceof(Localized, { error: 'Expected a localized text' }),
    ),
    'localized',
  );

export const objectId = () =>
  tag(
    z.preprocess(
      (v) => (typeof v === 'string' ? attempt(() => new ObjectId(v), v) : v),
      z.instanceof(ObjectId, { error: 'Expected a 24-hex-digit object id' }),
    ),
    'objectid',
  );

export const binary = () => tag(z.instanceof(Binary, { error: 'Expected binary data' }), 'binary');
export const calendarControlled = () => tag(z.instanceof(CalendarControlled), 'calendar_controlled');
export const hidden = () => tag(z.instanceof(Hidden), 'hidden');
export const hydraReference = () => tag(z.instanceof(HydraReference), 'hydra_reference');

/** A calendar date `yyyy-MM-dd` (date of birth and the like), no time or zone. */
export const calendarDate = () =>
  z.iso.date({ error: 'Expected a date as yyyy-MM-dd' }).refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Expected a real calendar date');

/**
 * A calendar date a caller sends (a date of birth): `yyyy-MM-dd`, or a `datetime` (typed, or an ISO
 * string) read as the day it names where it was written: `1990-05-17T00:00:00Z` and
 * `1990-05-17T00:00:00+02:00` are both 17 May. The handler always gets `yyyy-MM-dd`.
 */
export const calendarDateOrDatetime = () =>
  z
    .union([calendarDate(), dayOfDatetime()], { error: 'Expected a date as yyyy-MM-dd or a datetime' })
    .pipe(calendarDate());

/** A `datetime` (a decoded Date, or an ISO string) as the `yyyy-MM-dd` it names; see calendarDateOf. */
const dayOfDatetime = () =>
  tag(
    z.union([z.date(), z.string()]).transform((v, ctx) => {
      const date = typeof v === 'string' ? attempt(() => parseDatetime(v), null) : v;
      if (date instanceof Date && !Number.isNaN(date.getTime())) return calendarDateOf(date);
      ctx.issues.push({ code: 'custom', message: 'Expected an ISO 8601 date-time', input: v });
      return z.NEVER;
    }),
    'datetime',
  );

/** Email shape of spec 000 §5: text, one @, text, a dot, text, no whitespace. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Longest accepted address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Whether a (trimmed) address is one the calls accept: the web's email fields check it before sending. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
export const email = () =>
  z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: 'Email is too long' })
    .regex(EMAIL_PATTERN, { error: 'Enter a valid email address' });

/** Query-string booleans: True/true/1 and False/false/0, as the portal's clients send them. */
export const queryBoolean = () =>
  z
    .union([z.boolean(), z.enum(['True', 'true', '1', 'False', 'false', '0'])])
    .transform((v) => v === true || v === 'True' || v === 'true' || v === '1');

/** A query parameter that may repeat (`?a=x&a=y`), read as a list. */
export const queryList = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item));

/** A positive page number or size in a query string. */
export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Emailed verification code: 6 characters, digits (and, per spec 000 §5, letters are tolerated). */
export const emailCode = () =>
  z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{6}$/, { error: 'The code has 6 characters' });
