// The screens of the route table: each feature's screens load lazily as one chunk and render the
// route they are given (typed: a feature's screens.tsx renders exactly its routes of the table).
import { lazy } from 'react';
import type { ComponentType } from 'react';
import { loadFlowMessages } from '../../lib/i18n/locale.ts';
import type { Feature, RouteDef, RouteId, ScreenId } from './route-table.ts';

/** A feature whose screens use the flow messages: both load before it shows. */
function withFlowMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadFlowMessages()]).then(([module]) => module);
}

const FEATURE_SCREENS: { [F in Feature]: ComponentType<{ id: ScreenId<F> }> } = {
  home: lazy(withFlowMessages(() => import('../../features/home/screens.tsx'))),
  auth: lazy(() => import('../../features/auth/screens.tsx')),
  registration: lazy(withFlowMessages(() => import('../../features/registration/screens.tsx'))),
  recovery: lazy(withFlowMessages(() => import('../../features/recovery/screens.tsx'))),
  account: lazy(withFlowMessages(() => import('../../features/account/screens.tsx'))),
  security: lazy(withFlowMessages(() => import('../../features/security/screens.tsx'))),
  'linked-accounts': lazy(() => import('../../features/linked-accounts/screens.tsx')),
  'game-profiles': lazy(withFlowMessages(() => import('../../features/game-profiles/screens.tsx'))),
  friends: lazy(() => import('../../features/friends/screens.tsx')),
  playtests: lazy(() => import('../../features/playtests/screens.tsx')),
  device: lazy(() => import('../../features/device/screens.tsx')),
  stub: lazy(() => import('../../features/stub/screens.tsx')),
  oauth: lazy(() => import('../../features/oauth/screens.tsx')),
  'dev-tools': lazy(withFlowMessages(() => import('../../features/dev-tools/screens.tsx'))),
};

export function RouteScreen({ route }: { route: RouteDef }) {
  // The table pairs each route with its feature, so its id is one of that feature's screens.
  const Screens = FEATURE_SCREENS[route.screen] as ComponentType<{ id: RouteId }>;
  return <Screens id={route.id} />;
}
