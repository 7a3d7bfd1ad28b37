import type { BlockedEntry, Friend, Invitation, PublicProfile } from '@portal/contract/calls/entities';
import { describe, expect, it } from 'vitest';
import {
  blockedAfter,
  friendsAfter,
  incomingAfter,
  lookupAfter,
  outgoingAfter,
  playerName,
  relationAfter,
} from './friend-changes.ts';
import type { FriendAction, FriendOutcome, Lookup } from './friend-changes.ts';
import type { WholeList } from './paged-list.ts';

const profile = (n: number, username: string | null = `Player${n}`): PublicProfile => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  public_id: `public-${n}`,
  username,
  avatar: null,
});
const me = profile(0, 'Me');
const nova = profile(1, 'Nova');
const rex = profile(2, 'Rex');
const at = new Date('2026-05-01T10:00:00Z');
const earlier = new Date('2026-04-01T10:00:00Z');

const invitation = (id: string, from: PublicProfile, to: PublicProfile, state: Invitation['state'] = 'open') => ({
  id: `10000000-0000-4000-8000-00000000000${id}`,
  state,
  from,
  to,
  created_at: earlier,
  updated_at: state === 'open' ? earlier : at,
});
const done = (action: FriendAction, answer: Invitation | null = null): FriendOutcome => ({
  action,
  invitation: answer,
  at,
});
const list = <T>(...items: T[]): WholeList<T> => ({ items, total: items.length });

describe('the name of a player', () => {
  it('is the display name, else the public id', () => {
    expect(playerName(nova)).toBe('Nova');
    expect(playerName(profile(3, null))).toBe('public-3');
  });
});

describe('the relation after an action', () => {
  it('is an open request after an invitation, with its id', () => {
    const sent = invitation('1', me, nova);
    expect(relationAfter(done({ kind: 'invite', account: nova }, sent))).toEqual({
      relation: 'outgoing',
      invitation_id: sent.id,
    });
  });

  it('is friends when the invited player had already invited you', () => {
    const theirs = invitation('1', nova, me, 'accepted');
    expect(relationAfter(done({ kind: 'invite', account: nova }, theirs))).toEqual({
      relation: 'friend',
      invitation_id: null,
    });
  });

  it('follows each answer', () => {
    const id = invitation('1', nova, me).id;
    expect(relationAfter(done({ kind: 'accept', account: nova, invitationId: id })).relation).toBe('friend');
    expect(relationAfter(done({ kind: 'decline', account: nova, invitationId: id })).relation).toBe('none');
    expect(relationAfter(done({ kind: 'cancel', account: nova, invitationId: id })).relation).toBe('none');
    expect(relationAfter(done({ kind: 'unfriend', account: nova })).relation).toBe('none');
    expect(relationAfter(done({ kind: 'block', account: nova })).relation).toBe('blocked');
    expect(relationAfter(done({ kind: 'unblock', account: nova })).relation).toBe('none');
  });

  it('changes the search result only for the player it shows', () => {
    const found: Lookup = { account: nova, relation: 'friend', invitation_id: null };
    expect(lookupAfter(found, done({ kind: 'block', account: nova }))).toEqual({
      account: nova,
      relation: 'blocked',
      invitation_id: null,
    });
    expect(lookupAfter(found, done({ kind: 'block', account: rex }))).toBe(found);
    const none: Lookup = { account: null, relation: null, invitation_id: null };
    expect(lookupAfter(none, done({ kind: 'block', account: nova }))).toBe(none);
  });
});

describe('the lists after an action', () => {
  const friendOf = (account: PublicProfile): Friend => ({ account, since: earlier });
  const blockedOf = (account: PublicProfile): BlockedEntry => ({ account, blocked_at: earlier });

  it('accepting moves the request to the friends', () => {
    const theirs = invitation('1', nova, me);
    const action: FriendAction = { kind: 'accept', account: nova, invitationId: theirs.id };
    const answer = { ...theirs, state: 'accepted' as const, updated_at: at };
    expect(incomingAfter(list(theirs), done(action, answer))).toEqual({ items: [], total: 0 });
    expect(friendsAfter(list(friendOf(rex)), done(action, answer))).toEqual({
      items: [{ account: nova, since: at }, friendOf(rex)],
      total: 2,
    });
  });

  it('declining drops the request', () => {
    const theirs = invitation('1', nova, me);
    const other = invitation('2', rex, me);
    const outcome = done({ kind: 'decline', account: nova, invitationId: theirs.id });
    expect(incomingAfter(list(theirs, other), outcome)).toEqual(list(other));
    expect(friendsAfter(list(friendOf(rex)), outcome).total).toBe(1);
  });

  it('inviting adds the request to the sent ones', () => {
    const sent = invitation('1', me, nova);
    expect(outgoingAfter(list<Invitation>(), done({ kind: 'invite', account: nova }, sent))).toEqual(list(sent));
  });

  it('inviting a player who invited you makes you friends and closes their request', () => {
    const theirs = invitation('1', nova, me);
    const accepted = { ...theirs, state: 'accepted' as const, updated_at: at };
    const outcome = done({ kind: 'invite', account: nova }, accepted);
    expect(incomingAfter(list(theirs), outcome).total).toBe(0);
    expect(friendsAfter(list<Friend>(), outcome).items).toEqual([{ account: nova, since: at }]);
    expect(outgoingAfter(list<Invitation>(), outcome).total).toBe(0);
  });

  it('cancelling drops the sent request', () => {
    const sent = invitation('1', me, nova);
    expect(outgoingAfter(list(sent), done({ kind: 'cancel', account: nova, invitationId: sent.id }))).toEqual(
      list<Invitation>(),
    );
  });

  it('unfriending drops the friend', () => {
    expect(friendsAfter(list(friendOf(nova), friendOf(rex)), done({ kind: 'unfriend', account: nova }))).toEqual(
      list(friendOf(rex)),
    );
  });

  it('blocking ends the friendship and the requests both ways, and adds the player to the blocked', () => {
    const outcome = done({ kind: 'block', account: nova });
    expect(friendsAfter(list(friendOf(nova)), outcome).total).toBe(0);
    expect(incomingAfter(list(invitation('1', nova, me), invitation('2', rex, me)), outcome).total).toBe(1);
    expect(outgoingAfter(list(invitation('3', me, nova)), outcome).total).toBe(0);
    expect(blockedAfter(list(blockedOf(rex)), outcome)).toEqual({
      items: [{ account: nova, blocked_at: at }, blockedOf(rex)],
      total: 2,
    });
  });

  it('blocking a player already blocked adds nothing', () => {
    const blocked = list(blockedOf(nova));
    expect(blockedAfter(blocked, done({ kind: 'block', account: nova }))).toBe(blocked);
  });

  it('unblocking drops the player from the blocked', () => {
    expect(blockedAfter(list(blockedOf(nova)), done({ kind: 'unblock', account: nova }))).toEqual(list());
  });

  it('leaves the lists an action does not concern', () => {
    const friends = list(friendOf(rex));
    expect(friendsAfter(friends, done({ kind: 'unblock', account: nova }))).toBe(friends);
    const blocked = list(blockedOf(rex));
    expect(blockedAfter(blocked, done({ kind: 'unfriend', account: rex }))).toBe(blocked);
  });
});
