// Runs an action on another player (invite, accept, decline, cancel, unfriend, block, unblock): the
// server's answer updates the lists in the cache at once (and the caller, for the search result),
// then the lists are read again, since a block or an answer may change more than one of them. A
// refused action reads them again too: the list was out of date (answered elsewhere, for instance).
import { accept, cancel, decline, invite, unfriend } from '@portal/contract/calls/friends';
import type { Invitation } from '@portal/contract/calls/entities';
import { block, unblock } from '@portal/contract/calls/social';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api/client.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import { useServices } from '../../lib/services.tsx';
import { blockedAfter, friendsAfter, incomingAfter, outgoingAfter } from './friend-changes.ts';
import type { FriendAction, FriendOutcome } from './friend-changes.ts';
import type { WholeList } from './paged-list.ts';
import { FRIEND_LISTS_KEY, friendListKey } from './use-friend-lists.ts';
import type { FriendListItem } from './use-friend-lists.ts';
import type { FriendTab } from './tabs.ts';

/** Refusals that mean the page was out of date: not yours (403), gone (404), already changed (409). */
const STALE_LIST_STATUSES = new Set([403, 404, 409]);

/** The call of an action; the invitation the server answers with, when it answers with one. */
async function send(api: ApiClient, action: FriendAction): Promise<Invitation | null> {
  const account = { id: action.account.id };
  switch (action.kind) {
    case 'invite':
      return api.call(invite, { body: { account_id: action.account.id } });
    case 'accept':
      return api.call(accept, { params: { id: action.invitationId } });
    case 'decline':
      return api.call(decline, { params: { id: action.invitationId } });
    case 'cancel':
      return api.call(cancel, { params: { id: action.invitationId } });
    case 'unfriend':
      await api.call(unfriend, { params: account });
      return null;
    case 'block':
      await api.call(block, { params: account });
      return null;
    case 'unblock':
      await api.call(unblock, { params: account });
      return null;
  }
}

const CHANGES: {
  [T in FriendTab]: (list: WholeList<FriendListItem[T]>, outcome: FriendOutcome) => WholeList<FriendListItem[T]>;
} = { friends: friendsAfter, incoming: incomingAfter, outgoing: outgoingAfter, blocked: blockedAfter };

function update<T extends FriendTab>(queryClient: QueryClient, tab: T, outcome: FriendOutcome) {
  queryClient.setQueryData<WholeList<FriendListItem[T]>>(friendListKey(tab), (list) =>
    list ? CHANGES[tab](list, outcome) : list,
  );
}

/** Returns `run(action)`; `onDone` hears of every action done, from any part of the page. */
export function useFriendActions(onDone: (outcome: FriendOutcome) => void) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: FRIEND_LISTS_KEY });
  return async (action: FriendAction): Promise<FriendOutcome> => {
    let invitation: Invitation | null;
    try {
      invitation = await send(api, action);
    } catch (error) {
      if (error instanceof ApiError && STALE_LIST_STATUSES.has(error.status)) readAgain();
      throw error;
    }
    const outcome: FriendOutcome = { action, invitation, at: new Date() };
    update(queryClient, 'friends', outcome);
    update(queryClient, 'incoming', outcome);
    update(queryClient, 'outgoing', outcome);
    update(queryClient, 'blocked', outcome);
    readAgain();
    onDone(outcome);
    return outcome;
  };
}
