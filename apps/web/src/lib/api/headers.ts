// The headers of every request (spec 001 §7 "Common to every request"); null values are left out.
import { AG_JSON } from '@portal/contract/codec';
import type { Utm } from '../visitor.ts';

export interface HeaderInput {
  apiKey: string;
  locale: string;
  visitorId: string;
  utm: Utm;
  gameReferrer: string | null;
  accessToken: string | null;
  /** The captcha token, only for a call declaring `captcha: true`. */
  captchaResponse?: string | null;
  hasBody: boolean;
}

export function buildHeaders(input: HeaderInput): Record<string, string> {
  const headers: Record<string, string | null> = {
    'Content-Type': input.hasBody ? AG_JSON : null,
    Accept: AG_JSON,
    'X-Hydra-API-Key': input.apiKey,
    'Accept-Language': input.locale,
    'X-Hydra-Visitor-id': input.visitorId,
    'X-Hydra-Game-Referrer': input.gameReferrer,
    'X-Hydra-Utm-Source': input.utm.source,
    'X-Hydra-Utm-Medium': input.utm.medium,
    'X-Hydra-Utm-Campaign': input.utm.campaign,
    'X-Hydra-Access-Token': input.accessToken,
    'X-Captcha-Response': input.captchaResponse ?? null,
  };
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== ''),
  );
}

/** Builds `/base/path?query` from a call path with `{param}` placeholders. */
export function buildUrl(
  base: string,
  path: string,
  params: Record<string, unknown>,
  query: Record<string, unknown>,
): string {
  const filled = path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  search.set('expand_localizations', 'True');
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  return `${base.replace(/\/+$/, '')}${filled}?${search.toString()}`;
}
