// The `redirect_url` query of the sign-in and sign-up pages (spec 000 §2 "Query parameters"): where
// the player goes once signed in, kept as the login redirect. Only a path of this site is kept; any
// other value is ignored (never an open redirect).
import type { SessionStore } from '../auth/session-store.ts';

export function isSitePath(value: string | null): value is string {
  return value !== null && /^\/(?![/\\])/.test(value) && !value.includes('\\') && value.length <= 2048;
}

export function keepRedirectUrl(search: string, session: Pick<SessionStore, 'loginRedirect'>): void {
  const target = new URLSearchParams(search).get('redirect_url');
  if (isSitePath(target)) session.loginRedirect = target;
}
