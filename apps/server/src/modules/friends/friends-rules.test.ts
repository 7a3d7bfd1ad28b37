// One test per rule of friends-rules.ts.
import { describe, expect, it } from 'vitest';
import { decideAnswer, decideBlock, decideInvite, decideUnfriend, lookupRelation } from './friends-rules.ts';
import type { InvitationFacts, PairFacts } from './friends-rules.ts';

const limits = { friends: 3, openOutgoing: 2 };
const pair = (f: Partial<PairFacts> = {}): PairFacts => ({
  self: false,
  visible: true,
  blockedByThem: false,
  blockedByMe: false,
  friends: false,
  openFromMe: false,
  openFromThem: false,
  myFriends: 0,
  theirFriends: 0,
  myOpenOutgoing: 0,
  ...f,
});
const refused = (error: string, rule: number) => ({ kind: 'refused', error, rule });

describe('inviting', () => {
  it('invites a visible player with no relation', () => {
    expect(decideInvite(pair(), limits)).toEqual({ kind: 'invite' });
  });
  it('1: refuses yourself', () => {
    expect(decideInvite(pair({ self: true }), limits)).toEqual(refused('social_target_self', 1));
  });
  it('2: answers a missing player, a stub and a player who blocked you alike', () => {
    expect(decideInvite(pair({ visible: false }), limits)).toEqual(refused('not_found', 2));
    expect(decideInvite(pair({ blockedByThem: true }), limits)).toEqual(refused('not_found', 2));
    expect(decideInvite(pair({ blockedByThem: true, blockedByMe: true }), limits)).toEqual(refused('not_found', 2));
  });
  it('3: refuses a player you blocked', () => {
    expect(decideInvite(pair({ blockedByMe: true }), limits)).toEqual(refused('social_target_blocked', 3));
  });
  it('4: refuses a friend or a player you already invited', () => {
    expect(decideInvite(pair({ friends: true }), limits)).toEqual(refused('duplicate_friend_record', 4));
    expect(decideInvite(pair({ openFromMe: true }), limits)).toEqual(refused('duplicate_friend_record', 4));
  });
  it('5: accepts the invitation of a player who invited you first', () => {
    expect(decideInvite(pair({ openFromThem: true, myOpenOutgoing: 2 }), limits)).toEqual({ kind: 'accept_theirs' });
  });
  it('6: refuses more open invitations than the limit', () => {
    expect(decideInvite(pair({ myOpenOutgoing: 2 }), limits)).toEqual(refused('friend_invitations_limit', 6));
    expect(decideInvite(pair({ myOpenOutgoing: 1 }), limits)).toEqual({ kind: 'invite' });
  });
  it('7: refuses when either player is at the friends limit, also when accepting theirs', () => {
    expect(decideInvite(pair({ myFriends: 3 }), limits)).toEqual(refused('friend_limit_reached', 7));
    expect(decideInvite(pair({ theirFriends: 3 }), limits)).toEqual(refused('friend_limit_reached', 7));
    expect(decideInvite(pair({ theirFriends: 3, openFromThem: true }), limits)).toEqual(
      refused('friend_limit_reached', 7),
    );
  });
});

describe('answering an invitation', () => {
  const facts = (f: Partial<InvitationFacts> = {}): InvitationFacts => ({
    mayAct: true,
    open: true,
    receiverFriends: 0,
    senderFriends: 0,
    ...f,
  });
  it('closes an open invitation as accepted, declined or cancelled', () => {
    expect(decideAnswer('accept', facts(), limits)).toEqual({ kind: 'close', state: 'accepted' });
    expect(decideAnswer('decline', facts(), limits)).toEqual({ kind: 'close', state: 'declined' });
    expect(decideAnswer('cancel', facts(), limits)).toEqual({ kind: 'close', state: 'cancelled' });
  });
  it('8: refuses anyone but the receiver (accept, decline) or the sender (cancel)', () => {
    for (const action of ['accept', 'decline', 'cancel'] as const) {
      expect(decideAnswer(action, facts({ mayAct: false }), limits)).toEqual(
        refused('friend_invitation_access_invalid', 8),
      );
    }
  });
  it('9: refuses an invitation already closed', () => {
    expect(decideAnswer('accept', facts({ open: false }), limits)).toEqual(
      refused('friend_invitation_state_invalid', 9),
    );
  });
  it('10: refuses an accept when either player is at the friends limit, but not a decline', () => {
    expect(decideAnswer('accept', facts({ receiverFriends: 3 }), limits)).toEqual(refused('friend_limit_reached', 10));
    expect(decideAnswer('accept', facts({ senderFriends: 3 }), limits)).toEqual(refused('friend_limit_reached', 10));
    expect(decideAnswer('decline', facts({ senderFriends: 3 }), limits)).toEqual({ kind: 'close', state: 'declined' });
  });
});

describe('unfriending and blocking', () => {
  it('11: unfriends a friend only, never yourself', () => {
    expect(decideUnfriend({ self: false, friends: true })).toEqual({ kind: 'unfriend' });
    expect(decideUnfriend({ self: false, friends: false })).toEqual(refused('not_found', 11));
    expect(decideUnfriend({ self: true, friends: false })).toEqual(refused('social_target_self', 11));
  });
  it('12: blocks any visible player but yourself', () => {
    expect(decideBlock({ self: false, visible: true })).toEqual({ kind: 'block' });
    expect(decideBlock({ self: false, visible: false })).toEqual(refused('not_found', 12));
    expect(decideBlock({ self: true, visible: true })).toEqual(refused('social_target_self', 12));
  });
});

describe('13: the relation a search shows', () => {
  const search = (f: Partial<PairFacts & { findable: boolean }> = {}) =>
    lookupRelation({ ...pair(), findable: true, ...f });
  it('finds nothing for a hidden, unfindable or blocking player', () => {
    expect(search({ visible: false })).toBeNull();
    expect(search({ findable: false })).toBeNull();
    expect(search({ blockedByThem: true })).toBeNull();
  });
  it('shows yourself, a block of yours, a friend and open invitations', () => {
    expect(search({ self: true })).toBe('self');
    expect(search({ blockedByMe: true })).toBe('blocked');
    expect(search({ friends: true })).toBe('friend');
    expect(search({ openFromThem: true })).toBe('incoming');
    expect(search({ openFromMe: true })).toBe('outgoing');
    expect(search()).toBe('none');
  });
});
