// Whether a game may redeem an authorization code (OAuth 2.0 authorization code grant with PKCE
// S256, RFC 6749 §4.1 and RFC 7636): issued to a signed-in player for one client and redirect URI,
// redeemed once by that client with the code verifier within CODE_TTL_MS. Spending the code is one
// statement (OAuthRepo.spendCode); a code spent before ends the sign-in its first use started
// (RFC 6749 §4.1.2: the code may have been stolen), which OAuthService does.
import { createHash, timingSafeEqual } from 'node:crypto';
import { RequestError } from '../../http/request-error.ts';
import { grantError } from './grant-error.ts';

export const CODE_TTL_MS = 10 * 60_000;

/** BASE64URL(SHA-256(verifier)), compared in constant time (RFC 7636 §4.6). */
export function pkceMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/** A code as it was when this request spent it. */
export interface SpentCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  expiresAt: Date;
}

export interface Redemption {
  clientId: string;
  redirectUri: string;
  codeVerifier: string;
}

/** Why a code this request spent gives no tokens, in the order checked; null when it does. */
export function redemptionRefusal(spent: SpentCode, asked: Redemption, now = new Date()): RequestError | null {
  if (spent.expiresAt.getTime() <= now.getTime()) return grantError('invalid_grant', { reason: 'code_expired' });
  if (spent.clientId !== asked.clientId) return grantError('invalid_grant', { reason: 'client_mismatch' });
  if (spent.redirectUri !== asked.redirectUri) return new RequestError('redirect_uri_mismatch');
  if (!pkceMatches(asked.codeVerifier, spent.codeChallenge)) return new RequestError('oauth_code_challenge_failed');
  return null;
}
