// The words of the playtest platforms and speed bands, and how a platform key is used on each
// platform (spec 000 §4 "Beta", §9 speed bands): Steam keys in the Steam client, Xbox codes in the
// Microsoft Store or at xbox.com/redeem, PlayStation and Epic codes in their stores.
import { gamePlatformKey } from '@portal/contract/calls/games';
import type { GamePlatformKey } from '@portal/contract/calls/games';
import { speedBand } from '@portal/contract/calls/entities';
import type { BetaRecord } from '@portal/contract/calls/entities';
import type { MessageKey } from '../../lib/i18n/messages.ts';

export type GamePlatform = GamePlatformKey;
export type SpeedBand = NonNullable<BetaRecord['speed']>;

/** Every platform, in the contract's order (consoles first, then PC stores). */
export const GAME_PLATFORMS: readonly GamePlatform[] = gamePlatformKey.options;
/** Every speed band, slowest first. */
export const SPEED_BANDS: readonly SpeedBand[] = speedBand.options;

/**
 * The platforms' own names (PlayStation 4, Xbox Series X|S, PC (Steam)...): the same messages as the
 * game profiles, which are the same in every language.
 */
export const PLATFORM_NAME: Record<GamePlatform, MessageKey> = {
  ps_4: 'gameProfiles.platform.ps_4',
  ps_5: 'gameProfiles.platform.ps_5',
  xbox_one: 'gameProfiles.platform.xbox_one',
  xbox_series_xs: 'gameProfiles.platform.xbox_series_xs',
  pc_steam: 'gameProfiles.platform.pc_steam',
  pc_epic: 'gameProfiles.platform.pc_epic',
};

export const SPEED_TEXT: Record<SpeedBand, MessageKey> = {
  under_25: 'playtests.speed.under_25',
  '25_50': 'playtests.speed.25_50',
  '50_100': 'playtests.speed.50_100',
  '100_200': 'playtests.speed.100_200',
  '200_1000': 'playtests.speed.200_1000',
};

/** The platforms in the contract's order, each once. */
export function inPlatformOrder(platforms: readonly GamePlatform[]): GamePlatform[] {
  return GAME_PLATFORMS.filter((platform) => platforms.includes(platform));
}

export type KeyStore = 'steam' | 'xbox' | 'playstation' | 'epic';

export interface KeyInstructions {
  store: KeyStore;
  /** The steps, in order. */
  steps: MessageKey[];
  /** A page where the key is redeemed, when the platform has one for a browser. */
  link: { url: string; label: MessageKey } | null;
}

const STORE_OF: Record<GamePlatform, KeyStore> = {
  ps_4: 'playstation',
  ps_5: 'playstation',
  xbox_one: 'xbox',
  xbox_series_xs: 'xbox',
  pc_steam: 'steam',
  pc_epic: 'epic',
};

const INSTRUCTIONS: Record<KeyStore, KeyInstructions> = {
  steam: {
    store: 'steam',
    steps: ['playtests.steps.steam.1', 'playtests.steps.steam.2', 'playtests.steps.steam.3'],
    link: null,
  },
  xbox: {
    store: 'xbox',
    steps: ['playtests.steps.xbox.1', 'playtests.steps.xbox.2', 'playtests.steps.xbox.3'],
    link: { url: 'https://www.xbox.com/redeem', label: 'playtests.xboxRedeemLink' },
  },
  playstation: {
    store: 'playstation',
    steps: ['playtests.steps.playstation.1', 'playtests.steps.playstation.2', 'playtests.steps.playstation.3'],
    link: null,
  },
  epic: {
    store: 'epic',
    steps: ['playtests.steps.epic.1', 'playtests.steps.epic.2', 'playtests.steps.epic.3'],
    link: null,
  },
};

/** How the key of a platform is used. */
export function keyInstructions(platform: GamePlatform): KeyInstructions {
  return INSTRUCTIONS[STORE_OF[platform]];
}
