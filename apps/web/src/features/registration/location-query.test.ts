import { describe, expect, it } from 'vitest';
import { locationFromQuery, locationQuery, searchCountries } from './location-query.ts';

describe('the location query of age-and-location and select-country', () => {
  it('reads a country, and a US state or territory', () => {
    expect(locationFromQuery('?location=FR')).toEqual({ country: 'FR', territory: '' });
    expect(locationFromQuery('location=us-ca')).toEqual({ country: 'US', territory: 'US-CA' });
    expect(locationFromQuery('?location=US')).toEqual({ country: 'US', territory: '' });
  });
  it('ignores what names no listed place', () => {
    for (const value of ['', 'ZZ', 'XX', 'FR-75', 'US-ZZ', 'United States', '../x', 'US-CA-1', 'https://x.test']) {
      expect(locationFromQuery(`?location=${encodeURIComponent(value)}`)).toBeNull();
    }
    expect(locationFromQuery('')).toBeNull();
  });
  it('writes what it reads', () => {
    expect(locationQuery('FR', '')).toBe('FR');
    expect(locationQuery('US', 'US-CA')).toBe('US-CA');
    expect(locationQuery('FR', 'US-CA')).toBe('FR');
  });
});

describe('searching countries', () => {
  it('finds by the name in the language shown, ignoring case and accents, or by code', () => {
    expect(searchCountries('fr-FR', 'etats').map((c) => c.code)).toContain('US');
    expect(searchCountries('en-US', 'united k').map((c) => c.code)).toEqual(['GB']);
    expect(searchCountries('en-US', 'aland islands').map((c) => c.code)).toEqual(['AX']);
    expect(searchCountries('en-US', 'JP').map((c) => c.code)).toContain('JP');
  });
  it('lists every country sorted by name when nothing is typed', () => {
    const all = searchCountries('en-US', '  ');
    expect(all.length).toBeGreaterThan(240);
    expect(all[0]?.code).toBe('AF');
  });
});
