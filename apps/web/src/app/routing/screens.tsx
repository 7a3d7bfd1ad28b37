// The screens of the route table: each feature's screens load lazily as one chunk and render the
// route they are given (typed: a feature's screens.tsx renders exactly its routes of the table).
import { lazy } from 'react';
import type { ComponentType } from 'react';
import { loadFlowMessages } from '../../lib/i18n/locale.ts';
import { FLOW_MESSAGE_FEATURES, matchRoute } from '../../lib/router/route-table.ts';
import type { Feature, RouteDef, RouteId, ScreenId } from '../../lib/router/route-table.ts';

/** A feature whose screens use the flow messages: both load before it shows. */
function withFlowMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadFlowMessages()]).then(([module]) => module);
}

type ScreensModule<F extends Feature> = { default: ComponentType<{ id: ScreenId<F> }> };

const FEATURE_IMPORTS: { [F in Feature]: () => Promise<ScreensModule<F>> } = {
  home: () => import('../../features/home/screens.tsx'),
  auth: () => import('../../features/auth/screens.tsx'),
  registration: () => import('../../features/registration/screens.tsx'),
  recovery: () => import('../../features/recovery/screens.tsx'),
  account: () => import('../../features/account/screens.tsx'),
  security: () => import('../../features/security/screens.tsx'),
  'linked-accounts': () => import('../../features/linked-accounts/screens.tsx'),
  'game-profiles': () => import('../../features/game-profiles/screens.tsx'),
  friends: () => import('../../features/friends/screens.tsx'),
  playtests: () => import('../../features/playtests/screens.tsx'),
  device: () => import('../../features/device/screens.tsx'),
  stub: () => import('../../features/stub/screens.tsx'),
  oauth: () => import('../../features/oauth/screens.tsx'),
  'dev-tools': () => import('../../features/dev-tools/screens.tsx'),
};

/** A feature's screens, with the flow messages where its screens use them. */
function importFeature<F extends Feature>(feature: F): Promise<ScreensModule<F>> {
  const load = FEATURE_IMPORTS[feature];
  return FLOW_MESSAGE_FEATURES.has(feature) ? withFlowMessages(load)() : load();
}

/** Each feature's chunk loads once, whether asked early (preloadScreens) or by rendering; a failed load may be retried. */
const loading = new Map<Feature, Promise<ScreensModule<Feature>>>();
function loadFeature<F extends Feature>(feature: F): Promise<ScreensModule<F>> {
  let promise = loading.get(feature) as Promise<ScreensModule<F>> | undefined;
  if (!promise) {
    promise = importFeature(feature);
    loading.set(feature, promise as Promise<ScreensModule<Feature>>);
    promise.catch(() => loading.delete(feature));
  }
  return promise;
}

// The table pairs each route with its feature, so a route's id is one of its feature's screens.
const FEATURE_SCREENS = {} as Record<Feature, ComponentType<{ id: RouteId }>>;
for (const feature of Object.keys(FEATURE_IMPORTS) as Feature[]) {
  FEATURE_SCREENS[feature] = lazy(() => loadFeature(feature));
}

/**
 * Starts loading the screens of the page being opened while the app starts (messages, session), so
 * the first screen does not wait for them one after the other. Where a guard sends the visitor
 * elsewhere, that page's screens load when it renders.
 */
export function preloadScreens(pathname: string): void {
  const match = matchRoute(pathname);
  if (match) loadFeature(match.route.screen).catch(() => undefined);
}

export function RouteScreen({ route }: { route: RouteDef }) {
  const Screens = FEATURE_SCREENS[route.screen];
  return <Screens id={route.id} />;
}
