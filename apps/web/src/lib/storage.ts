// localStorage and sessionStorage that never throw (storage can be blocked or full).
type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export const storage = {
  get(which: Area, key: string): string | null {
    try {
      return area(which)?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(which: Area, key: string, value: string | null): void {
    try {
      const store = area(which);
      if (value === null) store?.removeItem(key);
      else store?.setItem(key, value);
    } catch {
      // Quota or privacy mode: the value lasts for this page only.
    }
  },
  getJson<T>(which: Area, key: string): T | null {
    const text = storage.get(which, key);
    if (text === null) return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      return null;
    }
  },
  setJson(which: Area, key: string, value: unknown): void {
    storage.set(which, key, value === null || value === undefined ? null : JSON.stringify(value));
  },
};

export const KEYS = {
  accessToken: 'portal.accessToken',
  refreshToken: 'portal.refreshToken',
  pendingMfa: 'portal.pendingMfa',
  loginRedirect: 'portal.loginRedirect',
  consentTarget: 'portal.consentTarget',
  /** The notice of the refusal that signed a restricted account out (lib/auth/restriction.ts). */
  restriction: 'portal.restriction',
  /** The session ended on the server (ended from another device, revoked, expired): sign-in says so. */
  sessionEnded: 'portal.sessionEnded',
  flow: 'portal.flow',
  ageGate: 'portal.ageGate',
  visitorId: 'portal.visitorId',
  utm: 'portal.utm',
  locale: 'portal.locale',
  environment: 'portal.environment',
  debugSettings: 'portal.debugSettings',
  analyticsSession: 'portal.analyticsSession',
} as const;
