// Bad input (issue 19) for what a person types into the account forms (display names, passwords, a
// country and state) and what a proxy puts in the location headers: 100,000 generated cases per
// parser, fixed seeds. None throws anything but the error it documents; what passes has the
// documented form.
import { findCountry, isEligibleCountry } from '@portal/contract/data/countries';
import { findUsSubdivision } from '@portal/contract/data/us-states';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../http/request-error.ts';
import { checkLocation, parseMinAgeOverrides } from './age-rules.ts';
import { locate } from './location.ts';
import { passwordProblem } from './password-rules.ts';
import { usernameProblem } from './username-rules.ts';

const RUNS = 100_000;
/** 100,000 cases take a few seconds; a busy machine (the whole suite on two cores) takes longer. */
const TIMEOUT = 60_000;

const scripts = fc.constantFrom(...'aZ09ÄßéЖжΩ星のパイ٣अ', ' ', '_', '!', '\u0000', '\u200b', '😀', 'İ');
const name = fc.string({ unit: scripts, maxLength: 20 });

describe('display names and passwords, 100,000 cases per parser', { timeout: TIMEOUT }, () => {
  it('usernameProblem passes only letters and digits within the bounds, nothing reserved', () => {
    const parts = fc.oneof(name, fc.constantFrom('admin', 'Support', 'AURORA', 'staff'));
    fc.assert(
      fc.property(
        fc.array(parts, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 4, max: 24 }),
        (pieces, min, max) => {
          const candidate = pieces.join('');
          const problem = usernameProblem(candidate, { min, max });
          if (problem !== null) return;
          expect(candidate).toMatch(/^[\p{L}\p{Nd}]+$/u);
          const length = [...candidate].length;
          expect(length).toBeGreaterThanOrEqual(min);
          expect(length).toBeLessThanOrEqual(max);
          expect(candidate.toLowerCase()).not.toMatch(/admin|support|aurora|staff/);
        },
      ),
      { numRuns: RUNS, seed: 19_901 },
    );
  });

  it('passwordProblem passes only 8 to 256 characters of four classes, without the display name', () => {
    const password = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'aZ9#éÉ٣ 星'), minLength: 6, maxLength: 14 }),
      fc.string({ unit: 'binary', minLength: 0, maxLength: 20 }),
      fc.integer({ min: 250, max: 260 }).map((n) => `Aa1!${'x'.repeat(n - 4)}`),
    );
    fc.assert(
      fc.property(password, fc.option(fc.constantFrom('Star', 'ab', 'Z9#', 'éÉ'), { nil: null }), (pw, displayName) => {
        if (passwordProblem(pw, displayName) !== null) return;
        const length = [...pw].length;
        expect(length).toBeGreaterThanOrEqual(8);
        expect(length).toBeLessThanOrEqual(256);
        for (const pattern of [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u]) expect(pw).toMatch(pattern);
        if (displayName && displayName.length >= 3) expect(pw.toLowerCase()).not.toContain(displayName.toLowerCase());
      }),
      { numRuns: RUNS, seed: 19_902 },
    );
  });
});

const country = fc.oneof(
  fc.constantFrom('US', 'us', ' US ', 'FR', 'CU', 'IR', 'KP', 'ZZ', 'XX', 'U S', '', 'USA', 'US-CA'),
  fc.string({ unit: fc.constantFrom(...'ACFIKPRSUZaeus -'), minLength: 0, maxLength: 4 }),
);
const territory = fc.oneof(
  fc.constantFrom('US-CA', 'us-ca', 'CA', 'ca', 'US-PR', 'US-XX', 'FR-75', '', ' US-NY ', 'US-'),
  fc.string({ unit: fc.constantFrom(...'ACNYUSPRx- '), minLength: 0, maxLength: 6 }),
);

describe('locations, 100,000 cases per parser', { timeout: TIMEOUT }, () => {
  it('checkLocation passes an eligible country, with a territory only for the US, or refuses with a RequestError', () => {
    fc.assert(
      fc.property(country, fc.option(territory, { nil: null }), (c, t) => {
        try {
          checkLocation(c, t);
        } catch (error) {
          expect(error).toBeInstanceOf(RequestError);
          return;
        }
        expect(isEligibleCountry(c)).toBe(true);
        if (t !== null) {
          expect(findCountry(c)?.code).toBe('US');
          expect(findUsSubdivision(t)).toBeDefined();
        }
      }),
      { numRuns: RUNS, seed: 19_903 },
    );
  });

  it('locate answers a listed country (else the default) and a US state only for the US, from any headers', () => {
    const value = fc.oneof(country, territory, fc.string({ unit: 'binary', maxLength: 30 }));
    const headers = fc.record(
      {
        'cf-ipcountry': fc.oneof(value, fc.array(value, { maxLength: 2 })),
        'x-region': fc.oneof(value, fc.array(value, { maxLength: 2 })),
      },
      { requiredKeys: [] },
    );
    const options = { countryHeader: 'CF-IPCountry', subdivisionHeader: 'X-Region', defaultCountry: 'DE' };
    fc.assert(
      fc.property(headers, (h) => {
        const where = locate(h, options);
        const sent = h['cf-ipcountry'];
        const first = (Array.isArray(sent) ? sent[0] : sent)?.trim().slice(0, 16) ?? '';
        expect(where.country).toBe(findCountry(first)?.code ?? 'DE');
        if (where.territory !== null) {
          expect(where.country).toBe('US');
          expect(findUsSubdivision(where.territory)?.code).toBe(where.territory);
        }
      }),
      { numRuns: RUNS, seed: 19_904 },
    );
  });

  it('parseMinAgeOverrides keeps the well-formed `CC=NN` entries and ignores the rest', () => {
    const entry = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('DE', 'FR', 'de', 'D', 'DEU', ''),
          fc.constantFrom('=', ' = ', '=='),
          fc.constantFrom('16', '9', '100', '-1', 'x', ''),
        )
        .map((p) => p.join('')),
      fc.string({ unit: 'binary', maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 5 }), (entries) => {
        const overrides = parseMinAgeOverrides(entries.join(','));
        for (const [code, age] of Object.entries(overrides)) {
          expect(code).toMatch(/^[A-Z]{2}$/);
          expect(Number.isInteger(age) && age >= 0 && age <= 99).toBe(true);
        }
        // Idempotent: the overrides written back read the same.
        const written = Object.entries(overrides).map(([code, age]) => `${code}=${age}`);
        expect(parseMinAgeOverrides(written.join(','))).toEqual(overrides);
      }),
      { numRuns: RUNS, seed: 19_905 },
    );
  });
});
