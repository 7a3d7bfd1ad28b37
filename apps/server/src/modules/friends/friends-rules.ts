// The rules of friends and blocking (spec 000 §3 "Friend relation", §4 "Friends"; spec 001 §7
// "Friends and social"; issue 17), decided from facts the repo reads inside one transaction that
// holds both players' rows. Pure: every rule has its own test (friends-rules.test.ts).
import type { ErrorName } from '@portal/contract/errors/catalogue';

/** The limits of ADR 022 (FRIENDS_MAX, FRIEND_INVITATIONS_MAX). */
export interface FriendLimits {
  /** Friends per account. */
  friends: number;
  /** Open invitations an account has sent. */
  openOutgoing: number;
}

/** What the repo knows of the pair (the acting player, the other player) when it decides. */
export interface PairFacts {
  /** The other player is the acting player. */
  self: boolean;
  /** The other player is an account others may see: it exists, it is not a stub, it is completed. */
  visible: boolean;
  /** The other player blocked the acting player. */
  blockedByThem: boolean;
  /** The acting player blocked the other player. */
  blockedByMe: boolean;
  friends: boolean;
  /** An open invitation from the acting player to the other. */
  openFromMe: boolean;
  /** An open invitation from the other player to the acting one. */
  openFromThem: boolean;
  myFriends: number;
  theirFriends: number;
  myOpenOutgoing: number;
}

export type Refused = { kind: 'refused'; error: ErrorName; rule: number };
const refuse = (error: ErrorName, rule: number): Refused => ({ kind: 'refused', error, rule });

export type InviteDecision = { kind: 'invite' } | { kind: 'accept_theirs' } | Refused;

/**
 * POST /friends/me/invitations.
 * 1. Inviting yourself: social_target_self.
 * 2. A player who does not exist, is a stub, or blocked you: not_found, the same answer for each
 *    (a blocked player learns nothing).
 * 3. A player you blocked: social_target_blocked (unblock them first).
 * 4. A friend, or a player you already invited: duplicate_friend_record.
 * 5. A player who already invited you: their invitation is accepted (both become friends at once),
 *    within the friends limit of both (rule 7).
 * 6. More open invitations sent than the limit: friend_invitations_limit.
 * 7. Either player at the friends limit: friend_limit_reached.
 */
export function decideInvite(f: PairFacts, limits: FriendLimits): InviteDecision {
  if (f.self) return refuse('social_target_self', 1);
  if (!f.visible || f.blockedByThem) return refuse('not_found', 2);
  if (f.blockedByMe) return refuse('social_target_blocked', 3);
  if (f.friends || f.openFromMe) return refuse('duplicate_friend_record', 4);
  if (f.myFriends >= limits.friends || f.theirFriends >= limits.friends) return refuse('friend_limit_reached', 7);
  if (f.openFromThem) return { kind: 'accept_theirs' };
  if (f.myOpenOutgoing >= limits.openOutgoing) return refuse('friend_invitations_limit', 6);
  return { kind: 'invite' };
}

export type InvitationAction = 'accept' | 'decline' | 'cancel';

/** What the repo knows of an invitation when a player answers it. */
export interface InvitationFacts {
  /** The invitation exists and the acting player may act on it: its receiver (accept, decline) or its sender (cancel). */
  mayAct: boolean;
  open: boolean;
  /** For accept: the friends of the receiver and of the sender. */
  receiverFriends: number;
  senderFriends: number;
}

export type AnswerDecision = { kind: 'close'; state: 'accepted' | 'declined' | 'cancelled' } | Refused;

const CLOSED_AS = { accept: 'accepted', decline: 'declined', cancel: 'cancelled' } as const;

/**
 * PUT /friends/me/invitations/{id}/accept | decline | cancel.
 * 8. Only the receiver accepts or declines, only the sender cancels; anyone else (or an invitation
 *    that does not exist) gets friend_invitation_access_invalid.
 * 9. An invitation already accepted, declined or cancelled: friend_invitation_state_invalid.
 * 10. An accept with either player at the friends limit: friend_limit_reached.
 */
export function decideAnswer(action: InvitationAction, f: InvitationFacts, limits: FriendLimits): AnswerDecision {
  if (!f.mayAct) return refuse('friend_invitation_access_invalid', 8);
  if (!f.open) return refuse('friend_invitation_state_invalid', 9);
  if (action === 'accept' && (f.receiverFriends >= limits.friends || f.senderFriends >= limits.friends)) {
    return refuse('friend_limit_reached', 10);
  }
  return { kind: 'close', state: CLOSED_AS[action] };
}

/**
 * PUT /friends/me/unfriend/{id}.
 * 11. Yourself: social_target_self; someone who is not your friend: not_found.
 */
export function decideUnfriend(f: Pick<PairFacts, 'self' | 'friends'>): { kind: 'unfriend' } | Refused {
  if (f.self) return refuse('social_target_self', 11);
  if (!f.friends) return refuse('not_found', 11);
  return { kind: 'unfriend' };
}

/**
 * PUT /social/me/block/{id}.
 * 12. Yourself: social_target_self; a player who does not exist or is a stub: not_found. Blocking
 *     someone already blocked changes nothing. A block ends the friendship and every open invitation
 *     between the two, both ways; the blocked player's own invitation reads as declined, exactly as if
 *     it had been declined: they are never told of the block.
 */
export function decideBlock(f: Pick<PairFacts, 'self' | 'visible'>): { kind: 'block' } | Refused {
  if (f.self) return refuse('social_target_self', 12);
  if (!f.visible) return refuse('not_found', 12);
  return { kind: 'block' };
}

/** The relation of the acting player to another, as the search result shows it. */
export type Relation = 'self' | 'none' | 'friend' | 'incoming' | 'outgoing' | 'blocked';

/**
 * GET /accounts/lookup.
 * 13. Only an exact display name or an exact email finds a player, and only one who allows being
 *     found that way (display name on by default, email off); never a stub, a deleted account or a
 *     player who blocked the searcher: all of those answer exactly as a player who does not exist.
 */
export function lookupRelation(
  f: Omit<PairFacts, 'myFriends' | 'theirFriends' | 'myOpenOutgoing'> & { findable: boolean },
): Relation | null {
  if (f.self) return 'self';
  if (!f.visible || !f.findable || f.blockedByThem) return null;
  if (f.blockedByMe) return 'blocked';
  if (f.friends) return 'friend';
  if (f.openFromThem) return 'incoming';
  if (f.openFromMe) return 'outgoing';
  return 'none';
}
