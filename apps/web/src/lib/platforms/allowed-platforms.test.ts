// The platforms offered to players (and that a URL may name).
import type { PublicSettings } from '@portal/contract/calls/settings';
import { PLATFORM_IDS } from '@portal/contract/data/platform-ids';
import { describe, expect, it } from 'vitest';
import { allowedPlatforms } from './allowed-platforms.ts';

// Only what allowedPlatforms reads.
const settings = (curseforgeHidden = false) =>
  ({
    featureFlags: { game_page: false, dev_tools: false, third_party_login: true, curseforge_hidden: curseforgeHidden },
    platforms: Object.fromEntries(PLATFORM_IDS.map((id) => [id, { global_support_enabled: id !== 'google' }])),
  }) as unknown as PublicSettings;

describe('allowedPlatforms', () => {
  it("offers the supported platforms, but never a game's device identifier", () => {
    const allowed = allowedPlatforms(settings());
    expect(allowed.has('psn')).toBe(true);
    expect(allowed.has('wizarding_world')).toBe(true);
    expect(allowed.has('google')).toBe(false);
    expect(allowed.has('apple_vendor_id')).toBe(false);
    expect(allowed.has('android_app_set_id')).toBe(false);
    expect(allowed.size).toBe(14);
  });

  it('hides CurseForge behind its flag', () => {
    expect(allowedPlatforms(settings(true)).has('curse_forge')).toBe(false);
  });
});
