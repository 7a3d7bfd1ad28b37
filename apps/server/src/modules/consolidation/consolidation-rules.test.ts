// The consolidation decision, one test per rule in the order of consolidation-rules.ts, then a
// property: whatever the accounts hold and the choices, every game profile ends in exactly one account.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideConsolidation } from './consolidation-rules.ts';
import type { ConflictChoice, ConsolidationScope, ConsolidationSnapshot } from './consolidation-rules.ts';

const snapshot = (s: Partial<ConsolidationSnapshot> = {}): ConsolidationSnapshot => ({
  source: { id: 'stub', stub: true },
  target: { id: 'full', stub: false, completed: true },
  sourceLinks: [{ platform: 'psn', subject: 'p1' }],
  targetLinks: [],
  sourceProfiles: ['starfall'],
  targetProfiles: [],
  deniedGames: new Set(),
  restrictedPlatforms: new Set(),
  ...s,
});
const whole = (choices: Record<string, ConflictChoice> = {}): ConsolidationScope => ({ kind: 'account', choices });

describe('the consolidation decision', () => {
  it('1. needs a live stub', () => {
    expect(decideConsolidation(snapshot({ source: null }), whole())).toMatchObject({
      error: 'transfer_invalid_token',
      rule: 1,
    });
    expect(decideConsolidation(snapshot({ source: { id: 'stub', stub: false } }), whole())).toMatchObject({ rule: 1 });
  });

  it('2. needs a full account other than the stub', () => {
    for (const target of [
      { id: 'full', stub: true, completed: false },
      { id: 'full', stub: false, completed: false },
      { id: 'stub', stub: false, completed: true },
    ]) {
      expect(decideConsolidation(snapshot({ target }), whole())).toMatchObject({
        error: 'transfer_invalid_token',
        rule: 2,
      });
    }
  });

  it('3. a single transfer names a link or a profile the stub has', () => {
    expect(decideConsolidation(snapshot(), { kind: 'link', platform: 'xbox' })).toMatchObject({
      error: 'link_invalid',
      rule: 3,
    });
    expect(decideConsolidation(snapshot(), { kind: 'profile', gameSlug: 'other', choice: null })).toMatchObject({
      error: 'game_profile_missing',
      rule: 3,
    });
  });

  it('4. a platform the account links with another identity blocks; restricted: unlink_restricted', () => {
    const taken = snapshot({ targetLinks: [{ platform: 'psn', subject: 'p2' }] });
    expect(decideConsolidation(taken, whole())).toMatchObject({
      error: 'platform_link_already_exists',
      platform: 'psn',
      rule: 4,
    });
    const restricted = { ...taken, restrictedPlatforms: new Set(['psn']) };
    expect(decideConsolidation(restricted, whole())).toMatchObject({
      error: 'unlink_restricted',
      platform: 'psn',
      rule: 4,
    });
    // A restricted platform the account does not link moves.
    expect(decideConsolidation(snapshot({ restrictedPlatforms: new Set(['psn']) }), whole()).kind).toBe('plan');
  });

  it('5. a game whose operator denies consolidation blocks it (1400)', () => {
    expect(decideConsolidation(snapshot({ deniedGames: new Set(['starfall']) }), whole())).toMatchObject({
      error: 'consolidation_denied',
      gameSlug: 'starfall',
      rule: 5,
    });
  });

  it('6. a game both have a save of needs a choice; either choice is applied', () => {
    const both = snapshot({ sourceProfiles: ['b', 'a', 'c'], targetProfiles: ['a', 'b'] });
    expect(decideConsolidation(both, whole())).toEqual({ kind: 'conflict', games: ['a', 'b'], rule: 6 });
    expect(decideConsolidation(both, whole({ a: 'keep_old' }))).toEqual({ kind: 'conflict', games: ['b'], rule: 6 });
    expect(decideConsolidation(both, whole({ a: 'keep_old', b: 'squash_conflict' }))).toMatchObject({
      kind: 'plan',
      plan: { moveProfiles: ['c'], replaceProfiles: ['b'], dropProfiles: ['a'] },
    });
    const one = { kind: 'profile', gameSlug: 'a', choice: null } as const;
    expect(decideConsolidation(both, one)).toEqual({ kind: 'conflict', games: ['a'], rule: 6 });
  });

  it('7. the plan: everything for the whole account (the stub goes), only what is named otherwise', () => {
    expect(decideConsolidation(snapshot(), whole())).toEqual({
      kind: 'plan',
      plan: {
        moveLinks: ['psn'],
        moveProfiles: ['starfall'],
        replaceProfiles: [],
        dropProfiles: [],
        removeStub: true,
        sourcePlatforms: ['psn'],
      },
    });
    expect(decideConsolidation(snapshot(), { kind: 'link', platform: 'psn' })).toMatchObject({
      plan: { moveLinks: ['psn'], moveProfiles: [], removeStub: false },
    });
  });

  it('leaves every game profile in exactly one account, whatever the accounts hold and the choices', () => {
    const games = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e'));
    fc.assert(
      fc.property(
        games,
        games,
        fc.dictionary(
          fc.constantFrom('a', 'b', 'c', 'd', 'e'),
          fc.constantFrom<ConflictChoice>('keep_old', 'squash_conflict'),
        ),
        (source, target, choices) => {
          const decision = decideConsolidation(
            snapshot({ sourceProfiles: source, targetProfiles: target }),
            whole(choices),
          );
          if (decision.kind !== 'plan') {
            expect(decision.kind).toBe('conflict');
            return;
          }
          const { moveProfiles, replaceProfiles, dropProfiles } = decision.plan;
          // After the plan: the account's saves, less those replaced, plus those moved or replacing.
          const after = [...target.filter((g) => !replaceProfiles.includes(g)), ...moveProfiles, ...replaceProfiles];
          expect([...after].sort()).toEqual([...new Set([...source, ...target])].sort());
          // The stub keeps none: each of its saves moved, replaced the account's, or was dropped for it.
          expect([...moveProfiles, ...replaceProfiles, ...dropProfiles].sort()).toEqual([...source].sort());
        },
      ),
      { numRuns: 2000 },
    );
  });
});
