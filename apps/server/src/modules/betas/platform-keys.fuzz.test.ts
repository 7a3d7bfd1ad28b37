// Bad input (issue 19) for the platform keys operators import: 100,000 generated keys and 100,000
// generated key files, fixed seeds. A key is read in its platform's printed form or refused, never
// a throw; reading is idempotent; a file is split into keys and problems that account for every line.
import { GAME_PLATFORM_KEYS } from '@portal/contract/data/platform-ids';
import type { GamePlatformKey } from '@portal/contract/data/platform-ids';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeKey, parseKeyFile } from './platform-keys.ts';

const RUNS = 100_000;
/** 100,000 cases take a few seconds; a busy machine (the whole suite on two cores) takes longer. */
const TIMEOUT = 60_000;

/** The printed form of each platform's keys (platform-keys.ts, as the stores print them). */
const GROUPS: Record<GamePlatformKey, number[]> = {
  pc_steam: [5, 5, 5],
  xbox_one: [5, 5, 5, 5, 5],
  xbox_series_xs: [5, 5, 5, 5, 5],
  ps_4: [4, 4, 4],
  ps_5: [4, 4, 4],
  pc_epic: [5, 5, 5, 5],
};
const printed = (platform: GamePlatformKey) =>
  new RegExp(`^${GROUPS[platform].map((n) => `[A-Z0-9]{${n}}`).join('-')}$`);

const platform = fc.constantFrom(...GAME_PLATFORM_KEYS);
const KEY_CHARACTERS = 'abcxyzABCXYZ0189';
/** A key as an operator's file may hold it: groups of any size, any case, hyphens or not, padding. */
const typedKey = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(...KEY_CHARACTERS, '-', '-', ' '), minLength: 10, maxLength: 30 }),
    fc.constantFrom('', ' ', '\t', '!', 'é', '_', 'Ⅻ'),
  )
  .map(([key, odd]) => (odd.trim() === '' ? `${odd}${key}${odd}` : key + odd));
/** A key in its platform's form, written loosely (lower case, no hyphens for Xbox, padding). */
const wellFormedKey = fc
  .tuple(
    platform,
    fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKMNPQRSTUVWXYZ0123456789'), minLength: 25, maxLength: 25 }),
    fc.boolean(),
    fc.boolean(),
    fc.constantFrom('', ' ', '\t'),
  )
  .map(([p, characters, lower, joined, pad]) => {
    let at = 0;
    const groups = GROUPS[p].map((n) => characters.slice(at, (at += n)));
    const text = joined && p.startsWith('xbox') ? groups.join('') : groups.join('-');
    return { platform: p, printed: groups.join('-'), typed: `${pad}${lower ? text.toLowerCase() : text}${pad}` };
  });

describe('platform keys, 100,000 cases per parser', { timeout: TIMEOUT }, () => {
  it('normalizeKey answers the printed form or null, for anything, idempotently', () => {
    fc.assert(
      fc.property(
        platform,
        fc.oneof(
          typedKey,
          wellFormedKey.map((k) => k.typed),
          fc.string({ unit: 'binary', maxLength: 30 }),
        ),
        (p, raw) => {
          const key = normalizeKey(p, raw);
          if (key === null) return;
          expect(key).toMatch(printed(p));
          // The same characters, upper-cased and grouped: nothing added or dropped but hyphens.
          expect(key.replaceAll('-', '')).toBe(raw.trim().toUpperCase().replaceAll('-', ''));
          expect(normalizeKey(p, key)).toBe(key);
        },
      ),
      { numRuns: RUNS, seed: 19_501 },
    );
  });

  it('normalizeKey reads every key of the platform’s form, however it is typed', () => {
    fc.assert(
      fc.property(wellFormedKey, ({ platform: p, printed: key, typed }) => {
        expect(normalizeKey(p, typed)).toBe(key);
      }),
      { numRuns: RUNS, seed: 19_502 },
    );
  });

  it('parseKeyFile accounts for every line: a key, a problem, blank or a comment', () => {
    const line = fc.oneof(
      { arbitrary: wellFormedKey.map((k) => k.typed), weight: 3 },
      { arbitrary: typedKey, weight: 2 },
      { arbitrary: fc.constantFrom('', '   ', '# comment', '  # indented comment', '\t'), weight: 1 },
      { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map((s) => s.replace(/[\r\n]/g, ' ')), weight: 1 },
    );
    const file = fc.tuple(platform, fc.array(line, { maxLength: 6 }), fc.constantFrom('\n', '\r\n'));
    fc.assert(
      fc.property(file, ([p, lines, eol]) => {
        const { keys, problems } = parseKeyFile(p, lines.join(eol));
        const counted = lines.filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).length;
        expect(keys.length + problems.length).toBe(counted);
        expect(new Set(keys).size).toBe(keys.length);
        for (const key of keys) expect(normalizeKey(p, key)).toBe(key);
        const numbers = problems.map((problem) => problem.line);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        for (const n of numbers) {
          expect(n).toBeGreaterThanOrEqual(1);
          expect(n).toBeLessThanOrEqual(Math.max(1, lines.length));
        }
        // Problems name line numbers only, never the key itself.
        for (const { problem } of problems)
          expect(problem).toMatch(/^(not a \w+ key \([X-]+\)|the same key as line \d+)$/);
      }),
      { numRuns: RUNS, seed: 19_503 },
    );
  });
});
