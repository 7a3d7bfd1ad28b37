// Visitor id (a UUID kept in localStorage) and the UTM parameters saved for the session at startup.
import { KEYS, storage } from './storage.ts';

export function visitorId(): string {
  let id = storage.get('local', KEYS.visitorId);
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) {
    id = crypto.randomUUID();
    storage.set('local', KEYS.visitorId, id);
  }
  return id;
}

export interface Utm {
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

/** Saves utm_source, utm_medium and utm_campaign of the landing URL into sessionStorage. */
export function saveUtmFromUrl(search: string): void {
  const query = new URLSearchParams(search);
  const found: Utm = {
    source: query.get('utm_source'),
    medium: query.get('utm_medium'),
    campaign: query.get('utm_campaign'),
  };
  if (found.source || found.medium || found.campaign) storage.setJson('session', KEYS.utm, found);
}

export function savedUtm(): Utm {
  return storage.getJson<Utm>('session', KEYS.utm) ?? { source: null, medium: null, campaign: null };
}
