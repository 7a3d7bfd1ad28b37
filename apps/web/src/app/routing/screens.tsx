// Which feature shows each route; each feature's screens load lazily as one chunk.
import { lazy } from 'react';
import { loadFlowMessages } from '../../lib/i18n/locale.ts';
import type { ComponentType } from 'react';

type FeatureScreens = ComponentType<{ id: string }>;

/** A feature whose screens use the flow messages: both load before it shows. */
function withFlowMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadFlowMessages()]).then(([module]) => module);
}

const features = {
  home: lazy(withFlowMessages(() => import('../../features/home/screens.tsx'))),
  auth: lazy(() => import('../../features/auth/screens.tsx')),
  registration: lazy(withFlowMessages(() => import('../../features/registration/screens.tsx'))),
  recovery: lazy(withFlowMessages(() => import('../../features/recovery/screens.tsx'))),
  account: lazy(withFlowMessages(() => import('../../features/account/screens.tsx'))),
  security: lazy(withFlowMessages(() => import('../../features/security/screens.tsx'))),
  linkedAccounts: lazy(() => import('../../features/linked-accounts/screens.tsx')),
  gameProfiles: lazy(withFlowMessages(() => import('../../features/game-profiles/screens.tsx'))),
  friends: lazy(() => import('../../features/friends/screens.tsx')),
  playtests: lazy(() => import('../../features/playtests/screens.tsx')),
  device: lazy(() => import('../../features/device/screens.tsx')),
  stub: lazy(() => import('../../features/stub/screens.tsx')),
  oauth: lazy(() => import('../../features/oauth/screens.tsx')),
  devTools: lazy(withFlowMessages(() => import('../../features/dev-tools/screens.tsx'))),
} satisfies Record<string, FeatureScreens>;

type Feature = keyof typeof features;

const FEATURE_OF: Record<string, Feature> = {
  home: 'home',
  faq: 'home',
  'landing-page': 'home',
  maintenance: 'home',
  'sign-in': 'auth',
  'email-code-sign-in': 'auth',
  'password-sign-in': 'auth',
  'two-factor': 'auth',
  'backup-code': 'auth',
  logout: 'auth',
  'unlock-account': 'auth',
  'sign-up': 'registration',
  'create-password': 'registration',
  'update-consent': 'registration',
  'display-name': 'registration',
  'age-and-location': 'registration',
  'not-eligible': 'registration',
  'select-country': 'registration',
  'embargoed-country': 'registration',
  'email-registration': 'registration',
  'verify-email': 'registration',
  'verify-email-success': 'registration',
  'reset-password-message': 'recovery',
  'reset-password': 'recovery',
  'choose-password': 'recovery',
  'choose-password-success': 'recovery',
  account: 'account',
  'email-notifications': 'account',
  'email-notifications-success': 'account',
  security: 'security',
  'linked-accounts': 'linkedAccounts',
  'connect-platform': 'linkedAccounts',
  connection: 'linkedAccounts',
  'connection-select-platform': 'linkedAccounts',
  'connection-sign-out': 'linkedAccounts',
  'connection-success': 'linkedAccounts',
  'connection-fan-club': 'linkedAccounts',
  'connection-confirmation': 'linkedAccounts',
  'game-profiles': 'gameProfiles',
  friends: 'friends',
  playtests: 'playtests',
  playtest: 'playtests',
  'playtest-register': 'playtests',
  'playtest-twitch-connect': 'playtests',
  'playtest-twitch-claim': 'playtests',
  device: 'device',
  'device-code': 'device',
  'device-success': 'device',
  'prompt-sign-in': 'stub',
  'connect-success': 'stub',
  'connect-fail': 'stub',
  connect: 'stub',
  'choose-game': 'stub',
  'game-conflicts-warning': 'stub',
  oauth: 'oauth',
  'dev-tools': 'devTools',
};

export function featureOf(routeId: string): Feature | undefined {
  return FEATURE_OF[routeId];
}

export function RouteScreen({ id }: { id: string }) {
  const feature = FEATURE_OF[id];
  if (!feature) throw new Error(`no screen for route ${id}`);
  const Screens = features[feature];
  return <Screens id={id} />;
}
