// Bad input (issue 19) for the device flow's user codes as a person types them: 100,000 generated
// cases, fixed seed. A code is read or refused (null), never a throw; what is read is 9 letters of
// the alphabet, the typed letters themselves, and reads back unchanged, also from its display form.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { USER_CODE_ALPHABET, USER_CODE_LENGTH, displayUserCode, normalizeUserCode } from './user-code.ts';

const RUNS = 100_000;
/** 100,000 cases take a few seconds; a busy machine (the whole suite on two cores) takes longer. */
const TIMEOUT = 60_000;

const typed = fc
  .tuple(
    fc.string({
      unit: fc.constantFrom(
        ...USER_CODE_ALPHABET,
        ...USER_CODE_ALPHABET.toLowerCase(),
        'A',
        'O',
        '0',
        '1',
        '-',
        ' ',
        '\t',
        '\u00a0',
      ),
      minLength: 6,
      maxLength: 14,
    }),
    fc.constantFrom('', ' ', '\n', '  '),
  )
  .map(([code, pad]) => `${pad}${code}${pad}`);

describe('device user codes, 100,000 cases', { timeout: TIMEOUT }, () => {
  it('normalizeUserCode reads a code or answers null for any text, idempotently', () => {
    const form = new RegExp(`^[${USER_CODE_ALPHABET}]{${USER_CODE_LENGTH}}$`);
    let read = 0;
    fc.assert(
      fc.property(fc.oneof(typed, fc.string({ unit: 'binary', maxLength: 16 })), (text) => {
        const code = normalizeUserCode(text);
        if (code === null) return;
        read++;
        expect(code).toMatch(form);
        expect(text.replace(/\s/g, '').replaceAll('-', '').toUpperCase()).toBe(code);
        expect(normalizeUserCode(code)).toBe(code);
        expect(normalizeUserCode(displayUserCode(code))).toBe(code);
        expect(normalizeUserCode(displayUserCode(code).toLowerCase())).toBe(code);
      }),
      { numRuns: RUNS, seed: 19_601 },
    );
    expect(read).toBeGreaterThan(RUNS / 100);
  });
});
