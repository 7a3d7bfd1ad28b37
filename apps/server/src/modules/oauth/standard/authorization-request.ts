// Where GET /oauth2/authorize sends the browser that a game sent there. What cannot be sent back to
// the game (an unknown client, a redirect URI it may not use) is shown by the portal's /oauth page;
// a request the game got wrong but can be told about goes back to it (RFC 6749 §4.1.2.1, with `iss`
// of RFC 9207); everything else goes to the /oauth page, which signs the player in and asks for a code.
import { scopeForClient } from '../client-scopes.ts';
import { redirectUriAllowed } from '../redirect-uri.ts';

/** The query parameters given once (a repeated parameter counts as absent). */
export type AuthorizeQuery = Partial<Record<string, string>>;

/** The parameters the /oauth page reads, passed on as given. */
const PAGE_PARAMETERS = ['client_id', 'redirect_uri', 'code_challenge', 'state', 'nonce', 'entry'] as const;

/** The client a request names, as far as this endpoint needs it. */
export interface AuthorizeClient {
  redirectUris: readonly string[];
  allowedScopes: readonly string[];
}

/** The prompt values asked for (OIDC Core §3.1.2.1), space-separated. */
const promptsOf = (query: AuthorizeQuery) => (query.prompt ?? '').split(' ').filter((value) => value !== '');

/** What is wrong with a request whose client and redirect URI check out, or null. */
function authorizationProblem(
  query: AuthorizeQuery,
  client: AuthorizeClient,
): [error: string, description: string] | null {
  if (query.response_type !== 'code') return ['unsupported_response_type', 'response_type must be code'];
  if (!query.code_challenge) return ['invalid_request', 'code_challenge is required (PKCE)'];
  if (query.code_challenge_method !== 'S256') return ['invalid_request', 'code_challenge_method must be S256'];
  const prompts = promptsOf(query);
  if (prompts.includes('none') && prompts.length > 1)
    return ['invalid_request', 'prompt=none cannot be combined with another prompt value'];
  const unknownPrompt = prompts.find((value) => !['none', 'login', 'consent', 'select_account'].includes(value));
  if (unknownPrompt) return ['invalid_request', `prompt ${unknownPrompt} is not supported`];
  if (query.request !== undefined) return ['request_not_supported', 'request objects are not supported'];
  if (query.request_uri !== undefined) return ['request_uri_not_supported', 'request_uri is not supported'];
  const decision = scopeForClient(query.scope, client.allowedScopes);
  if ('refused' in decision) return ['invalid_scope', `the client may not ask for ${decision.refused.join(' ')}`];
  return null;
}

/**
 * The address to send the browser to. `client` is the client the request names, or null when
 * there is no such client.
 */
export function authorizeRedirect(query: AuthorizeQuery, client: AuthorizeClient | null, issuer: string): string {
  const redirectUri = query.redirect_uri;
  if (client && redirectUri && redirectUriAllowed(client.redirectUris, redirectUri)) {
    const problem = authorizationProblem(query, client);
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
  const decision = client ? scopeForClient(query.scope, client.allowedScopes) : { scope: null };
  if ('scope' in decision && decision.scope) page.set('scope', decision.scope);
  // The player's language: the portal's own `lang`, else the first of OIDC's ui_locales.
  const language = query.lang ?? query.ui_locales?.split(' ').find((tag) => tag !== '');
  if (language) page.set('lang', language);
  const prompts = promptsOf(query);
  // login: the player proves it is them again (the spec's force_verify); none: the page shows nothing
  // and answers the game at once; consent: the player is asked even when a grant covers the request.
  if (prompts.includes('login')) page.set('force_verify', 'true');
  if (prompts.includes('none')) page.set('prompt', 'none');
  else if (prompts.includes('consent')) page.set('prompt', 'consent');
  return `/oauth?${page.toString()}`;
}
