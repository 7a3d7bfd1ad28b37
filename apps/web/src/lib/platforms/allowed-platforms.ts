// The platforms a player may see and a URL may name, from the public settings.
import type { PublicSettings } from '@portal/contract/calls/settings';
import { isPlayerPlatform, PLATFORM_IDS } from '@portal/contract/data/platform-ids';

/**
 * Platforms offered to players, and that a URL may name: supported everywhere, CurseForge not hidden
 * by its flag, and not a game's device identifier (Apple Vendor ID, Android App Set ID).
 */
export function allowedPlatforms(settings: PublicSettings): Set<string> {
  return new Set(
    PLATFORM_IDS.filter(
      (id) =>
        settings.platforms[id]?.global_support_enabled === true &&
        isPlayerPlatform(id) &&
        !(id === 'curse_forge' && settings.featureFlags.curseforge_hidden),
    ),
  );
}
