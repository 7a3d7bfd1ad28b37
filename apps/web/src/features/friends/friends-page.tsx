// /friends (spec 001 §7 "Friends and social"): find a player and send them a request, and the four
// lists as tabs: friends, requests received, requests sent, players blocked. An action anywhere on
// the page updates the search result, the lists and their counts.
import { useState } from 'react';
import { Page } from '../../components/ui/page.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { lookupAfter } from './friend-changes.ts';
import type { Lookup } from './friend-changes.ts';
import { FriendSearch } from './friend-search.tsx';
import { FriendTabs } from './friend-tabs.tsx';
import { useFriendActions } from './use-friend-actions.ts';
import './friends.css';

export function FriendsPage() {
  const { t } = useTranslation();
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const run = useFriendActions((outcome) => setLookup((shown) => shown && lookupAfter(shown, outcome)));
  return (
    <Page title={t('screen.friends.title')} wide>
      <p className="lead-text">{t('friends.intro')}</p>
      <FriendSearch lookup={lookup} onLookup={setLookup} run={run} />
      <FriendTabs run={run} />
    </Page>
  );
}
