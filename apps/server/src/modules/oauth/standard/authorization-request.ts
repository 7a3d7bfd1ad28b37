// Where GET /oauth2/authorize sends the browser that a game sent there. What cannot be sent back to
// the game (an unknown client, a redirect URI it may not use) is shown by the portal's /oauth page;
// a request the game got wrong but can be told about goes back to it (RFC 6749 §4.1.2.1, with `iss`
// of RFC 9207); everything else goes to the /oauth page, which signs the player in and asks for a code.
import { grantedScope } from '../id-tokens.ts';
import { redirectUriAllowed } from '../redirect-uri.ts';

/** The query parameters given once (a repeated parameter counts as absent). */
export type AuthorizeQuery = Partial<Record<string, string>>;

/** The parameters the /oauth page reads, passed on as given. */
const PAGE_PARAMETERS = ['client_id', 'redirect_uri', 'code_challenge', 'state', 'nonce', 'entry'] as const;

/** What is wrong with a request whose client and redirect URI check out, or null. */
function authorizationProblem(query: AuthorizeQuery): [error: string, description: string] | null {
  if (query.response_type !== 'code') return ['unsupported_response_type', 'response_type must be code'];
  if (!query.code_challenge) return ['invalid_request', 'code_challenge is required (PKCE)'];
  if (query.code_challenge_method !== 'S256') return ['invalid_request', 'code_challenge_method must be S256'];
  return null;
}

/**
 * The address to send the browser to. `registered` holds the redirect URIs of the client the
 * request names, or is null when there is no such client.
 */
export function authorizeRedirect(query: AuthorizeQuery, registered: readonly string[] | null, issuer: string): string {
  const redirectUri = query.redirect_uri;
  if (registered && redirectUri && redirectUriAllowed(registered, redirectUri)) {
    const problem = authorizationProblem(query);
    if (problem) {
      const back = new URL(redirectUri);
      back.searchParams.set('error', problem[0]);
      back.searchParams.set('error_description', problem[1]);
      if (query.state !== undefined) back.searchParams.set('state', query.state);
      back.searchParams.set('iss', issuer);
      return back.toString();
    }
  }
  const page = new URLSearchParams();
  for (const name of PAGE_PARAMETERS) {
    const value = query[name];
    if (value !== undefined) page.set(name, value);
  }
  const scope = grantedScope(query.scope);
  if (scope) page.set('scope', scope);
  if ((query.prompt ?? '').split(' ').includes('login')) page.set('force_verify', 'true');
  return `/oauth?${page.toString()}`;
}
