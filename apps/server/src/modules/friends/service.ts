// Friends and blocking (issue 17, ADR 022): invitations and their answers, the lists, blocks, and the
// friends search. The repo locks both players for every change; friends-rules.ts decides. A real
// invitation mails the receiver (in their language, unless they turned those mails off), after the
// change is stored: a mail that cannot be sent loses no invitation.
import type { FastifyBaseLogger } from 'fastify';
import { RequestError } from '../../http/request-error.ts';
import type { CounterStore } from '../../rate-limit/counter-store.ts';
import type { EmailPreferencesService } from '../accounts/email-preferences-service.ts';
import type { Account, AccountsService } from '../accounts/service.ts';
import { decideAnswer, decideBlock, decideInvite, decideUnfriend, lookupRelation } from './friends-rules.ts';
import type { FriendLimits, InvitationAction, Refused, Relation } from './friends-rules.ts';
import type { FriendsRepo, InvitationRow, InvitationState, ProfileRow } from './repo.ts';

export type { InvitationRow, Page, ProfileRow } from './repo.ts';

const MINUTE = 60_000;

export interface PageRequest {
  page: number;
  page_size: number;
}

export interface SearchAnswer {
  account: ProfileRow | null;
  relation: Relation | null;
  /** The open invitation between the two, when there is one (incoming or outgoing). */
  invitationId: string | null;
}

export class FriendsService {
  readonly #repo: FriendsRepo;
  readonly #accounts: AccountsService;
  readonly #preferences: EmailPreferencesService;
  readonly #counters: CounterStore;
  readonly #limits: FriendLimits;
  readonly #searchesPerMinute: number;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: {
    repo: FriendsRepo;
    accounts: AccountsService;
    preferences: EmailPreferencesService;
    counters: CounterStore;
    limits: FriendLimits;
    searchesPerMinute: number;
    log?: FastifyBaseLogger;
  }) {
    this.#repo = deps.repo;
    this.#accounts = deps.accounts;
    this.#preferences = deps.preferences;
    this.#counters = deps.counters;
    this.#limits = deps.limits;
    this.#searchesPerMinute = deps.searchesPerMinute;
    this.#log = deps.log;
  }

  /** POST /friends/me/invitations: a new invitation, or theirs accepted when they invited first. */
  async invite(me: Account, otherId: string): Promise<InvitationRow> {
    const outcome = await this.#repo.withPair(me.id, otherId, async (tx, facts) => {
      const decision = decideInvite(facts, this.#limits);
      if (decision.kind === 'refused') throw refusal(decision);
      if (decision.kind === 'accept_theirs')
        return { id: await this.#repo.acceptOpen(tx, otherId, me.id), mail: false };
      return { id: await this.#repo.insertInvitation(tx, me.id, otherId), mail: true };
    });
    if (outcome.mail) await this.#mailInvitation(me, otherId);
    return this.#invitation(outcome.id);
  }

  /** PUT /friends/me/invitations/{id}/accept | decline | cancel. */
  async answer(me: Account, invitationId: string, action: InvitationAction): Promise<InvitationRow> {
    const parties = await this.#repo.invitationParties(invitationId);
    if (!parties) throw new RequestError('friend_invitation_access_invalid');
    const mayAct = action === 'cancel' ? parties.from === me.id : parties.to === me.id;
    const other = parties.from === me.id ? parties.to : parties.from;
    await this.#repo.withPair(me.id, other, async (tx) => {
      const state = await this.#repo.invitationState(tx, invitationId);
      const [receiverFriends, senderFriends] =
        action === 'accept' ? await this.#repo.friendCounts(tx, [parties.to, parties.from]) : [0, 0];
      const decision = decideAnswer(
        action,
        { mayAct, open: state === 'open', receiverFriends, senderFriends },
        this.#limits,
      );
      if (decision.kind === 'refused') throw refusal(decision);
      await this.#repo.close(tx, invitationId, decision.state);
      if (decision.state === 'accepted') await this.#repo.befriend(tx, parties.from, parties.to);
    });
    return this.#invitation(invitationId);
  }

  /** PUT /friends/me/unfriend/{id}. */
  async unfriend(me: Account, otherId: string): Promise<void> {
    await this.#repo.withPair(me.id, otherId, async (tx, facts) => {
      const decision = decideUnfriend(facts);
      if (decision.kind === 'refused') throw refusal(decision);
      await this.#repo.unfriend(tx, me.id, otherId);
    });
  }

  /** PUT /social/me/block/{id}: silent for the blocked player. */
  async block(me: Account, otherId: string): Promise<void> {
    await this.#repo.withPair(me.id, otherId, async (tx, facts) => {
      const decision = decideBlock(facts);
      if (decision.kind === 'refused') throw refusal(decision);
      await this.#repo.block(tx, me.id, otherId);
    });
  }

  /** PUT /social/me/unblock/{id}: unblocking a player who is not blocked changes nothing. */
  async unblock(me: Account, otherId: string): Promise<void> {
    if (me.id === otherId) throw new RequestError('social_target_self');
    await this.#repo.unblock(me.id, otherId);
  }

  friends(me: Account, page: PageRequest) {
    return this.#repo.friends(me.id, page.page_size, offset(page));
  }

  invitations(me: Account, direction: 'incoming' | 'outgoing', state: InvitationState, page: PageRequest) {
    return this.#repo.invitations(me.id, direction, state, page.page_size, offset(page));
  }

  blocked(me: Account, page: PageRequest) {
    return this.#repo.blocked(me.id, page.page_size, offset(page));
  }

  /**
   * GET /accounts/lookup: one player by exact email or display name. The answer has the same shape,
   * and the same work is done, whether or not a player was found; a player who blocked the searcher
   * answers exactly like one who does not exist.
   */
  async search(me: Account, type: 'email' | 'username', value: string): Promise<SearchAnswer> {
    const hit = await this.#counters.hit(`friend-search:${me.id}`, MINUTE);
    if (hit.count > this.#searchesPerMinute) {
      const seconds = Math.max(1, Math.ceil((hit.resetAt - Date.now()) / 1000));
      throw new RequestError('too_many_requests', { body: { seconds }, headers: { 'retry-after': String(seconds) } });
    }
    const found = await this.#repo.findForSearch(type, value);
    // The relation is read for someone either way, so a miss costs what a hit costs.
    const facts = await this.#repo.pairFacts(me.id, found?.id ?? me.id);
    const relation = found
      ? lookupRelation({ ...facts, self: found.id === me.id, visible: true, findable: true })
      : null;
    if (!found || relation === null) return { account: null, relation: null, invitationId: null };
    const invitationId =
      relation === 'incoming' || relation === 'outgoing'
        ? await this.#repo.openInvitationBetween(me.id, found.id)
        : null;
    return { account: found, relation, invitationId };
  }

  async #invitation(id: string): Promise<InvitationRow> {
    const invitation = await this.#repo.invitation(id);
    if (!invitation) throw new RequestError('friend_invitation_access_invalid');
    return invitation;
  }

  async #mailInvitation(from: Account, toId: string): Promise<void> {
    const to = await this.#accounts.findById(toId);
    if (!to) return;
    await this.#preferences
      .sendFriendRequest(to, { username: from.username ?? '' })
      .catch((error: unknown) => this.#log?.warn({ err: error }, 'friend request mail not sent'));
  }
}

function refusal(decision: Refused): RequestError {
  return new RequestError(decision.error);
}

function offset(page: PageRequest): number {
  return (page.page - 1) * page.page_size;
}
