// What every platform adapter does, whatever its protocol: turn the proof a player brings from the
// platform (an authorization code, an assertion, a short code) into the platform's identity, by
// asking the platform itself. The rules (modules/platform-links) never see a protocol.
import type { LinkPayload } from '@portal/contract/calls/entities';
import type { PlatformId } from '@portal/contract/data/platforms';

/** An identity on a platform: the subject the platform gives (never an email) and its display name. */
export interface PlatformIdentity {
  subject: string;
  username: string | null;
  /** The platform's access token (OAuth 2.0 and OpenID Connect), kept for a platform's later API calls. */
  accessToken?: { value: string; expiresAt: Date | null };
}

export type PlatformProtocol = 'oidc' | 'oauth2' | 'xbox_xsts' | 'steam_openid' | 'short_code';

/** A platform as an operator configured it (platform_configs), the client secret opened. */
export interface PlatformConfig {
  platform: PlatformId;
  enabled: boolean;
  protocol: PlatformProtocol;
  clientId: string | null;
  clientSecret: string | null;
  /** OpenID Connect: the issuer (discovery at <issuer>/.well-known/openid-configuration). */
  issuer: string | null;
  /**
   * Explicit endpoints and their answers' fields (OAuth 2.0 without discovery, Steam, short codes):
   * `authorization`, `token`, `profile` (answers who the token belongs to), `subject_field` and
   * `username_field` (dotted paths in the profile answer; `sub` and `preferred_username` by default),
   * `exchange` (short codes), `openid` (Steam).
   */
  endpoints: Record<string, string>;
  /** The scopes the authorization request asks for; the catalogue's (spec 001 §9) when null. */
  scope: string | null;
  /** A linked account of this platform is never replaced, and only support disconnects it. */
  restricted: boolean;
  /** After a disconnect and a new connect, the link is locked this many days. */
  relinkCooldownDays: number;
  /** After a link, the connection flow offers the platform's sign-out page (a shared computer). */
  signOutAfterLink: boolean;
}

/** Where the provider sends the player back: the site's origin (spec 001 §9). */
export interface ExchangeContext {
  redirectUri: string;
}

/** What the web app made for an authorization request (it keeps them to check the answer). */
export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  /** OpenID Connect: bound into the ID token. */
  nonce?: string;
  /** PKCE S256 (OAuth 2.0 and OpenID Connect). */
  codeChallenge?: string;
  /** `login`: the platform asks who signs in even when it remembers someone (use another account). */
  prompt?: 'login';
}

export interface PlatformAdapter {
  /** Where the player's popup goes to sign in to the platform (PlatformError when it cannot be told). */
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /**
   * The platform's own sign-out page, where a player ends their sign-in at the platform (null when
   * the platform names none).
   */
  signOutUrl?(): Promise<URL | null>;
  /** The identity the proof stands for, checked with the platform; PlatformError when it does not hold. */
  identify(proof: LinkPayload, context: ExchangeContext): Promise<PlatformIdentity>;
}

/**
 * The proof did not hold (`refused`: wrong code, nonce, state or issuer, a forged assertion) or the
 * platform could not be asked (`unavailable`).
 */
export class PlatformError extends Error {
  readonly kind: 'refused' | 'unavailable';

  constructor(kind: 'refused' | 'unavailable', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}
