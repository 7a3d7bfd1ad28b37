// How a game profile's facts read on the page: detail keys as words, values in the user's locale,
// and the platform keys of the contract by their names.
import type { GamePlatformKey } from '@portal/contract/data/platform-ids';
import { t } from './i18n/messages.ts';

/** `play_time_hours` → "Play time hours", `totalXP` → "Total XP", `boss.kills` → "Boss kills". */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word, i) => (word === word.toUpperCase() || i === 0 ? word : word.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A detail's value as text: numbers in the locale's format, booleans as yes or no. */
export function formatDetailValue(value: string | number | boolean, locale: string): string {
  if (typeof value === 'number') return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  if (typeof value === 'boolean') return value ? t('gameProfiles.yes') : t('gameProfiles.no');
  return value;
}

/** The name of a platform a game reported; a key the portal does not know shows as sent. */
export function platformName(platform: string): string {
  switch (platform as GamePlatformKey) {
    case 'ps_4':
      return t('gameProfiles.platform.ps_4');
    case 'ps_5':
      return t('gameProfiles.platform.ps_5');
    case 'xbox_one':
      return t('gameProfiles.platform.xbox_one');
    case 'xbox_series_xs':
      return t('gameProfiles.platform.xbox_series_xs');
    case 'pc_steam':
      return t('gameProfiles.platform.pc_steam');
    case 'pc_epic':
      return t('gameProfiles.platform.pc_epic');
    default:
      return platform;
  }
}
