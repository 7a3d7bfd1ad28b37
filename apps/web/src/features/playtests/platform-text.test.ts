import { gamePlatformKey } from '@portal/contract/calls/games';
import { speedBand } from '@portal/contract/calls/entities';
import { describe, expect, it } from 'vitest';
import {
  GAME_PLATFORMS,
  PLATFORM_NAME,
  SPEED_BANDS,
  SPEED_TEXT,
  inPlatformOrder,
  keyInstructions,
} from './platform-text.ts';
import en from '../../locales/en-US/flows.json';

const english = en as Record<string, string>;

describe('the platform names', () => {
  it('name every platform of the contract as players know it', () => {
    expect(GAME_PLATFORMS).toEqual(gamePlatformKey.options);
    expect(Object.fromEntries(GAME_PLATFORMS.map((p) => [p, english[PLATFORM_NAME[p]]]))).toEqual({
      ps_4: 'PlayStation 4',
      ps_5: 'PlayStation 5',
      xbox_one: 'Xbox One',
      xbox_series_xs: 'Xbox Series X|S',
      pc_steam: 'PC (Steam)',
      pc_epic: 'PC (Epic Games Store)',
    });
  });

  it('list the platforms in one order, each once', () => {
    expect(inPlatformOrder(['pc_steam', 'ps_5', 'pc_steam', 'xbox_one'])).toEqual(['ps_5', 'xbox_one', 'pc_steam']);
    expect(inPlatformOrder([])).toEqual([]);
  });
});

describe('the speed bands', () => {
  it('are the bands of the spec, slowest first, each with its words', () => {
    expect(SPEED_BANDS).toEqual(speedBand.options);
    expect(SPEED_BANDS.map((band) => english[SPEED_TEXT[band]])).toEqual([
      'Under 25 Mbps',
      '25–50 Mbps',
      '50–100 Mbps',
      '100–200 Mbps',
      '200–1000 Mbps',
    ]);
  });
});

describe('how a key is used', () => {
  it('is activated as a product in the Steam client for Steam', () => {
    const steam = keyInstructions('pc_steam');
    expect(steam.store).toBe('steam');
    expect(steam.steps.map((key) => english[key]).join(' ')).toContain('Activate a Product on Steam');
    expect(steam.link).toBeNull();
  });

  it('is redeemed in the Microsoft Store or at xbox.com/redeem for both Xbox consoles', () => {
    for (const platform of ['xbox_one', 'xbox_series_xs'] as const) {
      const xbox = keyInstructions(platform);
      expect(xbox.store).toBe('xbox');
      expect(xbox.steps.map((key) => english[key]).join(' ')).toContain('Redeem a code');
      expect(xbox.link?.url).toBe('https://www.xbox.com/redeem');
    }
  });

  it('is redeemed in the store of the platform for PlayStation and Epic', () => {
    expect(keyInstructions('ps_4').store).toBe('playstation');
    expect(keyInstructions('ps_5').store).toBe('playstation');
    expect(keyInstructions('pc_epic').store).toBe('epic');
  });

  it('has English words for every step', () => {
    for (const platform of GAME_PLATFORMS) {
      const { steps, link } = keyInstructions(platform);
      expect(steps.length).toBeGreaterThan(0);
      for (const key of [...steps, ...(link ? [link.label] : [])]) expect(english[key], key).toBeTruthy();
    }
  });
});
