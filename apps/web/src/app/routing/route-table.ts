// Every route of spec 000 §2 with its meta. The guard decision (guards.ts) reads only this table
// and the app state; router.tsx maps each route id to its lazily loaded screen.
import { matchPath } from '../../lib/router/match-path.ts';

export type Section =
  | 'home'
  | 'auth'
  | 'registration'
  | 'recovery'
  | 'account'
  | 'security'
  | 'linked_accounts'
  | 'game_profiles'
  | 'friends'
  | 'playtests'
  | 'connection'
  | 'device'
  | 'stub'
  | 'oauth'
  | 'system';

export type FeatureFlag = 'game_page' | 'dev_tools';

export interface RouteMeta {
  /** A signed-out visitor may open it (guard 2). */
  public?: boolean;
  /** Part of the dashboard: registration-flagged and consent checks apply (guard 3). */
  dashboard?: boolean;
  /** Needs this feature flag (guard 4). */
  featureFlag?: FeatureFlag;
  /** Needs a `token` query; without it go to `back` or /sign-in (guard 5). */
  needsToken?: { back?: string };
  /** Has a `platformId` parameter that must name a known, allowed platform (guard 6). */
  platformParam?: boolean;
  /** The age-and-location page: age-gated visitors go to the age-gate failure (guard 7). */
  ageGate?: boolean;
  /** Only reachable inside an auth flow (guard 8). */
  flowOnly?: boolean;
  /** A signed-in user without an active flow goes to /account (guard 9). */
  redirectWhenLoggedIn?: boolean;
  /** The browser back button is blocked here (guard 10). */
  goBackBlocked?: boolean;
  /** Analytics section of the page view (guard 11). */
  section: Section;
}

export interface RouteDef {
  id: string;
  path: string;
  meta: RouteMeta;
}

const r = (id: string, path: string, meta: RouteMeta): RouteDef => ({ id, path, meta });
const visitor = (section: Section, extra: Omit<RouteMeta, 'section' | 'public'> = {}): RouteMeta => ({
  public: true,
  section,
  ...extra,
});
const dashboard = (section: Section, extra: Omit<RouteMeta, 'section' | 'dashboard'> = {}): RouteMeta => ({
  dashboard: true,
  section,
  ...extra,
});
const inFlow = (section: Section, extra: Omit<RouteMeta, 'section' | 'public' | 'flowOnly'> = {}) =>
  visitor(section, { flowOnly: true, ...extra });

export const DEFAULT_PATH = '/home';
export const SIGN_IN_PATH = '/sign-in';
export const ACCOUNT_PATH = '/account';

export const ROUTES: readonly RouteDef[] = [
  // Core and sign-in.
  r('home', '/home', visitor('home')),
  r('faq', '/faq', visitor('home')),
  r('sign-in', '/sign-in', visitor('auth', { redirectWhenLoggedIn: true })),
  r('email-code-sign-in', '/email-code-sign-in', inFlow('auth', { redirectWhenLoggedIn: true })),
  r('password-sign-in', '/password-sign-in', inFlow('auth', { redirectWhenLoggedIn: true })),
  r('sign-up', '/sign-up', visitor('registration', { redirectWhenLoggedIn: true })),
  r('create-password', '/create-password', inFlow('registration')),
  r('update-consent', '/update-consent', { section: 'account' }),
  r('display-name', '/display-name', inFlow('registration', { goBackBlocked: true })),
  r('age-and-location', '/age-and-location', inFlow('registration', { ageGate: true })),
  r('not-eligible', '/not-eligible', visitor('registration', { goBackBlocked: true })),
  r('select-country', '/select-country', inFlow('registration')),
  r('embargoed-country', '/embargoed-country', visitor('registration')),
  r('two-factor', '/two-factor', inFlow('auth')),
  r('backup-code', '/backup-code', inFlow('auth')),
  r('oauth', '/oauth', visitor('oauth')),
  r('logout', '/logout', visitor('auth')),
  r('unlock-account', '/unlock-account', visitor('auth', { needsToken: { back: SIGN_IN_PATH } })),
  r('landing-page', '/landing-page', visitor('stub')),
  r('maintenance', '/maintenance', visitor('system')),
  // Password recovery and email.
  r('reset-password-message', '/reset-password-message', visitor('recovery')),
  r('reset-password', '/reset-password', visitor('recovery', { redirectWhenLoggedIn: true })),
  r('choose-password', '/choose-password', visitor('recovery', { needsToken: { back: '/reset-password' } })),
  r('choose-password-success', '/choose-password-success', visitor('recovery', { needsToken: {} })),
  r('verify-email', '/verify-email', visitor('registration')),
  r('verify-email-success', '/verify-email-success', visitor('registration')),
  r('email-registration', '/email-registration', inFlow('registration')),
  r('email-notifications', '/email-notifications', visitor('account')),
  r('email-notifications-success', '/email-notifications-success', visitor('account')),
  // Dashboard.
  r('account', '/account', dashboard('account')),
  r('security', '/security', dashboard('security')),
  r('linked-accounts', '/linked-accounts', dashboard('linked_accounts')),
  r('game-profiles', '/game-profiles', dashboard('game_profiles', { featureFlag: 'game_page' })),
  r('friends', '/friends', dashboard('friends')),
  r('dev-tools', '/dev-tools', dashboard('system', { featureFlag: 'dev_tools' })),
  // Playtests.
  r('playtests', '/playtests', dashboard('playtests')),
  r('playtest', '/playtests/:code', dashboard('playtests')),
  r('playtest-register', '/playtests/register/:betaId', dashboard('playtests')),
  r('playtest-twitch-connect', '/playtests/twitch/:benefitId/connect', dashboard('playtests')),
  r('playtest-twitch-claim', '/playtests/twitch/:benefitId/claim', dashboard('playtests')),
  // Connection.
  r('connection', '/connection', inFlow('connection')),
  r('connection-select-platform', '/connection/select-platform', inFlow('connection')),
  r('connection-sign-out', '/connection/sign-out-confirmation', inFlow('connection')),
  r('connection-success', '/connection/connection-success', inFlow('connection')),
  r('connection-fan-club', '/connection/fan-club', inFlow('connection')),
  r('connection-confirmation', '/connection/:platformId/confirmation', inFlow('connection', { platformParam: true })),
  r('connect-platform', '/connect/:platformId', dashboard('linked_accounts', { platformParam: true })),
  // Device.
  r('device', '/device', visitor('device')),
  r('device-code', '/device-code', inFlow('device')),
  r('device-success', '/device-success', inFlow('device', { goBackBlocked: true })),
  // Stub (platform-first) accounts.
  r('prompt-sign-in', '/prompt-sign-in', inFlow('stub')),
  r('connect-success', '/connect-success', inFlow('stub')),
  r('connect-fail', '/connect-fail', inFlow('stub')),
  r('connect', '/connect', inFlow('stub')),
  r('choose-game', '/choose-game', inFlow('stub')),
  r('game-conflicts-warning', '/game-conflicts-warning', inFlow('stub')),
];

/** Paths that only redirect (spec 000 §2): resolved before the guards. */
export function redirectFor(pathname: string, search: string): string | undefined {
  if (pathname === '/' || pathname === '') return `${DEFAULT_PATH}${search}`;
  if (pathname === '/betas' || pathname.startsWith('/betas/')) {
    return `/playtests${pathname.slice('/betas'.length)}${search}`;
  }
  if (pathname === '/friend-request') {
    const query = new URLSearchParams(search);
    query.set('tab', 'incoming');
    return `/friends?${query.toString()}`;
  }
  // An unnamed route (a path below /account that names no page) goes to /account with its query.
  if (pathname.startsWith('/account/')) return `${ACCOUNT_PATH}${search}`;
  return undefined;
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

const byPath = new Map(ROUTES.map((route) => [route.path, route]));

/** The route of a path; static paths win over parameterized ones (/playtests/register/x). */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = byPath.get(normalized);
  if (exact) return { route: exact, params: {} };
  for (const route of ROUTES) {
    if (!route.path.includes(':')) continue;
    const params = matchPath(route.path, normalized);
    if (params) return { route, params };
  }
  return undefined;
}

export const routeById = (id: string): RouteDef | undefined => ROUTES.find((route) => route.id === id);
