// Every route of spec 000 §2, declared once: its id, path, screen (the feature that shows it) and
// guards. The guard decision (guards.ts) reads only this table and the app state; screens.tsx loads
// each feature's screens lazily; links and navigations make their paths with href().
import { matchPath } from './match-path.ts';
import type { Href } from './href.ts';

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

/** The features (folders of features/) whose screens routes show; screens.tsx loads each as one chunk. */
export type Feature =
  | 'home'
  | 'auth'
  | 'registration'
  | 'recovery'
  | 'account'
  | 'security'
  | 'linked-accounts'
  | 'game-profiles'
  | 'friends'
  | 'playtests'
  | 'device'
  | 'stub'
  | 'oauth'
  | 'dev-tools';

/**
 * The features whose screens use the flow messages (locales/<tag>/flows.json): screens.tsx loads
 * them with the screens, and the server preloads them with the page (vite.config.ts writes the list).
 */
export const FLOW_MESSAGE_FEATURES: ReadonlySet<Feature> = new Set<Feature>([
  'home',
  'registration',
  'recovery',
  'account',
  'security',
  'linked-accounts',
  'game-profiles',
  'dev-tools',
  'friends',
  'playtests',
]);

export type FeatureFlag = 'game_page' | 'dev_tools';

export interface RouteMeta {
  /** A signed-out visitor may open it (guard 2). */
  public?: boolean;
  /** Part of the dashboard: registration-flagged and consent checks apply (guard 3). */
  dashboard?: boolean;
  /**
   * A stub account's session in its flow may open it too (guard 2; guard 3 then does not apply to
   * it): rule 6 connects the game's user-flow platform before the stub moves on.
   */
  stubInFlow?: boolean;
  /** Needs this feature flag (guard 4). */
  featureFlag?: FeatureFlag;
  /** Needs a `token` query; without it go to the `back` route or sign-in (guard 5). */
  needsToken?: { back?: 'reset-password' | 'sign-in' };
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

const route = <const P extends string, const S extends Feature>(path: P, screen: S, meta: RouteMeta) => ({
  path,
  screen,
  meta,
});
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

/** id: route(path, screen, guards). */
const ROUTE_TABLE = {
  // Core and sign-in.
  home: route('/home', 'home', visitor('home')),
  faq: route('/faq', 'home', visitor('home')),
  'sign-in': route('/sign-in', 'auth', visitor('auth', { redirectWhenLoggedIn: true })),
  'email-code-sign-in': route('/email-code-sign-in', 'auth', inFlow('auth', { redirectWhenLoggedIn: true })),
  'password-sign-in': route('/password-sign-in', 'auth', inFlow('auth', { redirectWhenLoggedIn: true })),
  'sign-up': route('/sign-up', 'registration', visitor('registration', { redirectWhenLoggedIn: true })),
  'create-password': route('/create-password', 'registration', inFlow('registration')),
  'update-consent': route('/update-consent', 'registration', { section: 'account' }),
  'display-name': route('/display-name', 'registration', inFlow('registration', { goBackBlocked: true })),
  'age-and-location': route('/age-and-location', 'registration', inFlow('registration', { ageGate: true })),
  'not-eligible': route('/not-eligible', 'registration', visitor('registration', { goBackBlocked: true })),
  'select-country': route('/select-country', 'registration', inFlow('registration')),
  'embargoed-country': route('/embargoed-country', 'registration', visitor('registration')),
  'two-factor': route('/two-factor', 'auth', inFlow('auth')),
  'backup-code': route('/backup-code', 'auth', inFlow('auth')),
  oauth: route('/oauth', 'oauth', visitor('oauth')),
  logout: route('/logout', 'auth', visitor('auth')),
  'unlock-account': route('/unlock-account', 'auth', visitor('auth', { needsToken: { back: 'sign-in' } })),
  // A banned or blocked account's notice (issue 30); a signed-in player is not restricted.
  'account-restricted': route('/account-restricted', 'auth', visitor('auth', { redirectWhenLoggedIn: true })),
  'landing-page': route('/landing-page', 'home', visitor('stub')),
  maintenance: route('/maintenance', 'home', visitor('system')),
  // Password recovery and email.
  'reset-password-message': route('/reset-password-message', 'recovery', visitor('recovery')),
  'reset-password': route('/reset-password', 'recovery', visitor('recovery', { redirectWhenLoggedIn: true })),
  'choose-password': route(
    '/choose-password',
    'recovery',
    visitor('recovery', { needsToken: { back: 'reset-password' } }),
  ),
  'choose-password-success': route('/choose-password-success', 'recovery', visitor('recovery', { needsToken: {} })),
  'verify-email': route('/verify-email', 'registration', visitor('registration')),
  'verify-email-success': route('/verify-email-success', 'registration', visitor('registration')),
  'email-registration': route('/email-registration', 'registration', inFlow('registration')),
  'email-notifications': route('/email-notifications', 'account', visitor('account')),
  'email-notifications-success': route('/email-notifications-success', 'account', visitor('account')),
  // Dashboard.
  account: route('/account', 'account', dashboard('account')),
  security: route('/security', 'security', dashboard('security')),
  'linked-accounts': route('/linked-accounts', 'linked-accounts', dashboard('linked_accounts')),
  'game-profiles': route('/game-profiles', 'game-profiles', dashboard('game_profiles', { featureFlag: 'game_page' })),
  friends: route('/friends', 'friends', dashboard('friends')),
  'dev-tools': route('/dev-tools', 'dev-tools', dashboard('system', { featureFlag: 'dev_tools' })),
  // Playtests.
  playtests: route('/playtests', 'playtests', dashboard('playtests')),
  playtest: route('/playtests/:code', 'playtests', dashboard('playtests')),
  'playtest-register': route('/playtests/register/:betaId', 'playtests', dashboard('playtests')),
  'playtest-twitch-connect': route('/playtests/twitch/:benefitId/connect', 'playtests', dashboard('playtests')),
  'playtest-twitch-claim': route('/playtests/twitch/:benefitId/claim', 'playtests', dashboard('playtests')),
  // Connection.
  connection: route('/connection', 'linked-accounts', visitor('connection')),
  'connection-select-platform': route('/connection/select-platform', 'linked-accounts', inFlow('connection')),
  'connection-sign-out': route('/connection/sign-out-confirmation', 'linked-accounts', inFlow('connection')),
  'connection-success': route('/connection/connection-success', 'linked-accounts', inFlow('connection')),
  'connection-fan-club': route('/connection/fan-club', 'linked-accounts', inFlow('connection')),
  'connection-confirmation': route(
    '/connection/:platformId/confirmation',
    'linked-accounts',
    inFlow('connection', { platformParam: true }),
  ),
  'connect-platform': route(
    '/connect/:platformId',
    'linked-accounts',
    dashboard('linked_accounts', { platformParam: true, stubInFlow: true }),
  ),
  // Device.
  device: route('/device', 'device', visitor('device')),
  'device-code': route('/device-code', 'device', inFlow('device')),
  'device-success': route('/device-success', 'device', inFlow('device', { goBackBlocked: true })),
  // Stub (platform-first) accounts.
  'prompt-sign-in': route('/prompt-sign-in', 'stub', inFlow('stub')),
  'connect-success': route('/connect-success', 'stub', inFlow('stub')),
  'connect-fail': route('/connect-fail', 'stub', inFlow('stub')),
  // The stub flow's verification code: the device feature's code entry, for passwordless codes.
  connect: route('/connect', 'device', visitor('stub')),
  'choose-game': route('/choose-game', 'stub', inFlow('stub')),
  'game-conflicts-warning': route('/game-conflicts-warning', 'stub', inFlow('stub')),
};

type Table = typeof ROUTE_TABLE;
export type RouteId = keyof Table;

/** The routes a feature shows: what its screens.tsx must render. */
export type ScreenId<F extends Feature> = { [I in RouteId]: Table[I]['screen'] extends F ? I : never }[RouteId];

export interface RouteDef {
  id: RouteId;
  path: string;
  screen: Feature;
  meta: RouteMeta;
}

export const ROUTES: readonly RouteDef[] = (Object.keys(ROUTE_TABLE) as RouteId[]).map((id) => ({
  id,
  ...ROUTE_TABLE[id],
}));

/** The `:name` parameters of a path pattern. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The routes without parameters. */
export type StaticRouteId = { [I in RouteId]: [ParamsOf<Table[I]['path']>] extends [never] ? I : never }[RouteId];

/** A query as an object, URLSearchParams, or a search string (with or without its `?`). */
export type Query = Record<string, string> | URLSearchParams | string;

type HrefArgs<I extends RouteId> = [ParamsOf<Table[I]['path']>] extends [never]
  ? [options?: { query?: Query | undefined }]
  : [options: { params: Record<ParamsOf<Table[I]['path']>, string>; query?: Query | undefined }];

function searchOf(query: Query | undefined): string {
  let search: string;
  if (query === undefined) search = '';
  else if (typeof query === 'string') search = query.replace(/^\?/, '');
  else if (query instanceof URLSearchParams) search = query.toString();
  else
    search = Object.entries(query)
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
      .join('&');
  return search ? `?${search}` : '';
}

/** The path of a route, with its parameters filled in and a query: href('playtest', { params: { code } }). */
export function href<I extends RouteId>(id: I, ...[options]: HrefArgs<I>): Href {
  const params: Record<string, string> = options && 'params' in options ? options.params : {};
  const path = ROUTE_TABLE[id].path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return `${path}${searchOf(options?.query)}` as Href;
}

/** Paths that only redirect (spec 000 §2): resolved before the guards. */
export function redirectFor(pathname: string, search: string): Href | undefined {
  if (pathname === '/' || pathname === '') return href('home', { query: search });
  if (pathname === '/betas' || pathname.startsWith('/betas/')) {
    return `${href('playtests')}${pathname.slice('/betas'.length)}${search}` as Href;
  }
  if (pathname === '/friend-request') {
    const query = new URLSearchParams(search);
    query.set('tab', 'incoming');
    return href('friends', { query });
  }
  // An unnamed route (a path below /account that names no page) goes to /account with its query.
  if (pathname.startsWith(`${href('account')}/`)) return href('account', { query: search });
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

/** A route's guards, by id (the account menu hides links whose feature flag is off). */
export const routeMeta = (id: RouteId): RouteMeta => ROUTE_TABLE[id].meta;
