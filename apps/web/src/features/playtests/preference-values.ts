// The preferences of a registration (speed band and platforms) as the forms hold them, their field
// errors, and the body the calls take. Registration and the preferences modal share them.
import type { Beta } from '@portal/contract/calls/entities';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { inPlatformOrder } from './platform-text.ts';
import type { GamePlatform, SpeedBand } from './platform-text.ts';

export interface PreferenceValues {
  speed: SpeedBand | null;
  platforms: GamePlatform[];
}

export interface PreferenceProblems {
  speed?: MessageKey;
  platforms?: MessageKey;
  terms?: MessageKey;
}

/** The registration's preferences (the platforms still offered), or none; a single platform is chosen. */
export function initialPreferences(beta: Beta): PreferenceValues {
  const offered = beta.platform_choices;
  const registered = (beta.record?.platforms ?? []).filter((platform) => offered.includes(platform));
  return {
    speed: beta.speed_check ? (beta.record?.speed ?? null) : null,
    platforms: inPlatformOrder(registered.length > 0 || offered.length !== 1 ? registered : offered),
  };
}

/** The platforms chosen with one more or one less. */
export function toggled(platforms: readonly GamePlatform[], platform: GamePlatform, on: boolean): GamePlatform[] {
  return inPlatformOrder(on ? [...platforms, platform] : platforms.filter((p) => p !== platform));
}

/**
 * What is missing: a speed band when the playtest asks for it, at least one of its platforms, and
 * (registration only: `terms` given) the accepted terms.
 */
export function preferenceProblems(beta: Beta, values: PreferenceValues, terms?: boolean): PreferenceProblems {
  const problems: PreferenceProblems = {};
  if (beta.speed_check && values.speed === null) problems.speed = 'playtests.speedRequired';
  if (!values.platforms.some((platform) => beta.platform_choices.includes(platform))) {
    problems.platforms = 'playtests.platformsRequired';
  }
  if (terms === false) problems.terms = 'playtests.termsRequired';
  return problems;
}

export function hasProblems(problems: PreferenceProblems): boolean {
  return Object.keys(problems).length > 0;
}

/** The preferences part of the register and update calls, with the version of the playtest shown. */
export function preferencesBody(
  beta: Beta,
  values: PreferenceValues,
): { speed?: SpeedBand; platforms: GamePlatform[]; beta_version: number } {
  const platforms = inPlatformOrder(values.platforms.filter((platform) => beta.platform_choices.includes(platform)));
  return {
    ...(beta.speed_check && values.speed !== null ? { speed: values.speed } : {}),
    platforms,
    beta_version: beta.version,
  };
}
