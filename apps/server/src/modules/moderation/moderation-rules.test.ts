// What an operator may set (issue 30): reason codes, the note, the end of a ban, the operator's name.
import { describe, expect, it } from 'vitest';
import { banEnd, ModerationError, operatorName, playerNote, reasonOf } from './moderation-rules.ts';

const now = new Date('2030-06-15T12:00:00Z');

describe('an operator setting a ban or block', () => {
  it('takes only the reason codes the player has a text for', () => {
    expect(reasonOf('ban', 'cheating')).toBe('cheating');
    expect(() => reasonOf('ban', 'legal_hold')).toThrow(/a ban cannot have the reason legal_hold: one of cheating/);
    expect(() => reasonOf('ban', undefined)).toThrow(/a ban needs --reason: one of cheating/);
    expect(reasonOf('block', 'suspected_takeover')).toBe('suspected_takeover');
    expect(() => reasonOf('block', 'cheating')).toThrow(/a block cannot have the reason cheating/);
  });

  it('takes a note of at most 500 characters, trimmed, none when blank', () => {
    expect(playerNote('  Aimbot.  ')).toBe('Aimbot.');
    expect(playerNote('   ')).toBeNull();
    expect(playerNote(undefined)).toBeNull();
    expect(playerNote('x'.repeat(500))).toHaveLength(500);
    expect(() => playerNote('x'.repeat(501))).toThrow(/501 characters; at most 500/);
  });

  it('ends a ban at a date (midnight UTC) or a time with its zone, in the future only', () => {
    expect(banEnd(undefined, now)).toBeNull();
    expect(banEnd('2030-07-01', now)?.toISOString()).toBe('2030-07-01T00:00:00.000Z');
    expect(() => banEnd('2030-06-15T14:00:00+02:00', now)).toThrow(/not in the future/);
    expect(banEnd('2030-06-15T12:00:01Z', now)?.toISOString()).toBe('2030-06-15T12:00:01.000Z');
    for (const bad of ['tomorrow', '2030-13-01', '2030-07-01T10:00', '07/01/2030'])
      expect(() => banEnd(bad, now), bad).toThrow(ModerationError);
  });

  it('names the operator by --by or the system user, in a safe form', () => {
    expect(operatorName(undefined, 'root')).toBe('root');
    expect(operatorName('alice.support', 'root')).toBe('alice.support');
    expect(() => operatorName('alice; DROP', 'root')).toThrow(/--by takes a name/);
  });
});
