import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_SOURCE,
  BUILD_VERSION,
  CODE_CHALLENGE_METHOD,
  DEFAULT_AVATAR,
  DEVICE_CODE_LENGTH,
  EMAIL_CODE_LENGTH,
  HEARTBEAT_INTERVAL_MS,
  KEEP_ALIVE_LIMIT_BYTES,
  KEEP_ALIVE_MAX_REQUESTS,
  PAGE_VIEW_SCROLL_WAIT_MS,
  PASSWORD_MIN_LENGTH,
  REGIONS,
  REGION_IDS,
  REQUEST_TIMEOUT_MS,
  SPEED_BANDS,
  SPEED_BAND_IDS,
  SPINNER_LABEL_DELAY_MS,
  THEME,
  USERNAME_CHANGE_INTERVAL_DAYS,
  findSpeedBand,
} from './constants.ts';
import * as data from './index.ts';

describe('constants', () => {
  it('has the values of the spec', () => {
    expect({
      HEARTBEAT_INTERVAL_MS,
      REQUEST_TIMEOUT_MS,
      DEVICE_CODE_LENGTH,
      PASSWORD_MIN_LENGTH,
      EMAIL_CODE_LENGTH,
      USERNAME_CHANGE_INTERVAL_DAYS,
      BUILD_VERSION,
      THEME,
      DEFAULT_AVATAR,
      CODE_CHALLENGE_METHOD,
      SPINNER_LABEL_DELAY_MS,
      PAGE_VIEW_SCROLL_WAIT_MS,
      ANALYTICS_SOURCE,
      KEEP_ALIVE_LIMIT_BYTES,
      KEEP_ALIVE_MAX_REQUESTS,
    }).toEqual({
      HEARTBEAT_INTERVAL_MS: 60000,
      REQUEST_TIMEOUT_MS: 30000,
      DEVICE_CODE_LENGTH: 9,
      PASSWORD_MIN_LENGTH: 8,
      EMAIL_CODE_LENGTH: 6,
      USERNAME_CHANGE_INTERVAL_DAYS: 30,
      BUILD_VERSION: '1.60.3',
      THEME: { name: 'Default', color: '#f47e2a' },
      DEFAULT_AVATAR: 'default-profile-avatar.png',
      CODE_CHALLENGE_METHOD: 'S256',
      SPINNER_LABEL_DELAY_MS: 10,
      PAGE_VIEW_SCROLL_WAIT_MS: 0,
      ANALYTICS_SOURCE: 'accounts_website',
      KEEP_ALIVE_LIMIT_BYTES: 60000,
      KEEP_ALIVE_MAX_REQUESTS: 15,
    });
  });
});

describe('speed bands', () => {
  it('has the five bands of the spec, contiguous from 0 to 1000 Mbps', () => {
    expect(SPEED_BANDS.map((b) => [b.id, b.min, b.max])).toEqual([
      ['under_25', 0, 25],
      ['25_50', 25, 50],
      ['50_100', 50, 100],
      ['100_200', 100, 200],
      ['200_1000', 200, 1000],
    ]);
    expect(SPEED_BANDS.map((b) => b.id)).toEqual([...SPEED_BAND_IDS]);
    for (const band of SPEED_BANDS) expect(band.labelKey).toBe(`speed_band.${band.id}`);
  });

  it('finds the band of a speed', () => {
    expect(findSpeedBand(0)?.id).toBe('under_25');
    expect(findSpeedBand(24.9)?.id).toBe('under_25');
    expect(findSpeedBand(25)?.id).toBe('25_50');
    expect(findSpeedBand(150)?.id).toBe('100_200');
    expect(findSpeedBand(1000)?.id).toBe('200_1000');
    for (const mbps of [-1, 1000.5, Number.NaN, Infinity]) expect(findSpeedBand(mbps)).toBeUndefined();
  });
});

describe('regions', () => {
  it('has Americas, Europe, Middle East & Africa, Asia & Oceania', () => {
    expect(REGIONS.map((r) => r.name)).toEqual(['Americas', 'Europe', 'Middle East & Africa', 'Asia & Oceania']);
    expect(REGIONS.map((r) => r.id)).toEqual([...REGION_IDS]);
    for (const region of REGIONS) expect(region.labelKey).toBe(`region.${region.id}`);
  });
});

describe('index', () => {
  it('re-exports every table once', () => {
    expect(data.DEFAULT_COUNTRY).toBe('US');
    expect(data.PLACEHOLDER_COUNTRY).toBe('ZZ');
    expect(data.DEFAULT_LOCALE).toBe('en-US');
    expect(data.PLATFORM_IDS).toHaveLength(17);
    expect(data.US_SUBDIVISIONS.length).toBeGreaterThan(50);
    expect(data.HEARTBEAT_INTERVAL_MS).toBe(60000);
  });
});
