// Sessions as a game or the web app sees them: an access token and a refresh token. Refresh tokens
// rotate on every use; presenting one that was already used revokes its whole family (every token
// and session of that sign-in), and a family ends at an absolute expiry whatever the rotation. No
// token is issued or rotated for an account a ban or block keeps out (issue 30): the refusal says so.
import { randomUUID } from 'node:crypto';
import { currentOrigin } from '../../http/origin.ts';
import { RequestError } from '../../http/request-error.ts';
import { hashToken, looksLikeToken, newToken } from '../../security/tokens.ts';
import type { Standing, StandingService } from '../moderation/standing-service.ts';
import type { LiveSignIn, SessionsRepo, SignInFlow } from './repo.ts';
import type { FirstFactor } from './second-step.ts';
import type { ResolvedSession, SessionsService } from './service.ts';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  session: ResolvedSession;
}

/**
 * A sign-in of an account by its first step: pending until two-factor passes when the account has it
 * on, and the first step kept, which decides the second steps allowed (second-step.ts).
 */
export function signInOf<A extends SigningIn & { mfaSecret: string | null }>(
  account: A,
  firstFactor: FirstFactor,
): { account: A; mfaPending: boolean; firstFactor: FirstFactor } {
  return { account, mfaPending: account.mfaSecret !== null, firstFactor };
}

/** The account a sign-in is for: its id, and its bans and blocks (checked before any token is issued). */
export type SigningIn = { id: string } & Standing;

export class TokenService {
  readonly #sessions: SessionsService;
  readonly #refresh: SessionsRepo;
  readonly #familyTtlMs: number;
  readonly #idleDays: number;
  readonly #standing: StandingService;

  constructor(
    sessions: SessionsService,
    refresh: SessionsRepo,
    standing: StandingService,
    options: { refreshTokenTtlDays: number; sessionIdleDays: number },
  ) {
    this.#sessions = sessions;
    this.#refresh = refresh;
    this.#standing = standing;
    this.#familyTtlMs = options.refreshTokenTtlDays * 86_400_000;
    this.#idleDays = options.sessionIdleDays;
  }

  /**
   * A new sign-in: a new family (named by the caller, or new) with its first access and refresh
   * tokens; refused (account_banned, account_blocked) for an account kept out of the portal, or of
   * the game of `clientId`. Where the request came from is noted with it (signed-in devices); `flow`
   * is 'device' for a device code, else the portal's or a game's by the client.
   */
  async start(
    input: ({ account: SigningIn } | { accountId: string }) & {
      mfaPending?: boolean;
      firstFactor?: FirstFactor | null;
      clientId?: string | null;
      familyId?: string;
      flow?: 'device';
      /** The name the device gave itself (a device code's). */
      deviceName?: string | null;
    },
  ): Promise<IssuedTokens> {
    const clientId = input.clientId ?? null;
    // The account a caller holds is checked as it is; one named by its id alone is read first.
    const refusal =
      'account' in input
        ? await this.#standing.refusal(input.account, clientId)
        : await this.#standing.refusalOfId(input.accountId, clientId);
    if (refusal) throw refusal;
    return this.#issue({
      accountId: 'account' in input ? input.account.id : input.accountId,
      mfaPending: input.mfaPending,
      firstFactor: input.firstFactor,
      clientId,
      familyId: input.familyId ?? randomUUID(),
      familyExpiresAt: new Date(Date.now() + this.#familyTtlMs),
      flow: input.flow ?? (clientId === null ? 'portal' : 'game'),
      deviceName: input.deviceName ?? null,
    });
  }

  /**
   * Rotates a refresh token. Unknown, revoked, expired, idle (unused SESSION_IDLE_DAYS) or reused
   * tokens answer auth_expired; the
   * token of an account kept out (refused by the rotation itself, or ended by the ban) answers its
   * refusal, so the player learns why.
   */
  async refresh(refreshToken: string): Promise<IssuedTokens> {
    if (!looksLikeToken(refreshToken, 'rt')) throw new RequestError('auth_expired');
    const tokenHash = hashToken(refreshToken);
    const accessToken = newToken('at');
    const newRefreshToken = newToken('rt');
    const session = await this.#refresh.rotateAndIssue(
      tokenHash,
      {
        accessTokenHash: hashToken(accessToken),
        accessExpiresAt: new Date(Date.now() + this.#sessions.accessTokenTtlSeconds * 1000),
        refreshTokenHash: hashToken(newRefreshToken),
      },
      { idleDays: this.#idleDays, ip: currentOrigin()?.ip ?? null },
    );
    if (!session) {
      // Not rotatable. A live token that was already used means it leaked (or two clients share
      // it): end the whole sign-in. Two concurrent uses end up here too, for the one that lost.
      const row = await this.#refresh.findRefreshToken(tokenHash);
      if (row && row.usedAt !== null && row.revokedAt === null) await this.#refresh.revokeFamily(row.familyId);
      const refusal = row ? await this.#standing.refusalOfId(row.accountId, row.clientId) : null;
      throw refusal ?? new RequestError('auth_expired');
    }
    return { accessToken, refreshToken: newRefreshToken, expiresIn: this.#sessions.accessTokenTtlSeconds, session };
  }

  /** Ends every sign-in of an account, or every one but the session `keep` belongs to. */
  endAll(accountId: string, keep?: ResolvedSession): Promise<void> {
    return this.#refresh.revokeAccount(accountId, keep?.familyId);
  }

  /** How many sign-ins (token families) of an account are live: of the portal, and of games. */
  liveSignIns(accountId: string): Promise<{ web: number; games: number }> {
    return this.#refresh.liveSignIns(accountId, this.#idleDays);
  }

  /** The account's live sign-ins, most recently used first (signed-in devices). */
  signInsOf(accountId: string): Promise<LiveSignIn[]> {
    return this.#refresh.liveSignInsOf(accountId, this.#idleDays);
  }

  /** Ends one sign-in of the account by its family; false when it has no such sign-in. */
  endSignIn(accountId: string, familyId: string): Promise<boolean> {
    return this.#refresh.revokeFamilyOf(accountId, familyId);
  }

  /** Signs out: the session's whole family stops working. */
  end(session: ResolvedSession): Promise<void> {
    return this.#refresh.revokeFamily(session.familyId);
  }

  /** Ends a sign-in by its family (a game authorization code used twice). */
  endFamily(familyId: string): Promise<void> {
    return this.#refresh.revokeFamily(familyId);
  }

  /** Ends every sign-in of an account that these OAuth clients (one game's) hold. */
  endClients(accountId: string, clientIds: readonly string[]): Promise<void> {
    return this.#refresh.revokeAccountClients(accountId, clientIds);
  }

  async #issue(input: {
    accountId: string;
    familyId: string;
    familyExpiresAt: Date;
    mfaPending?: boolean | undefined;
    firstFactor?: FirstFactor | null | undefined;
    clientId?: string | null;
    flow: SignInFlow;
    deviceName: string | null;
  }): Promise<IssuedTokens> {
    const accessToken = newToken('at');
    const refreshToken = newToken('rt');
    const origin = currentOrigin();
    const session = await this.#refresh.issue({
      accountId: input.accountId,
      familyId: input.familyId,
      accessTokenHash: hashToken(accessToken),
      accessExpiresAt: new Date(Date.now() + this.#sessions.accessTokenTtlSeconds * 1000),
      mfaPending: input.mfaPending ?? false,
      firstFactor: input.firstFactor ?? null,
      clientId: input.clientId ?? null,
      refreshTokenHash: hashToken(refreshToken),
      familyExpiresAt: input.familyExpiresAt,
      flow: input.flow,
      ip: origin?.ip ?? null,
      userAgent: origin?.userAgent ?? null,
      deviceName: input.deviceName,
    });
    return { accessToken, refreshToken, expiresIn: this.#sessions.accessTokenTtlSeconds, session };
  }
}
