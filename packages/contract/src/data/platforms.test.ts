import { describe, expect, it } from 'vitest';
import {
  GAME_PLATFORM_KEYS,
  LINK_PAYLOAD_FIELDS,
  LINK_PLATFORMS,
  PLATFORM_CATALOGUE,
  PLATFORM_IDS,
  isPlatformId,
  normalizePlatformId,
} from './platforms.ts';
import type { LinkPayloadKind, PlatformId } from './platforms.ts';

describe('platform ids', () => {
  it('has the 17 platform ids of the spec', () => {
    expect([...PLATFORM_IDS]).toEqual([
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
    ]);
  });

  it('has the game platform keys and link platforms', () => {
    expect([...GAME_PLATFORM_KEYS]).toEqual(['ps_4', 'ps_5', 'xbox_one', 'xbox_series_xs', 'pc_steam', 'pc_epic']);
    expect([...LINK_PLATFORMS]).toEqual(['psn', 'xbox', 'steam', 'epic_games']);
    for (const id of LINK_PLATFORMS) expect(isPlatformId(id)).toBe(true);
  });
});

describe('normalizePlatformId', () => {
  it('converts hyphens and case', () => {
    expect(normalizePlatformId('epic-games')).toBe('epic_games');
    expect(normalizePlatformId('Apple-GC')).toBe('apple_gc');
    expect(normalizePlatformId('psn')).toBe('psn');
    expect(normalizePlatformId('wizarding_world')).toBe('wizarding_world');
  });

  it('yields undefined for unknown platforms', () => {
    for (const raw of ['playstation', 'luna', 'epic games', '', 'x'.repeat(1000), 'constructor']) {
      expect(normalizePlatformId(raw)).toBeUndefined();
    }
    expect(normalizePlatformId(undefined)).toBeUndefined();
    expect(normalizePlatformId(null)).toBeUndefined();
  });
});

describe('platform catalogue', () => {
  it('has one entry per id, keyed by its id, with a name', () => {
    expect(Object.keys(PLATFORM_CATALOGUE).sort()).toEqual([...PLATFORM_IDS].sort());
    for (const id of PLATFORM_IDS) {
      expect(PLATFORM_CATALOGUE[id].id).toBe(id);
      expect(PLATFORM_CATALOGUE[id].name).not.toBe('');
    }
    expect(PLATFORM_CATALOGUE.psn.name).toBe('PlayStation Network');
    expect(PLATFORM_CATALOGUE.curse_forge.name).toBe('CurseForge');
  });

  it('has the link payload kinds of the spec table', () => {
    const expected: Record<LinkPayloadKind, PlatformId[]> = {
      auth_code_nonce: [
        'psn',
        'epic_games',
        'amazon_luna',
        'nintendo',
        'apple_gc',
        'google_pgs',
        'twitch',
        'google',
        'apple',
      ],
      access_token: ['steam'],
      auth_code: ['discord', 'xbox', 'max', 'curse_forge'],
      short_code: ['wizarding_world', 'apple_vendor_id', 'android_app_set_id'],
    };
    for (const [kind, ids] of Object.entries(expected)) {
      for (const id of ids) expect([id, PLATFORM_CATALOGUE[id].linkPayload]).toEqual([id, kind]);
    }
    expect(Object.values(expected).flat()).toHaveLength(17);
    expect(LINK_PAYLOAD_FIELDS.auth_code_nonce).toEqual(['auth_code', 'nonce']);
  });

  it('has the scopes and response types of the spec', () => {
    expect(PLATFORM_CATALOGUE.psn.scope).toBe('psn:s2s openid id_token:psn.basic_claims');
    expect(PLATFORM_CATALOGUE.discord.scope).toBe('identify email connections');
    expect(PLATFORM_CATALOGUE.epic_games.scope).toBe('basic_profile friends_list');
    expect(PLATFORM_CATALOGUE.xbox.scope).toBe('xboxlive.signin');
    expect(PLATFORM_CATALOGUE.twitch.scope).toBe('user:read:email openid');
    expect(PLATFORM_CATALOGUE.google.scope).toBe('email profile openid');
    expect(PLATFORM_CATALOGUE.curse_forge.scope).toBe('openid profile email');
    expect(PLATFORM_CATALOGUE.amazon_luna.scope).toBe('openid');
    expect(PLATFORM_CATALOGUE.steam.scope).toBeUndefined();
    for (const id of PLATFORM_IDS) {
      expect([id, PLATFORM_CATALOGUE[id].responseType]).toEqual([id, id === 'steam' ? 'token' : 'code']);
    }
  });

  it('has the popup sizes of the spec', () => {
    const large = new Set<PlatformId>(['amazon_luna', 'nintendo', 'apple_gc', 'google_pgs']);
    for (const id of PLATFORM_IDS) {
      const expected = large.has(id)
        ? { width: 1200, height: 700 }
        : id === 'max'
          ? { width: 650, height: 680 }
          : { width: 650, height: 600 };
      expect([id, PLATFORM_CATALOGUE[id].popup]).toEqual([id, expected]);
    }
  });
});
