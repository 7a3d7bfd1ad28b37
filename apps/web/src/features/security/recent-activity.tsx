// The "Recent activity" card of /security (issue 19): the account's last security events, newest
// first: what happened (failed sign-ins and locks marked as warnings), when, and from which browser,
// system and address. Loading (a skeleton), an error with a retry, and an empty state. The page reads
// it again after its modals close (RECENT_ACTIVITY_KEY), so a change it made shows at once.
import { getRecentActivity } from '@portal/contract/calls/accounts-activity';
import type { SecurityEvent } from '@portal/contract/calls/accounts-activity';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { ListCard } from './list-card.tsx';
import {
  ACTIVITY_LIMIT,
  activityIcon,
  activityLabel,
  activityTime,
  deviceText,
  isWarning,
  OPERATOR_EVENTS,
} from './recent-activity.ts';
import type { ActivityIcon } from './recent-activity.ts';
import './recent-activity.css';

import { RECENT_ACTIVITY_KEY } from '../../lib/auth/security-queries.ts';

export { RECENT_ACTIVITY_KEY };

export function useRecentActivity() {
  const { api } = useServices();
  // Read again whenever the page opens: a sign-in elsewhere may have happened meanwhile.
  return useQuery({
    queryKey: RECENT_ACTIVITY_KEY,
    queryFn: async ({ signal }) =>
      (await api.call(getRecentActivity, { query: { limit: ACTIVITY_LIMIT } }, { signal })).items,
    staleTime: 0,
  });
}

/** 24×24 outline icons (stroke in currentColor); the sign-in arrow mirrors in right-to-left languages. */
const ICON_PATHS: Record<ActivityIcon, string[]> = {
  'sign-in': ['M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4', 'M10 17l5-5-5-5', 'M15 12H3'],
  warning: [
    'M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z',
    'M12 9v4',
    'M12 17h.01',
  ],
  shield: ['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z', 'M9 12l2 2 4-4'],
  link: [
    'M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71',
    'M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71',
  ],
  account: ['M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2', 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z'],
  restriction: ['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M4.93 4.93l14.14 14.14'],
  'sign-out': ['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'M16 17l5-5-5-5', 'M21 12H9'],
};

function EventIcon({ kind, label }: { kind: ActivityIcon; label?: string }) {
  return (
    <span className={`activity-icon activity-icon-${kind}`}>
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      >
        {ICON_PATHS[kind].map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}

function ActivityRow({ event }: { event: SecurityEvent }) {
  const { t, i18n } = useTranslation();
  const label = activityLabel(event);
  const warning = isWarning(event.type);
  const device = deviceText(event.browser, event.os);
  const values = { ...label.values };
  for (const [name, key] of Object.entries(label.messages ?? {})) values[name] = t(key);
  const byTeam = OPERATOR_EVENTS.includes(event.type);
  return (
    <li className={warning ? 'activity-row activity-row-warning' : 'activity-row'}>
      <EventIcon kind={activityIcon(event.type)} label={warning ? t('security.activity.warning') : undefined} />
      <p className="activity-what">{t(label.key, values)}</p>
      <p className="activity-when">
        <time dateTime={event.created_at.toISOString()}>
          {t('security.activity.when', activityTime(event.created_at, i18n.language))}
        </time>
      </p>
      {byTeam && !device && !event.ip ? <p className="activity-meta">{t('security.activity.byTeam')}</p> : null}
      {device || event.ip ? (
        <p className="activity-meta">
          {device ? (
            <span>
              <span className="visually-hidden">{t('security.activity.device')}: </span>
              <bdi>{device}</bdi>
            </span>
          ) : null}
          {event.ip ? (
            <span>
              <span className="visually-hidden">{t('security.activity.ip')}: </span>
              <bdi dir="ltr" className="activity-ip" translate="no">
                {event.ip}
              </bdi>
            </span>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

export function RecentActivity() {
  const { t } = useTranslation();
  const activity = useRecentActivity();
  const events = activity.data;
  return (
    <ListCard
      id="activity-heading"
      className="recent-activity"
      title={t('security.activity.title')}
      intro={t('security.activity.intro')}
      read={activity}
      skeletonRows={3}
      empty={events?.length === 0 ? <p className="recent-activity-empty">{t('security.activity.empty')}</p> : null}
    >
      {events && events.length > 0 ? (
        <ul className="activity-list" aria-labelledby="activity-heading">
          {events.map((event, i) => (
            <ActivityRow key={`${event.created_at.toISOString()}-${event.type}-${i}`} event={event} />
          ))}
        </ul>
      ) : null}
    </ListCard>
  );
}
