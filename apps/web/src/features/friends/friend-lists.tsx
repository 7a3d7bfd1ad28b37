// The panel of each tab: loading (a skeleton of 3 rows), an error with a retry, the tab's empty
// state, or its players with their actions. The status line and the action errors sit above the
// list; the actions asked first open the confirmation.
import type { PublicProfile } from '@portal/contract/calls/entities';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ScreenState } from '../../components/ui/screen-state.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import type { WholeList } from './paged-list.ts';
import { ActionButton, PlayerSummary } from './player.tsx';
import type { FriendTab } from './tabs.ts';
import { useActionRunner } from './use-action-runner.tsx';
import type { RunFriendAction } from './use-action-runner.tsx';
import { useFriendList } from './use-friend-lists.ts';
import type { FriendAction } from './friend-changes.ts';

const EMPTY_TEXT: Record<FriendTab, MessageKey> = {
  friends: 'friends.emptyFriends',
  incoming: 'friends.emptyIncoming',
  outgoing: 'friends.emptyOutgoing',
  blocked: 'friends.emptyBlocked',
};

interface RowsProps {
  start: (action: FriendAction) => void;
  pending: boolean;
}

export function FriendListPanel({ tab, run, label }: { tab: FriendTab; run: RunFriendAction; label: string }) {
  const runner = useActionRunner(run);
  const rows = { start: runner.start, pending: runner.pending };
  return (
    <>
      {runner.feedback}
      {tab === 'friends' ? <FriendsRows {...rows} label={label} /> : null}
      {tab === 'incoming' ? <IncomingRows {...rows} label={label} /> : null}
      {tab === 'outgoing' ? <OutgoingRows {...rows} label={label} /> : null}
      {tab === 'blocked' ? <BlockedRows {...rows} label={label} /> : null}
      {runner.modal}
    </>
  );
}

/** The states of a list; its rows once read (a list read before stays shown while it is read again). */
function ListBody<T>({
  tab,
  label,
  query,
  keyOf,
  row,
}: {
  tab: FriendTab;
  label: string;
  query: UseQueryResult<WholeList<T>>;
  keyOf: (item: T) => string;
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.data) {
    if (query.data.items.length === 0) {
      return (
        <div className="notice" role="note">
          <p>{t(EMPTY_TEXT[tab])}</p>
        </div>
      );
    }
    return (
      <ul className="player-list" aria-label={label}>
        {query.data.items.map((item) => (
          <li key={keyOf(item)} className="player-row">
            {row(item)}
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return (
      <ScreenState status="error" onRetry={() => void query.refetch()}>
        {null}
      </ScreenState>
    );
  }
  return (
    <ScreenState status="skeletonLoading" skeletonRows={3}>
      {null}
    </ScreenState>
  );
}

function Row({ profile, detail, children }: { profile: PublicProfile; detail: string; children: ReactNode }) {
  return (
    <>
      <PlayerSummary profile={profile} detail={detail} />
      <div className="player-actions">{children}</div>
    </>
  );
}

function FriendsRows({ start, pending, label }: RowsProps & { label: string }) {
  const { t, i18n } = useTranslation();
  return (
    <ListBody
      tab="friends"
      label={label}
      query={useFriendList('friends')}
      keyOf={(friend) => friend.account.id}
      row={({ account, since }) => (
        <Row profile={account} detail={t('friends.since', { date: formatDate(since, i18n.language) })}>
          <ActionButton action={{ kind: 'unfriend', account }} onStart={start} disabled={pending} />
          <ActionButton action={{ kind: 'block', account }} onStart={start} disabled={pending} />
        </Row>
      )}
    />
  );
}

function IncomingRows({ start, pending, label }: RowsProps & { label: string }) {
  const { t, i18n } = useTranslation();
  return (
    <ListBody
      tab="incoming"
      label={label}
      query={useFriendList('incoming')}
      keyOf={(invitation) => invitation.id}
      row={({ id, from: account, created_at }) => (
        <Row profile={account} detail={t('friends.receivedOn', { date: formatDate(created_at, i18n.language) })}>
          <ActionButton
            action={{ kind: 'accept', account, invitationId: id }}
            onStart={start}
            disabled={pending}
            primary
          />
          <ActionButton action={{ kind: 'decline', account, invitationId: id }} onStart={start} disabled={pending} />
          <ActionButton action={{ kind: 'block', account }} onStart={start} disabled={pending} />
        </Row>
      )}
    />
  );
}

function OutgoingRows({ start, pending, label }: RowsProps & { label: string }) {
  const { t, i18n } = useTranslation();
  return (
    <ListBody
      tab="outgoing"
      label={label}
      query={useFriendList('outgoing')}
      keyOf={(invitation) => invitation.id}
      row={({ id, to: account, created_at }) => (
        <Row profile={account} detail={t('friends.sentOn', { date: formatDate(created_at, i18n.language) })}>
          <ActionButton action={{ kind: 'cancel', account, invitationId: id }} onStart={start} disabled={pending} />
        </Row>
      )}
    />
  );
}

function BlockedRows({ start, pending, label }: RowsProps & { label: string }) {
  const { t, i18n } = useTranslation();
  return (
    <ListBody
      tab="blocked"
      label={label}
      query={useFriendList('blocked')}
      keyOf={(entry) => entry.account.id}
      row={({ account, blocked_at }) => (
        <Row profile={account} detail={t('friends.blockedOn', { date: formatDate(blocked_at, i18n.language) })}>
          <ActionButton action={{ kind: 'unblock', account }} onStart={start} disabled={pending} />
        </Row>
      )}
    />
  );
}
