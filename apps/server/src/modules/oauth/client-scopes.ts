// What a client may be granted (issue 32; ASVS 10.4.11, 10.7.1, 10.7.2). A client has the scopes it
// may ask for (`allowed_scopes`) and is the publisher's own game or not (`first_party`):
// - a scope the portal does not know is left out, as OpenID Connect asks (Core §3.1.2.1);
// - a known scope the client may not ask for refuses the whole request (invalid_scope, RFC 6749 §4.1.2.1);
// - a first-party game signs its players in without asking; any other client asks the player once
//   per grant (what the grant in force covers), and again when the request says prompt=consent.
import { grantedScope } from './id-tokens.ts';

export type ScopeDecision = { scope: string | null } | { refused: string[] };

/** The scope granted for what was asked, or the known scopes the client may not ask for. */
export function scopeForClient(requested: string | null | undefined, allowed: readonly string[]): ScopeDecision {
  const scope = grantedScope(requested);
  const refused = (scope ?? '').split(' ').filter((name) => name !== '' && !allowed.includes(name));
  return refused.length > 0 ? { refused } : { scope };
}

/** Whether the grant in force (its scope; undefined: none) covers a sign-in with `scope`. */
export function grantCovers(granted: { scope: string | null } | undefined, scope: string | null): boolean {
  if (!granted) return false;
  const held = new Set((granted.scope ?? '').split(' '));
  return (scope ?? '').split(' ').every((name) => name === '' || held.has(name));
}

/** Whether the player must be asked before the client gets a code. */
export function consentNeeded(
  client: { firstParty: boolean },
  granted: { scope: string | null } | undefined,
  scope: string | null,
): boolean {
  return !client.firstParty && !grantCovers(granted, scope);
}
