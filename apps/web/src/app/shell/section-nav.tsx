// The dashboard's sections (account, password and security, linked accounts, game profiles, friends,
// playtests): a side list on a wide screen, pills that wrap onto as many lines as they need on a phone
// (every section in sight in every language and direction, issue 28), the current section marked
// (aria-current). The account menu lists the same sections.
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { useServices } from '../../lib/services.tsx';
import { href, routeMeta } from '../../lib/router/route-table.ts';
import type { Feature, RouteId } from '../../lib/router/route-table.ts';

/** The sections, by the route that opens each and the feature whose screens belong to it. */
export const DASHBOARD_SECTIONS = [
  ['account', 'shell.menu.account'],
  ['security', 'shell.menu.security'],
  ['linked-accounts', 'shell.menu.linkedAccounts'],
  ['game-profiles', 'shell.menu.gameProfiles'],
  ['friends', 'shell.menu.friends'],
  ['playtests', 'shell.menu.playtests'],
] as const satisfies readonly (readonly [RouteId & Feature, MessageKey])[];

/** The sections the player may open (a section whose route needs a feature flag shows only with it). */
export function useDashboardSections() {
  const { settings } = useServices();
  return DASHBOARD_SECTIONS.filter(([id]) => {
    const flag = routeMeta(id).featureFlag;
    return flag === undefined || settings.featureFlags[flag];
  });
}

export function SectionNav({ current }: { current: Feature }) {
  const { t } = useTranslation();
  const sections = useDashboardSections();
  return (
    <nav className="section-nav" aria-label={t('shell.sections')}>
      <ul>
        {sections.map(([id, key]) => (
          <li key={id}>
            <Link to={href(id)} aria-current={id === current ? 'page' : undefined}>
              {t(key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
