// OpenID Connect ID tokens (OIDC Core §2): signed with the active ES256 key, for the client that
// redeemed the grant, carrying the nonce of the authorization request and the at_hash of the
// access token issued with it.
import { createHash } from 'node:crypto';
import { OAUTH_SCOPES } from '@portal/contract/data/constants';
import { SignJWT } from 'jose';
import type { Account } from '../accounts/service.ts';
import { ID_TOKEN_ALG } from './signing-keys.ts';
import type { SigningKeys } from './signing-keys.ts';

/** The scopes the portal knows; others asked for are left out of what is granted. */
export const SUPPORTED_SCOPES = OAUTH_SCOPES;

/** The granted part of a requested scope, space-separated in the order asked (null when none). */
export function grantedScope(requested: string | null | undefined): string | null {
  if (!requested) return null;
  const known = new Set<string>(SUPPORTED_SCOPES);
  const granted = [...new Set(requested.split(' ').filter((scope) => known.has(scope)))];
  return granted.length > 0 ? granted.join(' ') : null;
}

export const hasScope = (scope: string | null, wanted: string) => (scope ?? '').split(' ').includes(wanted);

export type ClaimedAccount = Pick<Account, 'id' | 'username' | 'locale' | 'email' | 'emailVerified'>;

/** The claims about the account a game may read (ID token and userinfo), as the scope allows. */
export function accountClaims(account: ClaimedAccount, scope: string | null): Record<string, unknown> {
  return {
    sub: account.id,
    ...(hasScope(scope, 'profile')
      ? { preferred_username: account.username, name: account.username, locale: account.locale }
      : {}),
    ...(hasScope(scope, 'email') && account.email
      ? { email: account.email, email_verified: account.emailVerified }
      : {}),
  };
}

export class IdTokens {
  readonly #keys: SigningKeys;
  readonly #issuer: string;
  readonly #ttlSeconds: number;

  constructor(keys: SigningKeys, options: { issuer: string; ttlSeconds: number }) {
    this.#keys = keys;
    this.#issuer = options.issuer;
    this.#ttlSeconds = options.ttlSeconds;
  }

  async issue(input: {
    account: ClaimedAccount;
    clientId: string;
    scope: string | null;
    nonce: string | null;
    accessToken: string;
  }): Promise<string> {
    const { kid, key } = await this.#keys.active();
    const digest = createHash('sha256').update(input.accessToken, 'ascii').digest();
    return new SignJWT({
      ...accountClaims(input.account, input.scope),
      ...(input.nonce ? { nonce: input.nonce } : {}),
      at_hash: digest.subarray(0, digest.length / 2).toString('base64url'),
    })
      .setProtectedHeader({ alg: ID_TOKEN_ALG, kid, typ: 'JWT' })
      .setIssuer(this.#issuer)
      .setAudience(input.clientId)
      .setIssuedAt()
      .setExpirationTime(`${this.#ttlSeconds}s`)
      .sign(key);
  }
}
