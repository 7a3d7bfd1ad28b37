// OAuth 2.0 and OpenID Connect platforms, with openid-client 6 (a certified relying party): the
// authorization code is exchanged at the platform's token endpoint with the client's secret and the
// PKCE verifier; the answer's `iss` (RFC 9207, the mix-up defence) must be this platform's issuer; for
// OpenID Connect the ID token's signature, issuer, audience, expiry and `nonce` are checked and the
// subject is its `sub`; for plain OAuth 2.0 the subject comes from the platform's profile call with the
// access token. The `state` is the web app's to check (it made it and reads it back in the popup);
// the server only passes it on to rebuild the platform's answer (ADR 020).
import type { LinkPayload } from '@portal/contract/calls/entities';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import * as client from 'openid-client';
import { pick, text } from './json-fields.ts';
import { PlatformError } from './types.ts';
import type {
  AuthorizationRequest,
  ExchangeContext,
  PlatformAdapter,
  PlatformConfig,
  PlatformIdentity,
} from './types.ts';

/** How long a call to a platform may take. */
const TIMEOUT_SECONDS = 10;

/** Plain http is allowed only to a loopback host (the sandbox and the tests), never elsewhere. */
function insecureAllowed(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

/** What the adapter needs of a platform's configuration, checked once. */
type Endpoints =
  | { protocol: 'oidc'; issuer: string }
  | { protocol: 'oauth2'; issuer: string | null; authorization: string | undefined; token: string; profile: string };

function endpointsOf(config: PlatformConfig, profileNeeded: boolean): Endpoints {
  const { endpoints } = config;
  if (config.protocol === 'oidc') {
    if (!config.issuer) throw new Error(`platform ${config.platform}: no issuer`);
    return { protocol: 'oidc', issuer: config.issuer };
  }
  if (!endpoints.token || (profileNeeded && !endpoints.profile)) {
    throw new Error(`platform ${config.platform}: OAuth 2.0 needs the token and profile endpoints`);
  }
  return {
    protocol: 'oauth2',
    issuer: config.issuer,
    authorization: endpoints.authorization,
    token: endpoints.token,
    profile: endpoints.profile ?? '',
  };
}

/** Who an OAuth 2.0 access token stands for, when a platform says it otherwise than by a profile call. */
export type TokenIdentity = (accessToken: string) => Promise<PlatformIdentity>;

export class OAuthPlatform implements PlatformAdapter {
  readonly #config: PlatformConfig;
  readonly #clientId: string;
  readonly #endpoints: Endpoints;
  readonly #tokenIdentity: TokenIdentity | null;
  #discovered: Promise<client.Configuration> | null = null;

  /** `tokenIdentity`: how the access token tells who signed in (Xbox Live), instead of a profile call. */
  constructor(config: PlatformConfig, tokenIdentity: TokenIdentity | null = null) {
    if (!config.clientId) throw new Error(`platform ${config.platform}: no client id`);
    this.#clientId = config.clientId;
    this.#endpoints = endpointsOf(config, tokenIdentity === null);
    this.#config = config;
    this.#tokenIdentity = tokenIdentity;
  }

  /** The platform's configuration (discovered once; a failed discovery is tried again next time). */
  #configuration(): Promise<client.Configuration> {
    const endpoints = this.#endpoints;
    const auth = client.ClientSecretPost(this.#config.clientSecret ?? undefined);
    if (endpoints.protocol === 'oauth2') {
      const server: client.ServerMetadata = {
        issuer: endpoints.issuer ?? new URL(endpoints.token).origin,
        authorization_endpoint: endpoints.authorization,
        token_endpoint: endpoints.token,
      };
      const configuration = new client.Configuration(server, this.#clientId, undefined, auth);
      if (insecureAllowed(endpoints.token)) client.allowInsecureRequests(configuration);
      configuration.timeout = TIMEOUT_SECONDS;
      return Promise.resolve(configuration);
    }
    this.#discovered ??= client
      .discovery(new URL(endpoints.issuer), this.#clientId, undefined, auth, {
        // The ID token's signature is checked against the platform's JWKS too (openid-client checks
        // iss, aud, exp, nonce; the signature of an ID token from the token endpoint only with this).
        execute: [
          ...(insecureAllowed(endpoints.issuer) ? [client.allowInsecureRequests] : []),
          client.enableNonRepudiationChecks,
        ],
        timeout: TIMEOUT_SECONDS,
      })
      .then((configuration) => {
        configuration.timeout = TIMEOUT_SECONDS;
        return configuration;
      })
      .catch((error: unknown) => {
        this.#discovered = null;
        throw new PlatformError('unavailable', `discovery of ${this.#config.platform} failed`, { cause: error });
      });
    return this.#discovered;
  }

  /** The scopes asked for: the operator's, else the catalogue's (spec 001 §9); `openid` for OIDC. */
  #scope(): string {
    const scopes = (this.#config.scope ?? PLATFORM_CATALOGUE[this.#config.platform].scope ?? '').split(' ');
    if (this.#endpoints.protocol === 'oidc' && !scopes.includes('openid')) scopes.unshift('openid');
    return [...new Set(scopes.filter(Boolean))].join(' ');
  }

  async authorizationUrl(request: AuthorizationRequest): Promise<URL> {
    const configuration = await this.#configuration();
    if (!configuration.serverMetadata().authorization_endpoint) {
      throw new PlatformError('unavailable', `${this.#config.platform} names no authorization endpoint`);
    }
    const parameters: Record<string, string> = {
      redirect_uri: request.redirectUri,
      response_type: 'code',
      scope: this.#scope(),
      state: request.state,
    };
    if (request.codeChallenge) {
      parameters.code_challenge = request.codeChallenge;
      parameters.code_challenge_method = 'S256';
    }
    if (this.#endpoints.protocol === 'oidc' && request.nonce) parameters.nonce = request.nonce;
    if (request.prompt) parameters.prompt = request.prompt;
    return client.buildAuthorizationUrl(configuration, parameters);
  }

  /** An explicit `sign_out` endpoint, else the discovered one (OpenID Connect RP-initiated logout). */
  async signOutUrl(): Promise<URL | null> {
    if (this.#config.endpoints.sign_out) return new URL(this.#config.endpoints.sign_out);
    if (this.#endpoints.protocol !== 'oidc') return null;
    const configuration = await this.#configuration();
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(configuration, { client_id: this.#clientId });
  }

  async identify(proof: LinkPayload, context: ExchangeContext): Promise<PlatformIdentity> {
    if (!('auth_code' in proof)) throw new PlatformError('refused', 'an authorization code is expected');
    const configuration = await this.#configuration();
    // The answer the platform gave the web app, rebuilt as the redirect it came in.
    const answer = new URL(context.redirectUri);
    answer.searchParams.set('code', proof.auth_code);
    if (proof.state !== undefined) answer.searchParams.set('state', proof.state);
    if (proof.iss !== undefined) answer.searchParams.set('iss', proof.iss);
    const oidc = this.#endpoints.protocol === 'oidc';
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, answer, {
        pkceCodeVerifier: proof.code_verifier,
        expectedState: proof.state ?? client.skipStateCheck,
        expectedNonce: 'nonce' in proof ? proof.nonce : undefined,
        idTokenExpected: oidc,
      });
    } catch (error) {
      throw asPlatformError(error, this.#config.platform);
    }
    const expiresIn = tokens.expiresIn();
    const accessToken = {
      value: tokens.access_token,
      expiresAt: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000),
    };
    if (oidc) {
      const claims = tokens.claims();
      if (!claims) throw new PlatformError('refused', 'no ID token');
      return { subject: claims.sub, username: text(claims.preferred_username) ?? text(claims.name), accessToken };
    }
    const identity = this.#tokenIdentity
      ? await this.#tokenIdentity(tokens.access_token)
      : await this.#profile(configuration, tokens.access_token);
    return { ...identity, accessToken };
  }

  async #profile(configuration: client.Configuration, accessToken: string): Promise<PlatformIdentity> {
    const { endpoints } = this.#config;
    const profile = this.#endpoints.protocol === 'oauth2' ? this.#endpoints.profile : endpoints.profile;
    if (!profile) throw new PlatformError('unavailable', 'no profile endpoint');
    let body: unknown;
    try {
      const response = await client.fetchProtectedResource(configuration, accessToken, new URL(profile), 'GET');
      if (!response.ok) throw new Error(`profile answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      throw new PlatformError('unavailable', `profile of ${this.#config.platform} failed`, { cause: error });
    }
    const subject = text(pick(body, endpoints.subject_field ?? 'sub'));
    if (subject === null) throw new PlatformError('refused', 'the profile names no subject');
    return { subject, username: text(pick(body, endpoints.username_field ?? 'preferred_username')) };
  }
}

/**
 * An error of the exchange as the rules see it: the platform refused the proof (an OAuth error
 * answer, a check of openid-client that failed) or could not be reached.
 */
function asPlatformError(error: unknown, platform: string): PlatformError {
  if (error instanceof PlatformError) return error;
  const refused =
    error instanceof client.ResponseBodyError ||
    error instanceof client.AuthorizationResponseError ||
    (error instanceof Error && 'code' in error && String(error.code).startsWith('OAUTH_'));
  return new PlatformError(refused ? 'refused' : 'unavailable', `exchange with ${platform} failed`, { cause: error });
}
