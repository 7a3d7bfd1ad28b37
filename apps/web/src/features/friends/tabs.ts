// The four lists of /friends as tabs. The chosen tab lives in the address (`?tab=`), so a reload
// keeps it and /friend-request (which redirects to /friends?tab=incoming) opens the requests.

export const FRIEND_TABS = ['friends', 'incoming', 'outgoing', 'blocked'] as const;
export type FriendTab = (typeof FRIEND_TABS)[number];

/** The query parameter of the tab (the one the /friend-request redirect sets). */
export const TAB_PARAM = 'tab';

/** The tab a query names; the friends list when it names none or an unknown one. */
export function tabFromSearch(search: string): FriendTab {
  const named = new URLSearchParams(search).get(TAB_PARAM);
  return FRIEND_TABS.find((tab) => tab === named) ?? 'friends';
}

/** The query with the tab set, every other parameter kept (`lang`, a mail's tracking ...). */
export function searchWithTab(search: string, tab: FriendTab): string {
  const query = new URLSearchParams(search);
  query.set(TAB_PARAM, tab);
  return query.toString();
}

/**
 * The tab a key moves to in the tab list (WAI-ARIA tabs): the arrows go to the next or previous
 * tab, wrapping around, and follow the reading direction (in right-to-left, the left arrow goes to
 * the next tab); Home and End go to the first and last. Null for any other key.
 */
export function tabAfterKey(current: FriendTab, key: string, rtl: boolean): FriendTab | null {
  const index = FRIEND_TABS.indexOf(current);
  const count = FRIEND_TABS.length;
  const at = (i: number): FriendTab => FRIEND_TABS[(i + count) % count] ?? current;
  switch (key) {
    case rtl ? 'ArrowLeft' : 'ArrowRight':
      return at(index + 1);
    case rtl ? 'ArrowRight' : 'ArrowLeft':
      return at(index - 1);
    case 'Home':
      return at(0);
    case 'End':
      return at(count - 1);
    default:
      return null;
  }
}
