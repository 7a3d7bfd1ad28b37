import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  COUNTRY_NAMES_EN,
  DEFAULT_COUNTRY,
  EMBARGOED_COUNTRIES,
  PLACEHOLDER_COUNTRY,
  countryNameKey,
  findCountry,
  isCountryCode,
  isEligibleCountry,
  isEmbargoedCountry,
} from './countries.ts';

describe('country list', () => {
  it('has every ISO 3166-1 alpha-2 code plus Kosovo, unique and sorted by code', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(245);
    expect(COUNTRIES).toHaveLength(250);
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual([...codes].sort());
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(codes).toContain('XK');
  });

  it('has an English name for every code and no name without a code', () => {
    expect(Object.keys(COUNTRY_NAMES_EN).sort()).toEqual(COUNTRIES.map((c) => c.code));
    for (const c of COUNTRIES) expect(COUNTRY_NAMES_EN[c.code]?.trim()).not.toBe('');
    expect(COUNTRY_NAMES_EN['US']).toBe('United States');
    expect(COUNTRY_NAMES_EN['GB']).toBe('United Kingdom');
    expect(COUNTRY_NAMES_EN['XK']).toBe('Kosovo');
  });

  it('keys names as country.{ISO}.name', () => {
    expect(countryNameKey('US')).toBe('country.US.name');
    expect(countryNameKey('de')).toBe('country.DE.name');
  });

  it('embargoes exactly BY, CU, IR, KP, RU, SD, SS, SY', () => {
    expect([...EMBARGOED_COUNTRIES]).toEqual(['BY', 'CU', 'IR', 'KP', 'RU', 'SD', 'SS', 'SY']);
    expect(COUNTRIES.filter((c) => c.embargoed).map((c) => c.code)).toEqual([...EMBARGOED_COUNTRIES]);
    for (const c of COUNTRIES) expect(c.embargoed).toBe((EMBARGOED_COUNTRIES as readonly string[]).includes(c.code));
  });

  it('has the placeholder ZZ and the default US', () => {
    expect(PLACEHOLDER_COUNTRY).toBe('ZZ');
    expect(DEFAULT_COUNTRY).toBe('US');
    expect(findCountry(DEFAULT_COUNTRY)).toEqual({ code: 'US', embargoed: false });
  });
});

describe('findCountry', () => {
  it('finds codes case-insensitively', () => {
    expect(findCountry('US')?.code).toBe('US');
    expect(findCountry('us')?.code).toBe('US');
    expect(findCountry('Ir')).toEqual({ code: 'IR', embargoed: true });
  });

  it('yields undefined for the placeholder and unknown codes', () => {
    for (const code of ['ZZ', 'zz', 'XX', 'USA', '', 'U', 'constructor', '__proto__']) {
      expect(findCountry(code)).toBeUndefined();
      expect(isCountryCode(code)).toBe(false);
    }
  });
});

describe('eligibility', () => {
  it('accepts listed, non-embargoed countries', () => {
    expect(isEligibleCountry('US')).toBe(true);
    expect(isEligibleCountry('fr')).toBe(true);
    expect(isEligibleCountry('XK')).toBe(true);
  });

  it('refuses embargoed, placeholder and unknown countries', () => {
    for (const code of EMBARGOED_COUNTRIES) {
      expect(isEligibleCountry(code)).toBe(false);
      expect(isEligibleCountry(code.toLowerCase())).toBe(false);
      expect(isEmbargoedCountry(code)).toBe(true);
    }
    expect(isEligibleCountry('ZZ')).toBe(false);
    expect(isEligibleCountry('QQ')).toBe(false);
    expect(isEmbargoedCountry('US')).toBe(false);
  });
});
