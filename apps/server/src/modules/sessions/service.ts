// Access tokens and the sessions they stand for. Sign-in (which creates sessions) builds on this.
import { randomUUID } from 'node:crypto';
import type { SessionsRepo } from './repo.ts';
import { hashToken, looksLikeToken, newToken } from './tokens.ts';

// Opaque tokens (tokens.ts) for the other modules' codes: game authorization and device codes.
export { hashToken, newToken } from './tokens.ts';

export interface ResolvedSession {
  id: string;
  accountId: string;
  familyId: string;
  /** Signed in but two-factor not yet passed: only the two-factor calls accept such a session. */
  mfaPending: boolean;
  clientId: string | null;
  /** When the player last proved themselves again in this session (PUT /sessions/me/verify). */
  verifiedAt: Date | null;
}

export interface IssuedAccessToken {
  accessToken: string;
  expiresAt: Date;
  session: ResolvedSession;
}

export class SessionsService {
  readonly #repo: SessionsRepo;
  readonly #accessTtlMs: number;

  constructor(repo: SessionsRepo, options: { accessTokenTtlSeconds: number }) {
    this.#repo = repo;
    this.#accessTtlMs = options.accessTokenTtlSeconds * 1000;
  }

  async issueAccessToken(input: {
    accountId: string;
    familyId?: string;
    mfaPending?: boolean;
    clientId?: string | null;
  }): Promise<IssuedAccessToken> {
    const accessToken = newToken('at');
    const expiresAt = new Date(Date.now() + this.#accessTtlMs);
    const row = await this.#repo.insert({
      accountId: input.accountId,
      familyId: input.familyId ?? randomUUID(),
      accessTokenHash: hashToken(accessToken),
      accessExpiresAt: expiresAt,
      mfaPending: input.mfaPending ?? false,
      clientId: input.clientId ?? null,
    });
    return { accessToken, expiresAt, session: toResolved(row) };
  }

  /** The session of an access token, or null when it is unknown, revoked or expired. */
  async resolve(accessToken: string): Promise<ResolvedSession | null> {
    if (!looksLikeToken(accessToken, 'at')) return null;
    const row = await this.#repo.findLive(hashToken(accessToken));
    return row ? toResolved(row) : null;
  }

  async find(sessionId: string): Promise<(ResolvedSession & { createdAt: Date; accessExpiresAt: Date }) | null> {
    const row = await this.#repo.findById(sessionId);
    return row ? { ...toResolved(row), createdAt: row.createdAt, accessExpiresAt: row.accessExpiresAt } : null;
  }

  get accessTokenTtlSeconds(): number {
    return this.#accessTtlMs / 1000;
  }

  revoke(sessionId: string): Promise<void> {
    return this.#repo.revoke(sessionId);
  }

  /**
   * Records that the player just proved themselves again in this session; a session pending
   * two-factor is complete from now on.
   */
  markVerified(sessionId: string): Promise<void> {
    return this.#repo.markVerified(sessionId);
  }
}

function toResolved(row: {
  id: string;
  accountId: string;
  familyId: string;
  mfaPending: boolean;
  clientId: string | null;
  verifiedAt: Date | null;
}): ResolvedSession {
  return {
    id: row.id,
    accountId: row.accountId,
    familyId: row.familyId,
    mfaPending: row.mfaPending,
    clientId: row.clientId,
    verifiedAt: row.verifiedAt,
  };
}
