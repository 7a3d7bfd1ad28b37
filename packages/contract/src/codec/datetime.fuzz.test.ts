// Bad input (issue 19) for the codec's parsers of dates and bytes: 100,000 generated cases per
// property, fixed seeds. A date-time is read or refused with a CodecError, exactly when its fields
// name a real instant; base64 is read or refused, and what was read encodes back to the same bytes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './base64.ts';
import { calendarDateOf, formatDatetime, parseDatetime } from './datetime.ts';
import { CodecError } from './values.ts';

const RUNS = 100_000;
/** 100,000 cases take a few seconds; a busy machine (the whole suite on two cores) takes longer. */
const TIMEOUT = 60_000;

/** The form parseDatetime documents: ISO 8601, `T` or a space, optional time, `Z` or an offset with or without colon. */
const DOCUMENTED =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(?:Z|([+-])(\d{2}):?(\d{2}))?$/i;

function parsed(text: string): Date | CodecError {
  try {
    return parseDatetime(text);
  } catch (error) {
    if (error instanceof CodecError) return error;
    throw error;
  }
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) =>
  [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;

/** Whether the fields of a documented date-time name a real instant (the reference the parser must agree with). */
function realInstant(match: RegExpExecArray): boolean {
  const [, y, mo, d, h = '00', mi = '00', s = '00', , oh = '00', om = '00'] = match;
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(year, month) &&
    Number(h) <= 23 &&
    Number(mi) <= 59 &&
    Number(s) <= 59 &&
    Number(oh) <= 23 &&
    Number(om) <= 59
  );
}

const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
/** Two digits: mostly within a field's range (so that many texts are accepted), sometimes any. */
const field = (max: number, min = 0) =>
  fc.oneof(
    { arbitrary: fc.integer({ min, max }).map((n) => String(n).padStart(2, '0')), weight: 4 },
    { arbitrary: digits(2), weight: 1 },
  );
/** Near-ISO texts: every field any two digits, any separators, offsets, fractions and spaces. */
const isoish = fc
  .tuple(
    digits(4),
    field(12, 1),
    field(31, 1),
    fc.option(
      fc.tuple(
        fc.constantFrom('T', 't', ' ', '_'),
        digits(2),
        digits(2),
        fc.option(digits(2)),
        fc.option(fc.integer({ min: 1, max: 11 })),
      ),
    ),
    fc.constantFrom('', 'Z', 'z', '+', '-'),
    field(23),
    fc.constantFrom('', ':', '::'),
    field(59),
    fc.constantFrom('', ' ', '\t', '\n'),
  )
  .map(([y, mo, d, time, sign, oh, colon, om, pad]) => {
    const clock = time
      ? `${time[0]}${time[1]}:${time[2]}${time[3] ? `:${time[3]}` : ''}${time[3] && time[4] ? `.${'5'.repeat(time[4])}` : ''}`
      : '';
    const zone = sign === '+' || sign === '-' ? `${sign}${oh}${colon}${om}` : sign;
    return `${pad}${y}-${mo}-${d}${clock}${zone}${pad}`;
  });

describe('parseDatetime, 100,000 cases per property', { timeout: TIMEOUT }, () => {
  it('reads any text or refuses it with a CodecError; what it reads is documented and real', () => {
    fc.assert(
      fc.property(fc.oneof(isoish, fc.string({ unit: 'binary', maxLength: 40 })), (text) => {
        const result = parsed(text);
        const match = DOCUMENTED.exec(text.trim());
        expect(result instanceof Date).toBe(match !== null && realInstant(match));
        if (result instanceof Date) {
          expect(Number.isNaN(result.getTime())).toBe(false);
          // Idempotent: the canonical form reads back as the same instant.
          expect(parseDatetime(formatDatetime(result)).getTime()).toBe(result.getTime());
          expect(calendarDateOf(result)).toBe(`${match![1]}-${match![2]}-${match![3]}`);
        }
      }),
      { numRuns: RUNS, seed: 19_101 },
    );
  });

  it('reads the instant and the written day of any date-time written with any offset', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('0001-01-02T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
        fc.boolean(),
        (instant, offset, colon) => {
          const local = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 23);
          const abs = Math.abs(offset);
          const zone = `${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${colon ? ':' : ''}${String(abs % 60).padStart(2, '0')}`;
          const read = parseDatetime(`${local}${zone}`);
          expect(read.getTime()).toBe(instant.getTime());
          expect(calendarDateOf(read)).toBe(local.slice(0, 10));
        },
      ),
      { numRuns: RUNS, seed: 19_102 },
    );
  });
});

describe('base64 of binary values, 100,000 cases per property', { timeout: TIMEOUT }, () => {
  it('reads back the bytes it wrote', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
      }),
      { numRuns: RUNS, seed: 19_103 },
    );
  });

  it('reads any text or refuses it with a CodecError; what it reads writes back to the same bytes', () => {
    const b64ish = fc.string({
      unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \n'),
      maxLength: 24,
    });
    fc.assert(
      fc.property(fc.oneof(b64ish, fc.string({ unit: 'binary', maxLength: 24 })), (text) => {
        let bytes: Uint8Array | undefined;
        try {
          bytes = base64ToBytes(text);
        } catch (error) {
          if (!(error instanceof CodecError)) throw error;
          return;
        }
        expect(text.length % 4).toBe(0);
        expect(text).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
        const again = bytesToBase64(bytes);
        expect(again.length).toBe(text.length);
        expect(base64ToBytes(again)).toEqual(bytes);
      }),
      { numRuns: RUNS, seed: 19_104 },
    );
  });
});
