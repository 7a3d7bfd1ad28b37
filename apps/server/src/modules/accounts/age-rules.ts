// Age gating (spec 000 §5): the server decides from the date of birth (or age), the country and
// the US state or territory. The minimum age of an account is the age of digital consent where the
// law sets one (GDPR Art. 8 and national laws), else 13 (COPPA); MIN_AGE_BY_COUNTRY overrides it.
// The adult age gate (mature_audience games) is 18. Table: docs/decisions/007-age-gating.md.
import { findCountry } from '@portal/contract/data/countries';
import { findUsSubdivision } from '@portal/contract/data/us-states';
import { RequestError } from '../../http/request-error.ts';

export const DEFAULT_MIN_AGE = 13;
export const ADULT_AGE = 18;

export const MIN_AGE_BY_COUNTRY: Readonly<Record<string, number>> = {
  AT: 14,
  BG: 14,
  CY: 14,
  ES: 14,
  IT: 14,
  LT: 14,
  KR: 14,
  CN: 14,
  CZ: 15,
  FR: 15,
  GR: 15,
  SI: 15,
  DE: 16,
  HR: 16,
  HU: 16,
  IE: 16,
  LU: 16,
  NL: 16,
  PL: 16,
  RO: 16,
  SK: 16,
  VN: 16,
};

/** `DE=16,FR=15` → { DE: 16, FR: 15 }; malformed entries are ignored. */
export function parseMinAgeOverrides(text: string | undefined): Record<string, number> {
  const overrides: Record<string, number> = {};
  for (const entry of (text ?? '').split(',')) {
    const match = /^\s*([A-Z]{2})\s*=\s*(\d{1,2})\s*$/.exec(entry);
    if (match) overrides[match[1] as string] = Number(match[2]);
  }
  return overrides;
}

export function minimumAge(country: string, overrides: Record<string, number> = {}): number {
  return overrides[country] ?? MIN_AGE_BY_COUNTRY[country] ?? DEFAULT_MIN_AGE;
}

/** Whole years between a calendar date of birth and today (UTC). */
export function ageOn(dateOfBirth: string, today = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age--;
  return age;
}

export interface AgeInput {
  dateOfBirth?: string | undefined;
  age?: number | undefined;
  country: string;
  territory?: string | null | undefined;
}

/** Checks the location: a listed country, not embargoed; a territory only as a US state or territory. */
export function checkLocation(country: string, territory: string | null | undefined): void {
  const found = findCountry(country);
  if (!found) throw new RequestError('invalid_country_code');
  if (found.embargoed) throw new RequestError('embargoed_country');
  if (territory != null && (found.code !== 'US' || !findUsSubdivision(territory))) {
    throw new RequestError('invalid_country_code', { body: { field: 'territory' } });
  }
}

/** The player's age; a date in the future or over 120 years ago is refused. */
export function playerAge(input: Pick<AgeInput, 'dateOfBirth' | 'age'>, today = new Date()): number {
  const age = input.dateOfBirth !== undefined ? ageOn(input.dateOfBirth, today) : input.age;
  if (age === undefined || age < 0 || age > 120) throw new RequestError('age_location_error');
  return age;
}

export function ageCategory(input: AgeInput, overrides: Record<string, number> = {}, today = new Date()) {
  const age = playerAge(input, today);
  return { age, ageGated: age < minimumAge(input.country, overrides), adultAgeGate: age < ADULT_AGE };
}
