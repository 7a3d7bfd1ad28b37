// Access tokens and the sessions they stand for: the session of every signed-in call. Tokens are
// issued by token-service.ts (sign-in, refresh, sign-out); the sign-in calls' rules are
// sign-in-service.ts's.
import { hashToken, looksLikeToken } from '../../security/tokens.ts';
import type { IssuedSessionRow, SessionsRepo } from './repo.ts';

/** The session of an access token, as every other module sees it. */
export type ResolvedSession = IssuedSessionRow;

export class SessionsService {
  readonly #repo: SessionsRepo;
  readonly #accessTtlMs: number;

  constructor(repo: SessionsRepo, options: { accessTokenTtlSeconds: number }) {
    this.#repo = repo;
    this.#accessTtlMs = options.accessTokenTtlSeconds * 1000;
  }

  /** The session of an access token, or null when it is unknown, revoked or expired. */
  async resolve(accessToken: string): Promise<ResolvedSession | null> {
    return (await this.resolveLive(accessToken))?.session ?? null;
  }

  /** The session of an access token and when the token expires, or null (see resolve). */
  async resolveLive(accessToken: string): Promise<{ session: ResolvedSession; expiresAt: Date } | null> {
    if (!looksLikeToken(accessToken, 'at')) return null;
    const row = await this.#repo.findLive(hashToken(accessToken));
    return row ? { session: toResolved(row), expiresAt: row.accessExpiresAt } : null;
  }

  /**
   * The account and client of an access token that is no longer live (revoked or expired), or null
   * for an unknown token: what a refusal may explain (a ban ended the sign-in, issue 30).
   */
  async ended(accessToken: string): Promise<{ accountId: string; clientId: string | null } | null> {
    if (!looksLikeToken(accessToken, 'at')) return null;
    const row = await this.#repo.findAnyByAccessHash(hashToken(accessToken));
    return row ? { accountId: row.accountId, clientId: row.clientId } : null;
  }

  async find(sessionId: string): Promise<(ResolvedSession & { createdAt: Date; accessExpiresAt: Date }) | null> {
    const row = await this.#repo.findById(sessionId);
    return row ? { ...toResolved(row), createdAt: row.createdAt, accessExpiresAt: row.accessExpiresAt } : null;
  }

  get accessTokenTtlSeconds(): number {
    return this.#accessTtlMs / 1000;
  }

  /**
   * Records that the player just proved themselves again in this session; a session pending
   * two-factor is complete from now on.
   */
  markVerified(sessionId: string, by: 'email_code' | 'mfa_code' | 'password' | 'passkey'): Promise<void> {
    return this.#repo.markVerified(sessionId, by);
  }
}

function toResolved(row: ResolvedSession): ResolvedSession {
  return {
    id: row.id,
    accountId: row.accountId,
    familyId: row.familyId,
    mfaPending: row.mfaPending,
    clientId: row.clientId,
    verifiedAt: row.verifiedAt,
    verifiedBy: row.verifiedBy,
    firstFactor: row.firstFactor,
  };
}
