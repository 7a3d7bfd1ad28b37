// Every statement of the sessions module: the live session of an access token (every signed-in
// call), and the refresh tokens with the sessions they open. Issuing and rotating are single statements: a sign-in
// writes its session and first refresh token in one round trip, and a refresh marks the old token
// used (reading what the new session inherits) in one and issues the next pair in another. Those
// writes commit without waiting for the disk; revocations wait (ADR 012).
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database, Orm } from '../../db/database.ts';
import { refreshTokens, sessions } from '../../db/schema.ts';
import type { FirstFactor } from './second-step.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type RefreshRow = typeof refreshTokens.$inferSelect;

/** What a session is to the rules: the service exports it as ResolvedSession. */
export interface IssuedSessionRow {
  id: string;
  accountId: string;
  familyId: string;
  /** Signed in but two-factor not yet passed: only the two-factor calls accept such a session. */
  mfaPending: boolean;
  clientId: string | null;
  /** When the player last proved themselves again in this session (PUT /sessions/me/verify). */
  verifiedAt: Date | null;
  /** How: with an emailed code, an authenticator code or the password. */
  verifiedBy: 'email_code' | 'mfa_code' | 'password' | 'passkey' | null;
  /** How the sign-in's first step was made (second-step.ts); null for sessions from before 0028. */
  firstFactor: FirstFactor | null;
}

export interface NewTokenPair {
  accountId: string;
  familyId: string;
  accessTokenHash: string;
  accessExpiresAt: Date;
  mfaPending: boolean;
  firstFactor: FirstFactor | null;
  clientId: string | null;
  refreshTokenHash: string;
  familyExpiresAt: Date;
  /** How the sign-in began and where its request came from (the sign_ins row, migration 0032). */
  flow: SignInFlow;
  ip: string | null;
  userAgent: string | null;
  /** The name a device gave itself when it started a device code. */
  deviceName: string | null;
}

/** How a sign-in began: the web app, a game (authorization code or platform sign-in), a device code. */
export type SignInFlow = 'portal' | 'game' | 'device';

/** A live sign-in of an account (a token family with a live refresh token), for its player. */
export interface LiveSignIn {
  familyId: string;
  clientId: string | null;
  flow: SignInFlow | null;
  ip: string | null;
  lastIp: string | null;
  userAgent: string | null;
  deviceName: string | null;
  createdAt: Date;
  lastUsedAt: Date;
  mfaPending: boolean;
}

/** A refresh token just marked used, with what its session passes on to the next one. */
type Raw = Record<string, unknown>;

/**
 * A sign-in's session, first refresh token and where it came from ($1 to $13): the session and refresh
 * token, and the sign_ins row (flow $10, address $11, User-Agent $12, the device's own name $13).
 */
const ISSUE_PAIR = `WITH s AS (
    INSERT INTO sessions (account_id, family_id, access_token_hash, access_expires_at, mfa_pending, client_id, first_factor)
    VALUES ($1, $2, $3, $4, $5, $6, $9)
    RETURNING id, account_id, family_id, mfa_pending, client_id, first_factor
  ), r AS (
    INSERT INTO refresh_tokens (account_id, family_id, session_id, token_hash, family_expires_at)
    SELECT account_id, family_id, id, $7, $8 FROM s
  ), si AS (
    INSERT INTO sign_ins (family_id, account_id, client_id, flow, ip, user_agent, last_ip, device_name)
    SELECT family_id, account_id, client_id, $10, $11, $12, $11, $13 FROM s
    ON CONFLICT (family_id) DO NOTHING
  )
  SELECT id, account_id, family_id, mfa_pending, client_id, first_factor FROM s`;

/**
 * Whether a ban or block in force keeps the account of refresh token r (of session s) out: of
 * the portal, or of the game of the session's client (migration 0030; its open index by account).
 */
const RESTRICTED = `SELECT 1 FROM account_restrictions m
        WHERE m.account_id = r.account_id AND m.lifted_at IS NULL
          AND m.starts_at <= now() AND (m.ends_at IS NULL OR m.ends_at > now())
          AND (m.game_slug IS NULL OR m.game_slug = (SELECT c.game_slug FROM oauth_clients c WHERE c.client_id = s.client_id))`;

/**
 * A refresh in one statement: marks the live refresh token $1 used, revokes the session it belonged
 * to, and writes the new pair ($2 access hash, $3 access expiry, $4 refresh hash) in its family,
 * unless a ban or block in force keeps the account out (RESTRICTED) or the token has not been used
 * for $5 days (SESSION_IDLE_DAYS: a refresh token is issued at each use, so its age is the time since
 * the sign-in was last used). The sign-in's last use and address ($6) are noted. Two
 * uses of one token queue on its row: the second runs after the first has committed its new pair,
 * so the reuse it then detects ends that pair too (a refresh in two statements let the new pair be
 * written after the revocation, and survive it).
 */
const ROTATE_AND_ISSUE = `WITH used AS (
    UPDATE refresh_tokens r SET used_at = now()
      FROM sessions s
     WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.revoked_at IS NULL
       AND r.family_expires_at > now() AND s.id = r.session_id
       AND r.created_at > now() - $5 * interval '1 day'
       AND NOT EXISTS (${RESTRICTED})
     RETURNING r.account_id, r.family_id, r.session_id, r.family_expires_at, s.mfa_pending, s.client_id,
       s.first_factor
  ), replaced AS (
    UPDATE sessions SET revoked_at = now() WHERE id = (SELECT session_id FROM used) AND revoked_at IS NULL
  ), s AS (
    INSERT INTO sessions (account_id, family_id, access_token_hash, access_expires_at, mfa_pending, client_id, first_factor)
    SELECT account_id, family_id, $2, $3, mfa_pending, client_id, first_factor FROM used
    RETURNING id, account_id, family_id, mfa_pending, client_id, first_factor
  ), r AS (
    INSERT INTO refresh_tokens (account_id, family_id, session_id, token_hash, family_expires_at)
    SELECT s.account_id, s.family_id, s.id, $4, used.family_expires_at FROM s, used
  ), seen AS (
    UPDATE sign_ins SET last_used_at = now(), last_ip = coalesce($6, last_ip)
     WHERE family_id = (SELECT family_id FROM used)
  )
  SELECT id, account_id, family_id, mfa_pending, client_id, first_factor FROM s`;

/**
 * Refresh token r (of session s, account $1) keeps its sign-in live: not used, revoked, expired, nor
 * idle beyond $2 days (SESSION_IDLE_DAYS); what the signed-in devices and the live counts both read.
 */
const LIVE_SIGN_IN = `s.account_id = $1 AND r.used_at IS NULL AND r.revoked_at IS NULL
          AND r.family_expires_at > now() AND r.created_at > now() - $2 * interval '1 day'`;

export class SessionsRepo {
  readonly #db: Database;
  readonly #orm: Orm;
  readonly #live;

  constructor(db: Database) {
    this.#db = db;
    this.#orm = db.orm;
    this.#live = db.orm
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.accessTokenHash, sql.placeholder('hash')),
          isNull(sessions.revokedAt),
          gt(sessions.accessExpiresAt, sql`now()`),
        ),
      )
      .limit(1)
      .prepare('live_session');
  }

  /** The live session of an access token hash: not revoked, not expired (every signed-in call). */
  async findLive(accessTokenHash: string): Promise<SessionRow | undefined> {
    const [row] = await this.#live.execute({ hash: accessTokenHash });
    return row;
  }

  /** The session of an access token hash in any state: live, revoked or expired. */
  async findAnyByAccessHash(accessTokenHash: string): Promise<SessionRow | undefined> {
    const [row] = await this.#orm.select().from(sessions).where(eq(sessions.accessTokenHash, accessTokenHash)).limit(1);
    return row;
  }

  async findById(id: string): Promise<SessionRow | undefined> {
    const [row] = await this.#orm.select().from(sessions).where(eq(sessions.id, id)).limit(1);
    return row;
  }

  /** The player proved themselves again: the session is verified now (how: `by`) and no longer pending. */
  async markVerified(id: string, by: 'email_code' | 'mfa_code' | 'password' | 'passkey'): Promise<void> {
    await this.#orm
      .update(sessions)
      .set({ verifiedAt: new Date(), verifiedBy: by, mfaPending: false })
      .where(eq(sessions.id, id));
  }

  /** Writes a sign-in's session and first refresh token in one statement (ISSUE_PAIR). */
  async issue(pair: NewTokenPair): Promise<IssuedSessionRow> {
    const values = [
      pair.accountId,
      pair.familyId,
      pair.accessTokenHash,
      pair.accessExpiresAt.toISOString(),
      pair.mfaPending,
      pair.clientId,
      pair.refreshTokenHash,
      pair.familyExpiresAt.toISOString(),
      pair.firstFactor,
      pair.flow,
      pair.ip,
      pair.userAgent,
      pair.deviceName,
    ];
    const [row] = await this.#db.queryAsyncCommit<Raw>(ISSUE_PAIR, values, 'issue_token_pair');
    if (!row) throw new Error('session insert returned nothing');
    return {
      id: String(row.id),
      accountId: String(row.account_id),
      familyId: String(row.family_id),
      mfaPending: row.mfa_pending === true,
      clientId: (row.client_id as string | null) ?? null,
      verifiedAt: null,
      verifiedBy: null,
      firstFactor: (row.first_factor as FirstFactor | null) ?? null,
    };
  }

  /**
   * Rotates a live refresh token into the new pair (ROTATE_AND_ISSUE); undefined when the token is
   * unknown, revoked, expired or already used (the caller tells reuse apart with findRefreshToken).
   */
  async rotateAndIssue(
    tokenHash: string,
    pair: { accessTokenHash: string; accessExpiresAt: Date; refreshTokenHash: string },
    seen: { idleDays: number; ip: string | null },
  ): Promise<IssuedSessionRow | undefined> {
    const [row] = await this.#db.queryAsyncCommit<Raw>(
      ROTATE_AND_ISSUE,
      [
        tokenHash,
        pair.accessTokenHash,
        pair.accessExpiresAt.toISOString(),
        pair.refreshTokenHash,
        seen.idleDays,
        seen.ip,
      ],
      'rotate_and_issue',
    );
    if (!row) return undefined;
    return {
      id: String(row.id),
      accountId: String(row.account_id),
      familyId: String(row.family_id),
      mfaPending: row.mfa_pending === true,
      clientId: (row.client_id as string | null) ?? null,
      verifiedAt: null,
      verifiedBy: null,
      firstFactor: (row.first_factor as FirstFactor | null) ?? null,
    };
  }

  /** A refresh token in any state, with the OAuth client of its session (null: the portal's). */
  async findRefreshToken(tokenHash: string): Promise<(RefreshRow & { clientId: string | null }) | undefined> {
    const [row] = await this.#orm
      .select({ token: refreshTokens, clientId: sessions.clientId })
      .from(refreshTokens)
      .leftJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row ? { ...row.token, clientId: row.clientId ?? null } : undefined;
  }

  /**
   * Revokes every sign-in of an account (after a password reset, for example), or every one but
   * `keepFamilyId` (the player signs out their other devices).
   */
  revokeAccount(accountId: string, keepFamilyId?: string): Promise<void> {
    const keep = keepFamilyId ? ne(sessions.familyId, keepFamilyId) : undefined;
    return this.#revokeFamiliesOf(and(eq(sessions.accountId, accountId), keep));
  }

  /**
   * Revokes the sign-ins of an account that these OAuth clients hold (the player removes a game):
   * every family one of whose sessions was issued to one of the clients.
   */
  async revokeAccountClients(accountId: string, clientIds: readonly string[]): Promise<void> {
    if (clientIds.length === 0) return;
    await this.#revokeFamiliesOf(and(eq(sessions.accountId, accountId), inArray(sessions.clientId, [...clientIds])));
  }

  /**
   * Revokes the families of the sessions that `which` selects: their refresh tokens (found by family;
   * the sessions table is indexed by account) and those sessions.
   */
  async #revokeFamiliesOf(which: SQL | undefined): Promise<void> {
    const families = this.#orm.selectDistinct({ familyId: sessions.familyId }).from(sessions).where(which);
    await this.#orm
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(inArray(refreshTokens.familyId, families), isNull(refreshTokens.revokedAt)));
    await this.#orm
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(which, isNull(sessions.revokedAt)));
  }

  /** How many sign-ins of an account are live (LIVE_SIGN_IN), of the portal and of games. */
  async liveSignIns(accountId: string, idleDays: number): Promise<{ web: number; games: number }> {
    const [row] = await this.#db.query<{ web: number | string; games: number | string }>(
      `SELECT count(DISTINCT r.family_id) FILTER (WHERE s.client_id IS NULL) AS web,
              count(DISTINCT r.family_id) FILTER (WHERE s.client_id IS NOT NULL) AS games
         FROM sessions s JOIN refresh_tokens r ON r.session_id = s.id
        WHERE ${LIVE_SIGN_IN}`,
      [accountId, idleDays],
    );
    return { web: Number(row?.web ?? 0), games: Number(row?.games ?? 0) };
  }

  /**
   * The live sign-ins of an account, most recently used first: each family with a refresh token not
   * used, revoked, expired or idle beyond `idleDays`, with where it came from (sign_ins; none for a
   * sign-in from before migration 0032, which then counts from its refresh token).
   */
  async liveSignInsOf(accountId: string, idleDays: number, limit = 100): Promise<LiveSignIn[]> {
    const rows = await this.#db.query<Raw>(
      `SELECT r.family_id, s.client_id, s.mfa_pending, si.flow, si.ip, si.last_ip, si.user_agent, si.device_name,
              coalesce(si.created_at, r.created_at) AS created_at,
              greatest(coalesce(si.last_used_at, r.created_at), r.created_at) AS last_used_at
         FROM sessions s
         JOIN refresh_tokens r ON r.session_id = s.id
         LEFT JOIN sign_ins si ON si.family_id = r.family_id
        WHERE ${LIVE_SIGN_IN}
        ORDER BY last_used_at DESC
        LIMIT $3`,
      [accountId, idleDays, limit],
    );
    return rows.map((row) => ({
      familyId: String(row.family_id),
      clientId: (row.client_id as string | null) ?? null,
      flow: (row.flow as SignInFlow | null) ?? null,
      ip: (row.ip as string | null) ?? null,
      lastIp: (row.last_ip as string | null) ?? null,
      userAgent: (row.user_agent as string | null) ?? null,
      deviceName: (row.device_name as string | null) ?? null,
      createdAt: new Date(row.created_at as string | Date),
      lastUsedAt: new Date(row.last_used_at as string | Date),
      mfaPending: row.mfa_pending === true,
    }));
  }

  /** Revokes one sign-in of an account by its family; false when the account has no such live family. */
  async revokeFamilyOf(accountId: string, familyId: string): Promise<boolean> {
    const ended = await this.#orm
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.familyId, familyId),
          eq(refreshTokens.accountId, accountId),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ familyId: refreshTokens.familyId });
    await this.#orm
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.familyId, familyId), eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));
    return ended.length > 0;
  }

  /** Revokes every refresh token and session of a family (sign-out, or reuse detected). */
  async revokeFamily(familyId: string): Promise<void> {
    await this.#orm
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    await this.#orm
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
  }
}
