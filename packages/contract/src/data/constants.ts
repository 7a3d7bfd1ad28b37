// Business constants and limits (spec 001 §9 "Other constants", spec 000 §9). The default and placeholder
// countries live in countries.ts (DEFAULT_COUNTRY, PLACEHOLDER_COUNTRY), the default locale in locales.ts.

/** Interval of the analytics heartbeat event, in ms. */
export const HEARTBEAT_INTERVAL_MS = 60_000;

/** Timeout of the shared HTTP client, in ms. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Length of a device code, in characters. */
export const DEVICE_CODE_LENGTH = 9;

/** The letters of device user codes: consonants only, so no words and no 0/O or 1/I (RFC 8628 §6.1). */
export const DEVICE_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

/** Minimum password length, in characters. */
export const PASSWORD_MIN_LENGTH = 8;

/** Length of an emailed verification code. */
export const EMAIL_CODE_LENGTH = 6;

/** A display name (username) can be changed once every this many days. */
export const USERNAME_CHANGE_INTERVAL_DAYS = 30;

/** Product build version, sent with analytics events. */
export const BUILD_VERSION = '1.60.3';

/** Default theme. */
export const THEME = { name: 'Default', color: '#f47e2a' } as const;

/** File name of the default profile avatar. */
export const DEFAULT_AVATAR = 'default-profile-avatar.png';

/** PKCE code challenge method. */
export const CODE_CHALLENGE_METHOD = 'S256';

/**
 * The OAuth / OpenID Connect scopes the portal knows (issue 32): each client may ask for some of
 * them (its allowed scopes), and the consent screen says each in plain words.
 */
export const OAUTH_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** Delay before a loading spinner shows its label, in ms. */
export const SPINNER_LABEL_DELAY_MS = 10;

/** Wait before scrolling on a page view, in ms. */
export const PAGE_VIEW_SCROLL_WAIT_MS = 0;

/** Fixed `source` of session-start and heartbeat analytics events. */
export const ANALYTICS_SOURCE = 'accounts_website';

/** Keep-alive analytics sends are limited to this many bytes in total... */
export const KEEP_ALIVE_LIMIT_BYTES = 60_000;

/** ...and to fewer than this many requests. */
export const KEEP_ALIVE_MAX_REQUESTS = 15;

/** Ids of the internet speed bands a beta registration asks for. */
export const SPEED_BAND_IDS = ['under_25', '25_50', '50_100', '100_200', '200_1000'] as const;
export type SpeedBandId = (typeof SPEED_BAND_IDS)[number];

/** One internet speed band, in Mbps: `min` inclusive, `max` exclusive (the last band includes its max). */
export interface SpeedBand {
  readonly id: SpeedBandId;
  readonly min: number;
  readonly max: number;
  readonly labelKey: `speed_band.${SpeedBandId}`;
}

/** Internet speed bands (Mbps): under 25, 25-50, 50-100, 100-200, 200-1000, in ascending order. */
export const SPEED_BANDS: readonly SpeedBand[] = [
  { id: 'under_25', min: 0, max: 25, labelKey: 'speed_band.under_25' },
  { id: '25_50', min: 25, max: 50, labelKey: 'speed_band.25_50' },
  { id: '50_100', min: 50, max: 100, labelKey: 'speed_band.50_100' },
  { id: '100_200', min: 100, max: 200, labelKey: 'speed_band.100_200' },
  { id: '200_1000', min: 200, max: 1000, labelKey: 'speed_band.200_1000' },
];

/** The band a speed in Mbps falls in, or undefined when it is negative, above 1000 or not a number. */
export function findSpeedBand(mbps: number): SpeedBand | undefined {
  if (!Number.isFinite(mbps)) return undefined;
  const last = SPEED_BANDS[SPEED_BANDS.length - 1];
  if (last !== undefined && mbps === last.max) return last;
  return SPEED_BANDS.find((band) => mbps >= band.min && mbps < band.max);
}

/** Ids of the world regions (e.g. of a beta's players). */
export const REGION_IDS = ['americas', 'europe', 'middle_east_africa', 'asia_oceania'] as const;
export type RegionId = (typeof REGION_IDS)[number];

/** One world region, with its translation key and English name. */
export interface Region {
  readonly id: RegionId;
  readonly labelKey: `region.${RegionId}`;
  readonly name: string;
}

/** World regions: Americas, Europe, Middle East & Africa, Asia & Oceania. */
export const REGIONS: readonly Region[] = [
  { id: 'americas', labelKey: 'region.americas', name: 'Americas' },
  { id: 'europe', labelKey: 'region.europe', name: 'Europe' },
  { id: 'middle_east_africa', labelKey: 'region.middle_east_africa', name: 'Middle East & Africa' },
  { id: 'asia_oceania', labelKey: 'region.asia_oceania', name: 'Asia & Oceania' },
];
