// What each friends action changes, once the server has answered it: the relation the search result
// shows, and the four lists (until they are read again). Pure, so each rule has its test.
import type { lookupAccount } from '@portal/contract/calls/accounts-me';
import type { BlockedEntry, Friend, Invitation, PublicProfile } from '@portal/contract/calls/entities';
import type { z } from 'zod';
import { without, withFirst } from './paged-list.ts';
import type { WholeList } from './paged-list.ts';

/** The answer of GET /accounts/lookup: the player found (or null), and how they relate to the player. */
export type Lookup = z.output<(typeof lookupAccount)['response']>;
export type Relation = NonNullable<Lookup['relation']>;

/** An action on another player; the invitation ones name the invitation they answer. */
export type FriendAction =
  | { kind: 'invite' | 'unfriend' | 'block' | 'unblock'; account: PublicProfile }
  | { kind: 'accept' | 'decline' | 'cancel'; account: PublicProfile; invitationId: string };
export type FriendActionKind = FriendAction['kind'];

/** A done action: the invitation the server answered with (invite, accept, decline, cancel), and when. */
export interface FriendOutcome {
  action: FriendAction;
  invitation: Invitation | null;
  at: Date;
}

/** The name other players see; the public id of a player without a display name. */
export function playerName(profile: PublicProfile): string {
  return profile.username ?? profile.public_id;
}

/**
 * The relation after an action. An invitation to a player who had already invited you is accepted
 * at once (the server answers with it accepted): you are friends.
 */
export function relationAfter(outcome: FriendOutcome): Pick<Lookup, 'relation' | 'invitation_id'> {
  switch (outcome.action.kind) {
    case 'invite':
      return outcome.invitation?.state === 'accepted'
        ? { relation: 'friend', invitation_id: null }
        : { relation: 'outgoing', invitation_id: outcome.invitation?.id ?? null };
    case 'accept':
      return { relation: 'friend', invitation_id: null };
    case 'block':
      return { relation: 'blocked', invitation_id: null };
    case 'decline':
    case 'cancel':
    case 'unfriend':
    case 'unblock':
      return { relation: 'none', invitation_id: null };
  }
}

/** The search result after an action: changed only when the action was on the player it shows. */
export function lookupAfter(lookup: Lookup, outcome: FriendOutcome): Lookup {
  if (!lookup.account || lookup.account.id !== outcome.action.account.id) return lookup;
  return { ...lookup, ...relationAfter(outcome) };
}

const sameAccount = (a: PublicProfile, b: PublicProfile) => a.id === b.id;
const invitedBack = (outcome: FriendOutcome) =>
  outcome.action.kind === 'invite' && outcome.invitation?.state === 'accepted';

export function friendsAfter(list: WholeList<Friend>, outcome: FriendOutcome): WholeList<Friend> {
  const { action } = outcome;
  if (action.kind === 'accept' || invitedBack(outcome)) {
    const since = outcome.invitation?.updated_at ?? outcome.at;
    return withFirst(list, { account: action.account, since }, (f) => sameAccount(f.account, action.account));
  }
  if (action.kind === 'unfriend' || action.kind === 'block') {
    return without(list, (f) => sameAccount(f.account, action.account));
  }
  return list;
}

export function incomingAfter(list: WholeList<Invitation>, outcome: FriendOutcome): WholeList<Invitation> {
  const { action } = outcome;
  if (action.kind === 'accept' || action.kind === 'decline') return without(list, (i) => i.id === action.invitationId);
  // A block ends their open invitation too; inviting them back accepts it.
  if (action.kind === 'block' || invitedBack(outcome)) return without(list, (i) => sameAccount(i.from, action.account));
  return list;
}

export function outgoingAfter(list: WholeList<Invitation>, outcome: FriendOutcome): WholeList<Invitation> {
  const { action, invitation } = outcome;
  if (action.kind === 'invite' && invitation?.state === 'open')
    return withFirst(list, invitation, (i) => i.id === invitation.id);
  if (action.kind === 'cancel') return without(list, (i) => i.id === action.invitationId);
  if (action.kind === 'block') return without(list, (i) => sameAccount(i.to, action.account));
  return list;
}

export function blockedAfter(list: WholeList<BlockedEntry>, outcome: FriendOutcome): WholeList<BlockedEntry> {
  const { action } = outcome;
  if (action.kind === 'block') {
    const entry = { account: action.account, blocked_at: outcome.at };
    return withFirst(list, entry, (b) => sameAccount(b.account, action.account));
  }
  if (action.kind === 'unblock') return without(list, (b) => sameAccount(b.account, action.account));
  return list;
}
