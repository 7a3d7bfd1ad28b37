// Bad input (issue 19) for backup codes as a person types them: 100,000 generated cases, fixed seed.
// Normalising never throws, is idempotent, keeps only what matters (case, spaces and hyphens do not),
// and a code matches its hash however it is typed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashBackupCode, normalizeBackupCode } from './backup-codes.ts';

const RUNS = 100_000;
/** 100,000 cases take a few seconds; a busy machine (the whole suite on two cores) takes longer. */
const TIMEOUT = 60_000;

/** A code typed with any case, any hyphens and spaces between its characters (a base-4 mask picks them). */
const SEPARATORS = ['', '-', ' ', '\t- '];
const typedCode = fc
  .tuple(
    fc.string({
      unit: fc.constantFrom(...'23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ'),
      minLength: 8,
      maxLength: 8,
    }),
    fc.integer({ min: 0, max: 4 ** 9 - 1 }),
  )
  .map(([typed, mask]) => ({
    code: typed.toLowerCase(),
    typed: [...typed, ''].map((c, i) => SEPARATORS[Math.floor(mask / 4 ** i) % 4] + c).join(''),
  }));

describe('backup codes, 100,000 cases', { timeout: TIMEOUT }, () => {
  it('normalizeBackupCode is idempotent and leaves no case, space or hyphen, for any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          typedCode.map((c) => c.typed),
          fc.string({ unit: 'binary', maxLength: 24 }),
        ),
        (text) => {
          const normal = normalizeBackupCode(text);
          expect(normalizeBackupCode(normal)).toBe(normal);
          expect(normal).not.toMatch(/[\s-]/);
          expect(normal).toBe(normal.toLowerCase());
        },
      ),
      { numRuns: RUNS, seed: 19_701 },
    );
  });

  it('a code matches its hash however it is typed', () => {
    fc.assert(
      fc.property(typedCode, ({ code, typed }) => {
        expect(normalizeBackupCode(typed)).toBe(code);
        expect(hashBackupCode('server-key', typed)).toBe(
          hashBackupCode('server-key', `${code.slice(0, 4)}-${code.slice(4)}`),
        );
      }),
      { numRuns: RUNS, seed: 19_702 },
    );
  });
});
