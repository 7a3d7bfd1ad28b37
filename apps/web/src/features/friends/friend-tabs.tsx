// The four lists as tabs (WAI-ARIA tabs, automatic activation): each tab names its list and its
// total; the arrows (in the reading direction), Home and End move between the tabs, and Tab leaves
// the tab list for the panel. The chosen tab is kept in the address, `?tab=`.
import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { href } from '../../lib/router/route-table.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { useLocation, useNavigate } from '../../lib/router/router.tsx';
import { FriendListPanel } from './friend-lists.tsx';
import { FRIEND_TABS, searchWithTab, tabAfterKey, tabFromSearch } from './tabs.ts';
import type { FriendTab } from './tabs.ts';
import type { RunFriendAction } from './use-action-runner.tsx';
import { useFriendList } from './use-friend-lists.ts';

const TAB_TEXT: Record<FriendTab, { label: MessageKey; count: MessageKey }> = {
  friends: { label: 'friends.tabFriends', count: 'friends.tabFriendsCount' },
  incoming: { label: 'friends.tabIncoming', count: 'friends.tabIncomingCount' },
  outgoing: { label: 'friends.tabOutgoing', count: 'friends.tabOutgoingCount' },
  blocked: { label: 'friends.tabBlocked', count: 'friends.tabBlockedCount' },
};

const tabId = (tab: FriendTab) => `friends-tab-${tab}`;
const panelId = (tab: FriendTab) => `friends-panel-${tab}`;

/** The total of each list once its first page is read (undefined until then). */
function useTotals(): Record<FriendTab, number | undefined> {
  return {
    friends: useFriendList('friends').data?.total,
    incoming: useFriendList('incoming').data?.total,
    outgoing: useFriendList('outgoing').data?.total,
    blocked: useFriendList('blocked').data?.total,
  };
}

export function FriendTabs({ run }: { run: RunFriendAction }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const selected = tabFromSearch(location.search);
  const totals = useTotals();
  const buttons = useRef<Partial<Record<FriendTab, HTMLButtonElement | null>>>({});
  const labelOf = (tab: FriendTab) => t(TAB_TEXT[tab].label);

  const select = (tab: FriendTab) => {
    if (tab !== selected) navigate(href('friends', { query: searchWithTab(location.search, tab) }), { replace: true });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = tabAfterKey(selected, event.key, rtl);
    if (!next) return;
    event.preventDefault();
    select(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className="friend-tabs">
      <div role="tablist" aria-label={t('friends.tabsLabel')} className="friend-tablist" onKeyDown={onKeyDown}>
        {FRIEND_TABS.map((tab) => {
          const total = totals[tab];
          return (
            <button
              key={tab}
              ref={(button) => {
                buttons.current[tab] = button;
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              className="friend-tab"
              aria-selected={tab === selected}
              aria-controls={panelId(tab)}
              tabIndex={tab === selected ? 0 : -1}
              onClick={() => select(tab)}
            >
              {total === undefined ? labelOf(tab) : t(TAB_TEXT[tab].count, { count: total })}
            </button>
          );
        })}
      </div>
      {FRIEND_TABS.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          className="friend-tabpanel"
          tabIndex={0}
          hidden={tab !== selected}
        >
          {tab === selected ? <FriendListPanel tab={tab} run={run} label={labelOf(tab)} /> : null}
        </div>
      ))}
    </div>
  );
}
