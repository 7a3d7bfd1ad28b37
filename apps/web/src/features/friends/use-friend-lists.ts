// The four lists of /friends, each read whole (page_size 100, from page 1 until all are read) and
// kept in the query cache: the tabs show their totals, the panels their rows.
import type { BlockedEntry, Friend, Invitation } from '@portal/contract/calls/entities';
import { listFriends, listIncoming, listOutgoing } from '@portal/contract/calls/friends';
import { listBlocked } from '@portal/contract/calls/social';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api/client.ts';
import { useServices } from '../../lib/services.tsx';
import { PAGE_SIZE, readAllPages } from './paged-list.ts';
import type { WholeList } from './paged-list.ts';
import type { FriendTab } from './tabs.ts';

/** The row of each list. */
export interface FriendListItem {
  friends: Friend;
  incoming: Invitation;
  outgoing: Invitation;
  blocked: BlockedEntry;
}

/** Every list's cache entry starts with this, so one invalidation reads them all again. */
export const FRIEND_LISTS_KEY = ['friend-lists'] as const;
export const friendListKey = (tab: FriendTab) => [...FRIEND_LISTS_KEY, tab] as const;

type Reader<T extends FriendTab> = (api: ApiClient, signal: AbortSignal) => Promise<WholeList<FriendListItem[T]>>;

const query = (page: number) => ({ query: { page, page_size: PAGE_SIZE } });

const READERS: { [T in FriendTab]: Reader<T> } = {
  friends: (api, signal) =>
    readAllPages(
      (page) => api.call(listFriends, query(page), { signal }),
      (friend) => friend.account.id,
    ),
  incoming: (api, signal) =>
    readAllPages(
      (page) => api.call(listIncoming, query(page), { signal }),
      (invitation) => invitation.id,
    ),
  outgoing: (api, signal) =>
    readAllPages(
      (page) => api.call(listOutgoing, query(page), { signal }),
      (invitation) => invitation.id,
    ),
  blocked: (api, signal) =>
    readAllPages(
      (page) => api.call(listBlocked, query(page), { signal }),
      (entry) => entry.account.id,
    ),
};

export function useFriendList<T extends FriendTab>(tab: T) {
  const { api } = useServices();
  const read = READERS[tab] as Reader<T>;
  // Read again whenever the page opens: another player may have answered meanwhile.
  return useQuery({ queryKey: friendListKey(tab), queryFn: ({ signal }) => read(api, signal), staleTime: 0 });
}
