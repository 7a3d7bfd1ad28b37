// Game authorization codes (OAuth 2.0 authorization code grant with PKCE S256, RFC 6749 §4.1 and
// RFC 7636): issued to a signed-in player for one client and redirect URI, redeemed once by the game
// with the code verifier within CODE_TTL_MS. A second redemption fails and ends the sign-in the
// first one started (RFC 6749 §4.1.2: the code may have been stolen).
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { authorizationCodes } from '../../db/schema.ts';
import { RequestError } from '../../http/request-error.ts';
import { hashToken, newToken } from '../sessions/tokens.ts';
import { grantError } from './grant-error.ts';

export const CODE_TTL_MS = 10 * 60_000;

/** BASE64URL(SHA-256(verifier)), compared in constant time (RFC 7636 §4.6). */
export function pkceMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

const invalidGrant = (reason: string) => grantError('invalid_grant', { reason });

export interface RedeemedCode {
  id: string;
  accountId: string;
  clientId: string;
  scope: string | null;
  nonce: string | null;
}

export class AuthorizationCodes {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async issue(input: {
    accountId: string;
    clientId: string;
    redirectUri: string;
    codeChallenge: string;
    scope?: string | null;
    nonce?: string | null;
  }): Promise<string> {
    const code = newToken('ac');
    await this.#orm.insert(authorizationCodes).values({
      codeHash: hashToken(code),
      accountId: input.accountId,
      clientId: input.clientId,
      redirectUri: input.redirectUri,
      codeChallenge: input.codeChallenge,
      scope: input.scope ?? null,
      nonce: input.nonce ?? null,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    return code;
  }

  /**
   * Spends a code for its client and redirect URI with the PKCE verifier. A code used before answers
   * invalid_grant and `reusedFamily`, the sign-in its first use started, for the caller to end.
   */
  async redeem(input: {
    code: string;
    clientId: string;
    redirectUri: string;
    codeVerifier: string;
  }): Promise<RedeemedCode> {
    const codeHash = hashToken(input.code);
    const [spent] = await this.#orm
      .update(authorizationCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(authorizationCodes.codeHash, codeHash), isNull(authorizationCodes.usedAt)))
      .returning();
    if (!spent) {
      const [earlier] = await this.#orm
        .select({ familyId: authorizationCodes.familyId })
        .from(authorizationCodes)
        .where(eq(authorizationCodes.codeHash, codeHash))
        .limit(1);
      if (earlier) throw Object.assign(invalidGrant('code_already_used'), { reusedFamily: earlier.familyId });
      throw invalidGrant('unknown_code');
    }
    if (spent.expiresAt.getTime() <= Date.now()) throw invalidGrant('code_expired');
    if (spent.clientId !== input.clientId) throw invalidGrant('client_mismatch');
    if (spent.redirectUri !== input.redirectUri) throw new RequestError('redirect_uri_mismatch');
    if (!pkceMatches(input.codeVerifier, spent.codeChallenge)) throw new RequestError('oauth_code_challenge_failed');
    return {
      id: spent.id,
      accountId: spent.accountId,
      clientId: spent.clientId,
      scope: spent.scope,
      nonce: spent.nonce,
    };
  }

  /** Remembers the sign-in a code started, so that a second use can end it. */
  async recordFamily(codeId: string, familyId: string): Promise<void> {
    await this.#orm.update(authorizationCodes).set({ familyId }).where(eq(authorizationCodes.id, codeId));
  }
}
