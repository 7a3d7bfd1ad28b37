// Bad input (issue 19) for the schemas that read what a person or a client types: emails, dates,
// codes, tokens, query values. 100,000 generated cases per parser, fixed seeds. Each parser never
// throws (safeParse answers), what it accepts has the documented form, and it is idempotent: what it
// answers, read again, is answered unchanged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Binary, Hidden, Localized, ObjectId } from '../codec/values.ts';
import { DEVICE_CODE_ALPHABET } from '../data/constants.ts';
import {
  backupCode,
  campaignCode,
  countryCode,
  deviceUserCode,
  linkToken,
  locale,
  shortCode,
  territoryCode,
  totpCode,
} from './entities.ts';
import { EMAIL_PATTERN, calendarDateOrDatetime, datetime, email, emailCode, queryBoolean, queryInt } from './wire.ts';

const RUNS = 100_000;
/** 100,000 cases take a few seconds; a busy machine (the whole suite on two cores) takes longer. */
const TIMEOUT = 60_000;

/** Values of every kind a decoded body or a query can hold, for any field. */
const noise = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.jsonValue({ maxDepth: 1 }),
  fc.constantFrom(
    undefined,
    null,
    '',
    ' ',
    new Date(Number.NaN),
    new Date(0),
    new Localized('s', 'text', {}),
    new Binary(new Uint8Array([1])),
    new ObjectId('0123456789abcdef01234567'),
    new Hidden('x'),
    ['a'],
    { a: 1 },
  ),
);
const pad = fc.constantFrom('', ' ', '  ', '\t', '\n', '\u00a0');
const from = (alphabet: string, min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength: min, maxLength: max });
const padded = (inner: fc.Arbitrary<string>) => fc.tuple(pad, inner, pad).map(([a, s, b]) => a + s + b);

/**
 * Reads `input` with `schema` 100,000 times: never a throw; an accepted value passes `documented` and
 * reads back unchanged.
 */
function fuzzParser<S extends z.ZodType>(
  schema: S,
  input: fc.Arbitrary<unknown>,
  documented: (value: z.output<S>, raw: unknown) => void,
  seed: number,
) {
  let accepted = 0;
  fc.assert(
    fc.property(fc.oneof({ arbitrary: input, weight: 3 }, { arbitrary: noise, weight: 1 }), (raw) => {
      const read = schema.safeParse(raw);
      if (!read.success) return;
      accepted++;
      documented(read.data, raw);
      const again = schema.safeParse(read.data);
      expect(again.success).toBe(true);
      expect(again.data).toEqual(read.data);
    }),
    { numRuns: RUNS, seed },
  );
  // The generated input is near enough to the form that the parser accepts a good share of it.
  expect(accepted).toBeGreaterThan(RUNS / 50);
}

const EMAILISH = 'abcXYZ019._%+-@ äé\u0000';
const DIGITS = '0123456789';
const ALNUM = 'abcxyzABCXYZ0189';

describe('emails and dates, 100,000 cases per parser', { timeout: TIMEOUT }, () => {
  it('email(): trimmed, at most 254 characters, one @, a dot after it, no whitespace', () => {
    const address = fc
      .tuple(
        from(EMAILISH, 0, 12),
        fc.constantFrom('@', '@@', ''),
        from(EMAILISH, 0, 12),
        fc.constantFrom('.', '', '..'),
        from(EMAILISH, 0, 6),
      )
      .map((parts) => parts.join(''));
    const long = fc.integer({ min: 240, max: 270 }).map((n) => `${'a'.repeat(n - 12)}@example.com`);
    fuzzParser(
      email(),
      padded(fc.oneof(address, fc.emailAddress(), long)),
      (value, raw) => {
        expect(value).toBe(String(raw).trim());
        expect(value.length).toBeLessThanOrEqual(254);
        expect(value).toMatch(EMAIL_PATTERN);
        expect(value.split('@')).toHaveLength(2);
      },
      19_301,
    );
  });

  it('calendarDateOrDatetime(): a real calendar day yyyy-MM-dd, from a date or any date-time', () => {
    const two = (max: number) =>
      fc.oneof(
        fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0')),
        from(DIGITS, 1, 3),
      );
    const day = fc.tuple(from(DIGITS, 4, 4), two(13), two(32)).map(([y, m, d]) => `${y}-${m}-${d}`);
    const time = fc.constantFrom(
      '',
      'T00:00:00Z',
      'T23:59:59.999-05:00',
      ' 12:00',
      'T10:00:00+0130',
      'T25:00:00Z',
      'Z',
    );
    const dates = fc.oneof(
      fc.tuple(day, time).map(([d, t]) => d + t),
      fc.date().map((d) => d),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    );
    fuzzParser(
      calendarDateOrDatetime(),
      dates,
      (value) => {
        expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10)).toBe(value);
      },
      19_302,
    );
  });

  it('datetime(): a valid Date, from a Date or an ISO string', () => {
    const iso = fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc
        .tuple(from(DIGITS, 4, 4), from(DIGITS, 2, 2), from(DIGITS, 2, 2))
        .map(([y, m, d]) => `${y}-${m}-${d}T12:00:00+0100`),
      fc.date(),
    );
    fuzzParser(
      datetime(),
      iso,
      (value) => {
        expect(value).toBeInstanceOf(Date);
        expect(Number.isNaN((value as Date).getTime())).toBe(false);
      },
      19_303,
    );
  });
});

describe('codes and tokens, 100,000 cases per parser', { timeout: TIMEOUT }, () => {
  /** Typed text: padded for the parsers that trim, mostly bare for those that do not. */
  const code = (alphabet: string, min: number, max: number) => padded(from(alphabet, min, max));
  const bare = (alphabet: string, min: number, max: number) =>
    fc.oneof({ arbitrary: from(alphabet, min, max), weight: 4 }, { arbitrary: code(alphabet, min, max), weight: 1 });

  it('emailCode(): 6 letters or digits', () => {
    fuzzParser(emailCode(), code(ALNUM + ' -', 4, 8), (v) => expect(v).toMatch(/^[0-9A-Za-z]{6}$/), 19_304);
  });

  it('totpCode: 6 digits', () => {
    fuzzParser(totpCode, code(DIGITS + 'a -', 5, 7), (v) => expect(v).toMatch(/^[0-9]{6}$/), 19_305);
  });

  it('backupCode: 8 to 16 letters, digits or hyphens', () => {
    fuzzParser(backupCode, code(ALNUM + '- _', 6, 18), (v) => expect(v).toMatch(/^[A-Za-z0-9-]{8,16}$/), 19_306);
  });

  it('linkToken: 16 to 512 URL-safe characters', () => {
    fuzzParser(linkToken, bare(ALNUM + '._~-+', 14, 40), (v) => expect(v).toMatch(/^[A-Za-z0-9._~-]{16,512}$/), 19_307);
  });

  it('campaignCode: 4 to 64 letters, digits or hyphens, trimmed', () => {
    fuzzParser(campaignCode, code(ALNUM + '-_ ', 2, 66), (v) => expect(v).toMatch(/^[A-Za-z0-9-]{4,64}$/), 19_308);
  });

  it('shortCode: 4 to 128 letters, digits, _ or -, trimmed', () => {
    fuzzParser(shortCode, code(ALNUM + '-_. ', 2, 20), (v) => expect(v).toMatch(/^[A-Za-z0-9_-]{4,128}$/), 19_309);
  });

  it('deviceUserCode: 9 letters of the device alphabet once hyphens are dropped, upper case', () => {
    const typed = code(DEVICE_CODE_ALPHABET + DEVICE_CODE_ALPHABET.toLowerCase() + '--AEIOU01', 7, 13);
    fuzzParser(
      deviceUserCode,
      typed,
      (value, raw) => {
        expect(value).toMatch(new RegExp(`^[${DEVICE_CODE_ALPHABET}]{9}$`));
        // Exactly the documented reading: trimmed, at most 12 typed, hyphens dropped, upper-cased.
        const trimmed = String(raw).trim();
        expect(trimmed.length).toBeLessThanOrEqual(12);
        expect(trimmed.replaceAll('-', '').toUpperCase()).toBe(value);
      },
      19_310,
    );
  });

  it('countryCode, territoryCode, locale: their letter forms', () => {
    const upper = 'ABCUSZ';
    fuzzParser(countryCode, bare(upper + 'a', 1, 3), (v) => expect(v).toMatch(/^[A-Z]{2}$/), 19_311);
    fuzzParser(
      territoryCode,
      fc.tuple(fc.constantFrom('US-', 'us-', 'US', 'US_', 'UK-'), bare(upper, 1, 3)).map(([a, b]) => a + b),
      (v) => expect(v).toMatch(/^US-[A-Z]{2}$/),
      19_312,
    );
    fuzzParser(
      locale,
      fc.tuple(bare('enfrE', 2, 2), fc.constantFrom('-', '_', ''), bare('USFRus', 2, 2)).map((p) => p.join('')),
      (v) => expect(v).toMatch(/^[a-z]{2}-[A-Z]{2}$/),
      19_313,
    );
  });
});

describe('query values, 100,000 cases per parser', { timeout: TIMEOUT }, () => {
  it('queryBoolean(): True/true/1 and False/false/0 only', () => {
    const words = fc.constantFrom('True', 'true', '1', 'False', 'false', '0', 'TRUE', 'yes', ' true', '');
    fuzzParser(
      queryBoolean(),
      fc.oneof(words, fc.boolean()),
      (value, raw) => {
        expect(typeof value).toBe('boolean');
        expect(value).toBe(raw === true || raw === 'True' || raw === 'true' || raw === '1');
      },
      19_314,
    );
  });

  it('queryInt(1, 100): a whole number within its bounds', () => {
    const numbers = fc.oneof(
      fc.integer({ min: -5, max: 105 }).map(String),
      fc.constantFrom('1e2', '0x10', ' 7 ', '50.0', '50.5', '', 'Infinity', '-0', '1_0'),
      fc.integer({ min: -5, max: 105 }),
    );
    fuzzParser(
      queryInt(1, 100),
      numbers,
      (value) => {
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(1);
        expect(value).toBeLessThanOrEqual(100);
      },
      19_315,
    );
  });
});
