// The `location` query of /age-and-location and /select-country (spec 000 §2 lists it as read by the
// app): a country code, or a US state or territory code ('FR', 'US', 'US-CA'). The chosen place
// lives in the address, so a reload keeps it without touching the flow's state; a value naming no
// listed place is ignored.
import { findCountry } from '@portal/contract/data/countries';
import { findUsSubdivision } from '@portal/contract/data/us-states';
import { countriesByName } from '../../components/ui/location-fields.tsx';

export interface ChosenLocation {
  country: string;
  /** A US subdivision ('US-CA') when the country is the US, else ''. */
  territory: string;
}

export const LOCATION_PARAM = 'location';

export function locationFromQuery(search: string): ChosenLocation | null {
  const value = new URLSearchParams(search).get(LOCATION_PARAM)?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/.test(value)) return null;
  const country = findCountry(value.slice(0, 2));
  if (!country) return null;
  if (value.length === 2) return { country: country.code, territory: '' };
  const territory = country.code === 'US' ? findUsSubdivision(value) : undefined;
  return territory ? { country: 'US', territory: territory.code } : null;
}

export function locationQuery(country: string, territory: string): string {
  return country === 'US' && territory ? territory : country;
}

export interface CountryChoice {
  code: string;
  name: string;
}

const fold = (text: string, locale: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLocaleLowerCase(locale);

/** The countries, named in `locale` and sorted by name, whose name (or code) contains `query`. */
export function searchCountries(locale: string, query: string): CountryChoice[] {
  const wanted = fold(query.trim(), locale);
  return countriesByName(locale).filter(
    (c) => !wanted || fold(c.name, locale).includes(wanted) || c.code.toLowerCase() === wanted,
  );
}

/** How a place reads on screen: 'United States, California' or 'France'. */
export function placeName(locale: string, country: string, territory: string): string {
  const name = new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country;
  const state = country === 'US' && territory ? findUsSubdivision(territory)?.name : undefined;
  return state ? `${name}, ${state}` : name;
}
