// Platform ids and the keys of game platforms and link platforms (spec 001 §9), without the
// provider catalogue, so code that only checks ids stays small.
// Sign-in and link platforms (spec 001 §9 "Platform provider catalogue", spec 000 §3 "Other").

/** The 17 platform ids. */
export const PLATFORM_IDS = [
  'psn',
  'steam',
  'amazon_luna',
  'nintendo',
  'apple',
  'apple_gc',
  'apple_vendor_id',
  'android_app_set_id',
  'google',
  'google_pgs',
  'discord',
  'epic_games',
  'xbox',
  'twitch',
  'max',
  'curse_forge',
  'wizarding_world',
] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

/**
 * Device identifiers a game links for its player (Apple's identifier for vendor, Android's app set
 * ID): short-code providers of the catalogue, but not an account a player has. Games link them
 * through the API; the web app never offers them to players.
 */
export const DEVICE_ID_PLATFORMS = ['apple_vendor_id', 'android_app_set_id'] as const satisfies readonly PlatformId[];

/** Is this platform an account a player links and signs in with (not a game's device identifier)? */
export function isPlayerPlatform(id: PlatformId): boolean {
  return !(DEVICE_ID_PLATFORMS as readonly PlatformId[]).includes(id);
}

/** Platform keys of betas (playtests): the consoles and PC stores a beta can be played on. */
export const GAME_PLATFORM_KEYS = ['ps_4', 'ps_5', 'xbox_one', 'xbox_series_xs', 'pc_steam', 'pc_epic'] as const;
export type GamePlatformKey = (typeof GAME_PLATFORM_KEYS)[number];

/** The platforms a game config can name as link platforms. */
export const LINK_PLATFORMS = ['psn', 'xbox', 'steam', 'epic_games'] as const satisfies readonly PlatformId[];
export type LinkPlatformId = (typeof LINK_PLATFORMS)[number];

/** Is this string exactly a platform id? */
export function isPlatformId(value: unknown): value is PlatformId {
  return typeof value === 'string' && (PLATFORM_IDS as readonly string[]).includes(value);
}

/**
 * The platform id a raw value (e.g. a route's platformId) stands for: trimmed, lower-cased, hyphens converted to
 * underscores ('epic-games' → 'epic_games'). Undefined when it is not a known platform.
 */
export function normalizePlatformId(raw: string | null | undefined): PlatformId | undefined {
  if (typeof raw !== 'string' || raw.length > 64) return undefined;
  const normalized = raw.trim().toLowerCase().replaceAll('-', '_');
  return isPlatformId(normalized) ? normalized : undefined;
}
