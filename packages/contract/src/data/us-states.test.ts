import { describe, expect, it } from 'vitest';
import {
  US_SUBDIVISIONS,
  US_TERRITORY_CODES,
  findUsSubdivision,
  isUsSubdivisionCode,
  isUsTerritoryCode,
} from './us-states.ts';

describe('US subdivisions', () => {
  it('has the 50 states, DC and the 8 territories, with unique US-xx codes', () => {
    expect(US_SUBDIVISIONS).toHaveLength(59);
    const codes = US_SUBDIVISIONS.map((s) => s.code);
    expect(new Set(codes).size).toBe(59);
    for (const code of codes) expect(code).toMatch(/^US-[A-Z]{2}$/);
    expect(US_SUBDIVISIONS.filter((s) => s.type === 'state')).toHaveLength(51);
  });

  it('types exactly the spec territories as territory', () => {
    const territories = US_SUBDIVISIONS.filter((s) => s.type === 'territory').map((s) => s.code);
    expect(territories.sort()).toEqual(['US-AS', 'US-FM', 'US-GU', 'US-MH', 'US-MP', 'US-PR', 'US-PW', 'US-VI']);
    expect([...US_TERRITORY_CODES]).toEqual(territories);
  });

  it('treats DC as a state and leaves out the military codes', () => {
    expect(findUsSubdivision('US-DC')).toEqual({ code: 'US-DC', name: 'District of Columbia', type: 'state' });
    for (const code of ['US-AA', 'US-AE', 'US-AP', 'US-UM']) expect(findUsSubdivision(code)).toBeUndefined();
  });

  it('is sorted by name', () => {
    const names = US_SUBDIVISIONS.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('findUsSubdivision', () => {
  it('finds codes case-insensitively', () => {
    expect(findUsSubdivision('US-CA')).toEqual({ code: 'US-CA', name: 'California', type: 'state' });
    expect(findUsSubdivision('us-ny')?.name).toBe('New York');
  });

  it('yields undefined for unknown codes', () => {
    for (const code of ['CA', 'US-XX', 'US', '', 'CA-ON']) expect(findUsSubdivision(code)).toBeUndefined();
  });

  it('tells territories and valid subdivision codes', () => {
    expect(isUsTerritoryCode('US-PR')).toBe(true);
    expect(isUsTerritoryCode('us-gu')).toBe(true);
    expect(isUsTerritoryCode('US-CA')).toBe(false);
    expect(isUsTerritoryCode('US-XX')).toBe(false);
    expect(isUsSubdivisionCode('US-CA')).toBe(true);
    expect(isUsSubdivisionCode('US-PR')).toBe(true);
    expect(isUsSubdivisionCode('US-ZZ')).toBe(false);
  });
});
