// Whether an account may be used now (issue 30): which restriction is in force, for the portal and
// for one game, and what the player is told of it.
import { describe, expect, it } from 'vitest';
import type { StoredRestriction } from './standing.ts';
import { inForce, noticeOf, restrictionInForce, standingRefusal } from './standing.ts';

const now = new Date('2030-06-15T12:00:00Z');
const restriction = (fields: Partial<StoredRestriction> = {}): StoredRestriction => ({
  id: 'r',
  kind: 'ban',
  game: null,
  reason: 'cheating',
  note: null,
  startsAt: '2030-06-01T00:00:00+00:00',
  endsAt: null,
  ...fields,
});

describe('a restriction in force', () => {
  it('starts at its start and ends at its end, without end when it has none', () => {
    expect(inForce(restriction(), now)).toBe(true);
    expect(inForce(restriction({ startsAt: '2030-06-15T12:00:00Z' }), now)).toBe(true);
    expect(inForce(restriction({ startsAt: '2030-06-15T12:00:01Z' }), now)).toBe(false);
    expect(inForce(restriction({ endsAt: '2030-06-15T12:00:01Z' }), now)).toBe(true);
    expect(inForce(restriction({ endsAt: '2030-06-15T12:00:00Z' }), now)).toBe(false);
  });

  it('refuses with a block first, then a ban of the account, then a ban of the game asked for', () => {
    const block = restriction({ id: 'block', kind: 'block', reason: 'legal_hold' });
    const account = restriction({ id: 'account' });
    const game = restriction({ id: 'game', game: 'starfall-legends' });
    expect(restrictionInForce([game, account, block], 'starfall-legends', now)?.id).toBe('block');
    expect(restrictionInForce([game, account], 'starfall-legends', now)?.id).toBe('account');
    expect(restrictionInForce([game], 'starfall-legends', now)?.id).toBe('game');
  });

  it('never refuses the portal, or another game, for a ban of one game', () => {
    const game = restriction({ game: 'starfall-legends' });
    expect(restrictionInForce([game], null, now)).toBeNull();
    expect(restrictionInForce([game], 'moonfall-arena', now)).toBeNull();
  });

  it('lets an account in once its ban ran out', () => {
    expect(standingRefusal({ restrictions: [restriction({ endsAt: '2030-06-10T00:00:00Z' })] }, null, now)).toBeNull();
    expect(standingRefusal({ restrictions: [] }, null, now)).toBeNull();
  });
});

describe('what the player is told', () => {
  it('is the error of the kind (1030 for a ban, 1033 for a block) with the notice', () => {
    const banned = standingRefusal(
      { restrictions: [restriction({ note: 'Aimbot.', endsAt: '2030-07-01T00:00:00+00:00' })] },
      null,
      now,
    );
    expect(banned).toMatchObject({ errorName: 'account_banned', hydraErrorCode: 1030, status: 403 });
    expect(banned?.body).toEqual({
      restriction: {
        kind: 'ban',
        reason: 'cheating',
        note: 'Aimbot.',
        starts_at: '2030-06-01T00:00:00.000Z',
        ends_at: '2030-07-01T00:00:00.000Z',
        game: null,
      },
    });
    const blocked = standingRefusal(
      { restrictions: [restriction({ kind: 'block', reason: 'under_review' })] },
      null,
      now,
    );
    expect(blocked).toMatchObject({ errorName: 'account_blocked', hydraErrorCode: 1033 });
    expect(noticeOf(restriction({ game: 'starfall-legends' }))).toMatchObject({ game: 'starfall-legends' });
  });
});
