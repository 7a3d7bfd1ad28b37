// Bad input (issue 19) for the parsers of locales, countries, US states, platform ids and speeds:
// 100,000 generated cases per parser, fixed seeds. Each answers a listed value or nothing, never
// throws, answers what its documented rule says, and is idempotent on what it answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPEED_BANDS, findSpeedBand } from './constants.ts';
import { COUNTRIES, findCountry, isEligibleCountry } from './countries.ts';
import {
  BARE_LANGUAGE_DEFAULTS,
  DEFAULT_LOCALE,
  LOCALE_TAGS,
  findLocale,
  negotiateLocale,
  resolveLocale,
} from './locales.ts';
import { PLATFORM_IDS, normalizePlatformId } from './platform-ids.ts';
import { US_SUBDIVISIONS, findUsSubdivision } from './us-states.ts';

const RUNS = 100_000;
/** 100,000 cases take a few seconds; a busy machine (the whole suite on two cores) takes longer. */
const TIMEOUT = 60_000;

/** A string with its letters' case flipped at random, and maybe spaces around it. */
const respelled = (values: readonly string[]) =>
  fc
    .tuple(fc.constantFrom(...values), fc.array(fc.boolean(), { maxLength: 12 }), fc.constantFrom('', ' ', '\t', '  '))
    .map(([value, flips, pad]) => {
      const letters = [...value].map((c, i) =>
        flips[i] ? (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) : c,
      );
      return `${pad}${letters.join('')}${pad}`;
    });
const letters = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ'), minLength: min, maxLength: max });
const anything = fc.string({ unit: 'binary', maxLength: 30 });

const languageTag = fc
  .tuple(
    fc.oneof(respelled(Object.keys(BARE_LANGUAGE_DEFAULTS)), letters(2, 3), respelled(LOCALE_TAGS)),
    fc.array(
      fc.tuple(fc.constantFrom('-', '_'), fc.oneof(letters(1, 8), fc.constantFrom('Hant', 'TW', 'HK', 'US', '419'))),
      {
        maxLength: 3,
      },
    ),
  )
  .map(([language, subtags]) => language + subtags.map(([sep, tag]) => sep + tag).join(''));
const quality = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    ';q=1',
    ';q=0',
    ';q=0.5',
    ';Q=0.001',
    ';q=1.000',
    ';q=2',
    ';q=abc',
    ';q=',
    ';level=1',
    ';q=0.1;q=0.9',
  ),
);
const acceptLanguage = fc.oneof(
  fc
    .tuple(
      fc.array(fc.tuple(fc.oneof(languageTag, fc.constant('*'), anything), quality), { maxLength: 6 }),
      fc.constantFrom(',', ', ', ' ,'),
    )
    .map(([entries, separator]) => entries.map(([tag, q]) => `${tag}${q}`).join(separator)),
  anything,
);

describe('locales, 100,000 cases per parser', { timeout: TIMEOUT }, () => {
  it('negotiateLocale answers a supported locale for any header, and the same again for its answer', () => {
    fc.assert(
      fc.property(fc.option(acceptLanguage, { nil: undefined }), (header) => {
        const locale = negotiateLocale(header);
        expect(LOCALE_TAGS).toContain(locale);
        expect(negotiateLocale(locale)).toBe(locale);
        // A supported tag first, unweighted, wins over whatever follows it.
        const first = LOCALE_TAGS[(header?.length ?? 0) % LOCALE_TAGS.length]!;
        expect(negotiateLocale(`${first},${header ?? ''}`)).toBe(first);
        // Nothing usable: the default.
        if (header === undefined || header.trim() === '') expect(locale).toBe(DEFAULT_LOCALE);
      }),
      { numRuns: RUNS, seed: 19_201 },
    );
  });

  it('resolveLocale answers nothing or the locale of the tag’s language, idempotently', () => {
    fc.assert(
      fc.property(fc.oneof(languageTag, anything), (tag) => {
        const found = resolveLocale(tag);
        if (found === undefined) return;
        const language = tag.trim().toLowerCase().split(/[-_]/)[0]!;
        expect(BARE_LANGUAGE_DEFAULTS[language]?.split('-')[0]).toBe(found.tag.split('-')[0]);
        expect(resolveLocale(found.tag)).toBe(found);
        // An exact tag (any case, `_` for `-`) is itself.
        const exact = findLocale(tag);
        if (exact !== undefined) expect(found).toBe(exact);
      }),
      { numRuns: RUNS, seed: 19_202 },
    );
  });
});

describe('countries, US states and platform ids, 100,000 cases per parser', { timeout: TIMEOUT }, () => {
  it('findCountry answers nothing or the listed country of that code, in any case', () => {
    const codes = COUNTRIES.map((c) => c.code);
    fc.assert(
      fc.property(fc.oneof(respelled(codes), letters(0, 3), anything), (code) => {
        const found = findCountry(code);
        expect(found === undefined ? undefined : found.code).toBe(codes.find((c) => c === code.trim().toUpperCase()));
        expect(isEligibleCountry(code)).toBe(found !== undefined && !found.embargoed);
        if (found) expect(findCountry(found.code)).toBe(found);
      }),
      { numRuns: RUNS, seed: 19_203 },
    );
  });

  it('findUsSubdivision answers nothing or the listed state or territory of that code', () => {
    const codes = US_SUBDIVISIONS.map((s) => s.code);
    fc.assert(
      fc.property(
        fc.oneof(
          respelled(codes),
          letters(2, 2).map((s) => `US-${s}`),
          anything,
        ),
        (code) => {
          const found = findUsSubdivision(code);
          expect(found?.code).toBe(codes.find((c) => c === code.trim().toUpperCase()));
          if (found) expect(findUsSubdivision(found.code)).toBe(found);
        },
      ),
      { numRuns: RUNS, seed: 19_204 },
    );
  });

  it('normalizePlatformId answers nothing or a platform id, idempotently', () => {
    const hyphenated = PLATFORM_IDS.map((id) => id.replaceAll('_', '-'));
    fc.assert(
      fc.property(
        fc.oneof(respelled([...PLATFORM_IDS, ...hyphenated]), letters(1, 12), anything, fc.constant('x'.repeat(65))),
        (raw) => {
          const id = normalizePlatformId(raw);
          const expected = raw.length <= 64 ? raw.trim().toLowerCase().replaceAll('-', '_') : undefined;
          expect(id).toBe(PLATFORM_IDS.find((p) => p === expected));
          if (id !== undefined) expect(normalizePlatformId(id)).toBe(id);
        },
      ),
      { numRuns: RUNS, seed: 19_205 },
    );
  });
});

describe('speed bands, 100,000 cases', { timeout: TIMEOUT }, () => {
  it('findSpeedBand answers the one band holding a speed of 0 to 1000 Mbps, else nothing', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), fc.integer({ min: -10, max: 1010 }), fc.constantFrom(0, 25, 1000, -0, 1000.0001)),
        (mbps) => {
          const band = findSpeedBand(mbps);
          if (!(mbps >= 0 && mbps <= 1000)) {
            expect(band).toBeUndefined();
            return;
          }
          expect(band).toBeDefined();
          expect(
            SPEED_BANDS.filter((b) => mbps >= b.min && (mbps < b.max || (mbps === 1000 && b.max === 1000))),
          ).toEqual([band]);
        },
      ),
      { numRuns: RUNS, seed: 19_206 },
    );
  });
});
