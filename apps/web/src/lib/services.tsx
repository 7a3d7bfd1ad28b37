// What the screens share: configuration, settings, stores and the API client, through one context.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { PublicSettings } from '@portal/contract/calls/settings';
import type { ApiClient } from './api/client.ts';
import type { Analytics } from './analytics/analytics.ts';
import type { SessionStore } from './auth/session-store.ts';
import type { AccountCache } from './auth/account-cache.ts';
import type { ActiveEnvironment } from './environment.ts';
import type { RuntimeConfig } from './runtime-config.ts';

export interface AppServices {
  config: RuntimeConfig;
  settings: PublicSettings;
  environment: ActiveEnvironment;
  debug: boolean;
  api: ApiClient;
  session: SessionStore;
  /** The signed-in account's cache (TanStack Query): reads and keeps it; the session holds its copy. */
  account: AccountCache;
  analytics: Analytics;
  /** The stored session could not be checked at startup (network or server trouble). */
  sessionVerifyFailed: boolean;
  /**
   * Signs out locally (and on the server when possible), then goes to sign-in unless told not to.
   * The flow under way ends, unless kept (another account goes on with a game's sign-in).
   */
  logout(options?: { ignoreRedirect?: boolean; keepFlow?: boolean }): Promise<void>;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}

export function useSession() {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.get);
}
