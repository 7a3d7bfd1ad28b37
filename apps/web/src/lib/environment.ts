// Debug mode only: the environment the portal talks to (API key and service base) can be switched
// between those of the public settings; the choice persists. Debug session settings live here too.
import type { PublicSettings } from '@portal/contract/calls/settings';
import { KEYS, storage } from './storage.ts';

export interface ActiveEnvironment {
  name: string;
  color: string;
  apiKey: string;
  service: string;
}

export function chosenEnvironmentName(): string | null {
  return storage.get('local', KEYS.environment);
}

export function chooseEnvironment(name: string | null): void {
  storage.set('local', KEYS.environment, name);
}

/** The environment in use: the chosen one when debug is on and it exists, else the configured one. */
export function activeEnvironment(
  debug: boolean,
  settings: PublicSettings | null,
  configured: { apiKey: string; service: string },
): ActiveEnvironment {
  const environments = settings?.environments ?? [];
  const chosen = debug ? environments.find((e) => e.name === chosenEnvironmentName()) : undefined;
  if (chosen) return { name: chosen.name, color: chosen.color, apiKey: chosen.apiKey, service: chosen.service };
  const current = environments.find((e) => e.service === configured.service && e.apiKey === configured.apiKey);
  return { name: current?.name ?? 'Local', color: current?.color ?? '#f47e2a', ...configured };
}

export interface DebugSettings {
  isRegistrationFlagged: boolean;
  refreshRequired: boolean;
  showPlatforms: boolean;
}

export const DEFAULT_DEBUG_SETTINGS: DebugSettings = {
  isRegistrationFlagged: false,
  refreshRequired: false,
  showPlatforms: false,
};

/** The debug session settings; all false (ignored) outside debug mode. */
export function debugSettings(debug: boolean): DebugSettings {
  if (!debug) return DEFAULT_DEBUG_SETTINGS;
  return {
    ...DEFAULT_DEBUG_SETTINGS,
    ...(storage.getJson<Partial<DebugSettings>>('session', KEYS.debugSettings) ?? {}),
  };
}

export function saveDebugSettings(settings: DebugSettings): void {
  storage.setJson('session', KEYS.debugSettings, settings);
}
