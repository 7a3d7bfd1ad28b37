export * from './platform-ids.ts';
import type { PlatformId } from './platform-ids.ts';

/**
 * What a link or sign-in call carries for a platform (spec 001 §9 "Link and sign-in payloads"):
 * - auth_code_nonce: the authorization code and the nonce sent with the authorize request;
 * - access_token: an access token (implicit grant);
 * - auth_code: the authorization code alone;
 * - short_code: a short code shown by or entered on the other service.
 */
export const LINK_PAYLOAD_KINDS = ['auth_code_nonce', 'access_token', 'auth_code', 'short_code'] as const;
export type LinkPayloadKind = (typeof LINK_PAYLOAD_KINDS)[number];

/** The payload field names of each link payload kind. */
export const LINK_PAYLOAD_FIELDS: Readonly<Record<LinkPayloadKind, readonly string[]>> = {
  auth_code_nonce: ['auth_code', 'nonce'],
  access_token: ['access_token'],
  auth_code: ['auth_code'],
  short_code: ['short_code'],
};

/** OAuth response type of a provider's authorize request. */
export type ResponseType = 'code' | 'token';

/** Size of a provider's sign-in popup window, in CSS pixels. */
export interface PopupSize {
  readonly width: number;
  readonly height: number;
}

/** The default popup size, 650x600. */
export const DEFAULT_POPUP_SIZE: PopupSize = { width: 650, height: 600 };
const LARGE_POPUP: PopupSize = { width: 1200, height: 700 };
const TALL_POPUP: PopupSize = { width: 650, height: 680 };

/** The static part of a platform provider: what does not depend on the environment or the site. */
export interface PlatformInfo {
  readonly id: PlatformId;
  /** Display name. */
  readonly name: string;
  readonly linkPayload: LinkPayloadKind;
  /** OAuth scope, space-separated; undefined where the spec gives none. */
  readonly scope: string | undefined;
  readonly responseType: ResponseType;
  readonly popup: PopupSize;
}

function platform(
  id: PlatformId,
  name: string,
  linkPayload: LinkPayloadKind,
  scope?: string,
  popup: PopupSize = DEFAULT_POPUP_SIZE,
): PlatformInfo {
  return { id, name, linkPayload, scope, responseType: id === 'steam' ? 'token' : 'code', popup };
}

/**
 * The platform provider catalogue. The spec's "playstation" is psn and "luna" is amazon_luna. Response type is
 * 'code' except Steam ('token'). Popups are 650x600, except 1200x700 for Amazon Luna, Nintendo, Apple Game
 * Center and Google Play Games, and 650x680 for Max. Auth hosts, icons and restrictions are not shown by the
 * spec and are not part of this table.
 */
export const PLATFORM_CATALOGUE: Readonly<Record<PlatformId, PlatformInfo>> = {
  psn: platform('psn', 'PlayStation Network', 'auth_code_nonce', 'psn:s2s openid id_token:psn.basic_claims'),
  steam: platform('steam', 'Steam', 'access_token'),
  amazon_luna: platform('amazon_luna', 'Amazon Luna', 'auth_code_nonce', 'openid', LARGE_POPUP),
  nintendo: platform('nintendo', 'Nintendo', 'auth_code_nonce', undefined, LARGE_POPUP),
  apple: platform('apple', 'Apple', 'auth_code_nonce'),
  apple_gc: platform('apple_gc', 'Apple Game Center', 'auth_code_nonce', undefined, LARGE_POPUP),
  apple_vendor_id: platform('apple_vendor_id', 'Apple Vendor ID', 'short_code'),
  android_app_set_id: platform('android_app_set_id', 'Android App Set ID', 'short_code'),
  google: platform('google', 'Google', 'auth_code_nonce', 'email profile openid'),
  google_pgs: platform('google_pgs', 'Google Play Games', 'auth_code_nonce', undefined, LARGE_POPUP),
  discord: platform('discord', 'Discord', 'auth_code', 'identify email connections'),
  epic_games: platform('epic_games', 'Epic Games', 'auth_code_nonce', 'basic_profile friends_list'),
  xbox: platform('xbox', 'Xbox', 'auth_code', 'xboxlive.signin'),
  twitch: platform('twitch', 'Twitch', 'auth_code_nonce', 'user:read:email openid'),
  max: platform('max', 'Max', 'auth_code', undefined, TALL_POPUP),
  curse_forge: platform('curse_forge', 'CurseForge', 'auth_code', 'openid profile email'),
  wizarding_world: platform('wizarding_world', 'Wizarding World', 'short_code'),
};

/**
 * The platform a game's user flow connects (spec 001 §3 device authorization `user_flow`): a device
 * flow with one of these asks the player to connect that platform before the device is authorized.
 */
export const USER_FLOW_PLATFORMS: Readonly<
  Record<'harry_potter_fc' | 'curseforge' | 'max' | 'discord' | 'twitch', PlatformId>
> = {
  harry_potter_fc: 'wizarding_world',
  curseforge: 'curse_forge',
  max: 'max',
  discord: 'discord',
  twitch: 'twitch',
};
