// GET /accounts/location: where the request comes from. A trusted proxy or CDN in front of the
// service puts the visitor's country (and region) in headers named by configuration; without them
// the configured default country is answered.
import { findCountry } from '@portal/contract/data/countries';
import { findUsSubdivision } from '@portal/contract/data/us-states';

/** The request's headers (names in lower case, as Node gives them). */
export type RequestHeaders = Record<string, string | string[] | undefined>;

export interface LocationOptions {
  countryHeader: string | undefined;
  subdivisionHeader: string | undefined;
  defaultCountry: string;
}

export interface Location {
  country: string;
  territory: string | null;
}

function headerValue(headers: RequestHeaders, name: string | undefined): string | undefined {
  if (!name) return undefined;
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value)?.trim().slice(0, 16);
}

export function locate(headers: RequestHeaders, options: LocationOptions): Location {
  const country = findCountry(headerValue(headers, options.countryHeader) ?? '');
  if (!country) return { country: options.defaultCountry, territory: null };
  let territory: string | null = null;
  if (country.code === 'US') {
    const raw = headerValue(headers, options.subdivisionHeader)?.toUpperCase();
    if (raw) territory = findUsSubdivision(raw.startsWith('US-') ? raw : `US-${raw}`)?.code ?? null;
  }
  return { country: country.code, territory };
}
