// Sessions as a game or the web app sees them: an access token and a refresh token. Refresh tokens
// rotate on every use; presenting one that was already used revokes its whole family (every token
// and session of that sign-in), and a family ends at an absolute expiry whatever the rotation.
import { randomUUID } from 'node:crypto';
import { RequestError } from '../../http/request-error.ts';
import type { RefreshRepo } from './refresh-repo.ts';
import type { ResolvedSession, SessionsService } from './service.ts';
import { hashToken, looksLikeToken, newToken } from './tokens.ts';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  session: ResolvedSession;
}

export class TokenService {
  readonly #sessions: SessionsService;
  readonly #refresh: RefreshRepo;
  readonly #familyTtlMs: number;

  constructor(sessions: SessionsService, refresh: RefreshRepo, options: { refreshTokenTtlDays: number }) {
    this.#sessions = sessions;
    this.#refresh = refresh;
    this.#familyTtlMs = options.refreshTokenTtlDays * 86_400_000;
  }

  /** A new sign-in: a new family with its first access and refresh tokens. */
  start(input: { accountId: string; mfaPending?: boolean; clientId?: string | null }): Promise<IssuedTokens> {
    return this.#issue({ ...input, familyId: randomUUID(), familyExpiresAt: new Date(Date.now() + this.#familyTtlMs) });
  }

  /** Rotates a refresh token. Unknown, revoked, expired or reused tokens answer auth_expired. */
  async refresh(refreshToken: string): Promise<IssuedTokens> {
    if (!looksLikeToken(refreshToken, 'rt')) throw new RequestError('auth_expired');
    const row = await this.#refresh.findByHash(hashToken(refreshToken));
    if (!row || row.revokedAt !== null || row.familyExpiresAt.getTime() <= Date.now()) {
      throw new RequestError('auth_expired');
    }
    if (row.usedAt !== null || !(await this.#refresh.markUsed(row.id))) {
      // A second use means the token leaked (or two clients share it): end the whole sign-in.
      await this.#refresh.revokeFamily(row.familyId);
      throw new RequestError('auth_expired');
    }
    const previous = await this.#sessions.find(row.sessionId);
    await this.#sessions.revoke(row.sessionId);
    return this.#issue({
      accountId: row.accountId,
      familyId: row.familyId,
      familyExpiresAt: row.familyExpiresAt,
      mfaPending: previous?.mfaPending ?? false,
      clientId: previous?.clientId ?? null,
    });
  }

  /** Ends every sign-in of an account. */
  endAll(accountId: string): Promise<void> {
    return this.#refresh.revokeAccount(accountId);
  }

  /** Signs out: the session's whole family stops working. */
  end(session: ResolvedSession): Promise<void> {
    return this.#refresh.revokeFamily(session.familyId);
  }

  async #issue(input: {
    accountId: string;
    familyId: string;
    familyExpiresAt: Date;
    mfaPending?: boolean;
    clientId?: string | null;
  }): Promise<IssuedTokens> {
    const access = await this.#sessions.issueAccessToken({
      accountId: input.accountId,
      familyId: input.familyId,
      mfaPending: input.mfaPending ?? false,
      clientId: input.clientId ?? null,
    });
    const refreshToken = newToken('rt');
    await this.#refresh.insert({
      accountId: input.accountId,
      familyId: input.familyId,
      sessionId: access.session.id,
      tokenHash: hashToken(refreshToken),
      familyExpiresAt: input.familyExpiresAt,
    });
    return {
      accessToken: access.accessToken,
      refreshToken,
      expiresIn: this.#sessions.accessTokenTtlSeconds,
      session: access.session,
    };
  }
}
