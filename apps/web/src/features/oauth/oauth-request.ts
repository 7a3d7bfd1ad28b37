// A game's sign-in request to /oauth (spec 000 §4 "OAuth authorize", 001 §8 "Flow error handling"):
// read from the query and checked before any call, kept as the OAuth state in the flow data while
// the player signs in, and the game's redirect URL built from the authorization code.
import { CODE_CHALLENGE_METHOD } from '@portal/contract/data/constants';
import type { FlowState, OAuthErrorName, OAuthFlowRequest } from '../../flows/flow-state.ts';

export type { OAuthErrorName };

export interface OAuthRequest {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state: string | null;
  forceVerify: boolean;
  /** The game slug the link says it is for, when it says. */
  entry: string | null;
  /** OpenID Connect (sent on by /oauth2/authorize): the scope and the nonce of the ID token. */
  scope: string | null;
  nonce: string | null;
  /** prompt=none or prompt=consent, sent on by /oauth2/authorize. */
  prompt: 'none' | 'consent' | null;
}

const QUERY_NAMES = [
  'client_id',
  'redirect_uri',
  'code_challenge',
  'code_challenge_method',
  'state',
  'force_verify',
  'response_type',
  'entry',
  'scope',
  'nonce',
  'prompt',
];
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/** Limits of the contract's authorize call. */
const MAX_CLIENT_ID = 200;
const MAX_REDIRECT_URI = 2000;
const MAX_STATE = 1000;
const MAX_SCOPE = 500;
const MAX_NONCE = 500;

/**
 * The request in a query: null when the query holds no OAuth parameter at all (the page then
 * continues the request kept in the flow), else the request or the first error it has.
 */
export function readOAuthRequest(search: string): OAuthRequest | { error: OAuthErrorName } | null {
  const query = new URLSearchParams(search);
  if (!QUERY_NAMES.some((name) => query.has(name))) return null;
  const clientId = query.get('client_id') ?? '';
  const redirectUri = query.get('redirect_uri') ?? '';
  const codeChallenge = query.get('code_challenge') ?? '';
  const method = query.get('code_challenge_method');
  const responseType = query.get('response_type');
  const state = query.get('state');
  const scope = query.get('scope');
  const nonce = query.get('nonce');
  const prompt = query.get('prompt');
  if (clientId === '') return { error: 'missing_client_id' };
  if (redirectUri === '') return { error: 'missing_redirect_uri' };
  if (codeChallenge === '') return { error: 'missing_code_challenge' };
  if (clientId.length > MAX_CLIENT_ID) return { error: 'invalid_client_id' };
  if (redirectUri.length > MAX_REDIRECT_URI || !URL.canParse(redirectUri)) return { error: 'invalid_redirect_uri' };
  if ((method !== null && method !== CODE_CHALLENGE_METHOD) || !CHALLENGE.test(codeChallenge)) {
    return { error: 'oauth_code_challenge_failed' };
  }
  if (
    (responseType !== null && responseType !== 'code') ||
    (state !== null && state.length > MAX_STATE) ||
    (scope !== null && scope.length > MAX_SCOPE) ||
    (nonce !== null && nonce.length > MAX_NONCE) ||
    (prompt !== null && prompt !== 'none' && prompt !== 'consent')
  ) {
    return { error: 'invalid_request' };
  }
  const entry = query.get('entry');
  return {
    clientId,
    redirectUri,
    codeChallenge,
    state,
    forceVerify: query.get('force_verify')?.toLowerCase() === 'true',
    entry: entry && SLUG.test(entry) ? entry : null,
    scope: scope || null,
    nonce: nonce || null,
    prompt,
  };
}

/** The OAuth state the flow keeps; force verify only when the player must prove it again. */
export function oauthFlowRequest(request: OAuthRequest, forceVerify: boolean): OAuthFlowRequest {
  const { entry: _entry, ...kept } = request;
  return { ...kept, forceVerify };
}

/** The request kept in the flow, if there is one. */
export function oauthRequestFromFlow(state: FlowState): OAuthRequest | null {
  if (state.flow !== 'oauth' || state.request === null) return null;
  return { ...state.request, entry: null };
}

/** The body of the authorize call for a request (PKCE S256 only). */
export function authorizeBody(request: OAuthRequest, consent = false) {
  return {
    client_id: request.clientId,
    code_challenge: request.codeChallenge,
    redirect_uri: request.redirectUri,
    response_type: 'code' as const,
    code_method: 'S256' as const,
    ...(request.state !== null ? { state: request.state } : {}),
    ...(request.scope !== null ? { scope: request.scope } : {}),
    ...(request.nonce !== null ? { nonce: request.nonce } : {}),
    ...(request.prompt === 'consent' ? { prompt: 'consent' as const } : {}),
    ...(consent ? { consent: true as const } : {}),
  };
}

/** The error kept on the OAuth error step. */
export function oauthErrorFromFlow(state: FlowState): OAuthErrorName {
  return state.flow === 'oauth' ? (state.error ?? 'unknown_error') : 'unknown_error';
}

/**
 * The failed precheck or authorize call as an error of the step (spec 001 §8): 404 invalid client
 * id, 400 invalid redirect URI, anything else unknown.
 */
export function oauthErrorForStatus(status: number): OAuthErrorName {
  if (status === 404) return 'invalid_client_id';
  if (status === 400) return 'invalid_redirect_uri';
  return 'unknown_error';
}

/**
 * Where the game gets its code: the redirect URI with `auth_code` (the spec's name), `code` (the
 * name of RFC 6749 §4.1.2, so that standard OAuth libraries read it too), `state` when the game
 * sent one and `iss`, the issuer that answers (RFC 9207), added to any query the URI already has.
 */
export function gameRedirectUrl(redirectUri: string, authCode: string, state: string | null, iss: string): string {
  return withQuery(redirectUri, { auth_code: authCode, code: authCode }, state, iss);
}

/**
 * The answer a game's verified redirect URI gets when the page cannot give it a code without the
 * player, or the player declined (RFC 6749 §4.1.2.1, OIDC Core §3.1.2.6): `error`, `state`, `iss`.
 */
export type GameError =
  'login_required' | 'consent_required' | 'interaction_required' | 'access_denied' | 'invalid_scope';

export function gameErrorUrl(redirectUri: string, error: GameError, state: string | null, iss: string): string {
  return withQuery(redirectUri, { error }, state, iss);
}

function withQuery(redirectUri: string, fields: Record<string, string>, state: string | null, iss: string): string {
  const hash = redirectUri.indexOf('#');
  const base = hash === -1 ? redirectUri : redirectUri.slice(0, hash);
  const params = new URLSearchParams(fields);
  if (state !== null) params.set('state', state);
  params.set('iss', iss);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${params.toString()}`;
}
