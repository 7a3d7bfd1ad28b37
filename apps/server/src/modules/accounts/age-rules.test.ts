import { describe, expect, it } from 'vitest';
import type { RequestError } from '../../http/request-error.ts';
import { ageCategory, ageOn, checkLocation, minimumAge, parseMinAgeOverrides } from './age-rules.ts';

const today = new Date('2026-11-22T12:00:00Z');
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as RequestError).errorName;
  }
  return null;
};

describe('age rules', () => {
  it('count whole years up to the birthday', () => {
    expect(ageOn('2013-11-22', today)).toBe(13);
    expect(ageOn('2013-11-23', today)).toBe(12);
    expect(ageOn('2008-02-29', today)).toBe(18);
  });

  it('use the country minimum age, 13 by default, with overrides', () => {
    expect(minimumAge('US')).toBe(13);
    expect(minimumAge('DE')).toBe(16);
    expect(minimumAge('FR')).toBe(15);
    expect(minimumAge('DE', parseMinAgeOverrides('DE=14, XX=oops'))).toBe(14);
  });

  it('gate under-age players per country, and under-18 for adult games', () => {
    expect(ageCategory({ dateOfBirth: '2012-01-01', country: 'US' }, {}, today)).toEqual({
      age: 14,
      ageGated: false,
      adultAgeGate: true,
    });
    expect(ageCategory({ dateOfBirth: '2012-01-01', country: 'DE' }, {}, today).ageGated).toBe(true);
    expect(ageCategory({ age: 12, country: 'US' }, {}, today).ageGated).toBe(true);
    expect(ageCategory({ age: 30, country: 'FR' }, {}, today)).toEqual({
      age: 30,
      ageGated: false,
      adultAgeGate: false,
    });
  });

  it('refuse impossible ages', () => {
    expect(code(() => ageCategory({ dateOfBirth: '2030-01-01', country: 'US' }, {}, today))).toBe('age_location_error');
    expect(code(() => ageCategory({ age: 130, country: 'US' }, {}, today))).toBe('age_location_error');
  });

  it('refuse unknown and embargoed countries, and territories outside the US', () => {
    expect(code(() => checkLocation('US', 'US-PR'))).toBeNull();
    expect(code(() => checkLocation('ZZ', null))).toBe('invalid_country_code');
    expect(code(() => checkLocation('KP', null))).toBe('embargoed_country');
    expect(code(() => checkLocation('CA', 'US-CA'))).toBe('invalid_country_code');
    expect(code(() => checkLocation('US', 'US-XX'))).toBe('invalid_country_code');
  });
});
