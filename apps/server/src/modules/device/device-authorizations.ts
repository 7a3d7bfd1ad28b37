// The device authorizations of RFC 8628 as stored: started by a game, looked up and approved (or
// refused) by the player in the browser, polled by the game until it gets its tokens once.
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/database.ts';
import type { Orm } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { deviceAuthorizations } from '../../db/schema.ts';
import { newToken, hashToken } from '../sessions/tokens.ts';
import { newUserCode } from './user-code.ts';

export type DeviceRow = typeof deviceAuthorizations.$inferSelect;

/** The RFC 8628 §3.5 answers of a poll that gives no tokens. */
export type PollRefusal = 'authorization_pending' | 'slow_down' | 'expired_token' | 'access_denied' | 'invalid_grant';

export type PollResult =
  { kind: 'refused'; error: PollRefusal; interval: number; reason?: string } | { kind: 'authorized'; row: DeviceRow };

/** Seconds the interval grows by on each poll that came too early (RFC 8628 §3.5). */
export const SLOW_DOWN_STEP_SECONDS = 5;
/** Network jitter a poll may come early by without being slowed down. */
const POLL_JITTER_MS = 250;

export interface DeviceStartInput {
  clientId: string;
  deviceName: string | null;
  userFlow: string;
  userFlowOptions: { is_required: boolean } | null;
  registrationDefaults: { dob?: string | null; age?: number | null; location?: string | null } | null;
  authType: 'device' | 'passwordless';
  scope: string | null;
}

export class DeviceAuthorizations {
  readonly #orm: Orm;
  readonly #ttlSeconds: number;
  readonly #intervalSeconds: number;

  constructor(orm: Orm, options: { ttlSeconds: number; intervalSeconds: number }) {
    this.#orm = orm;
    this.#ttlSeconds = options.ttlSeconds;
    this.#intervalSeconds = options.intervalSeconds;
  }

  static of(deps: Deps): DeviceAuthorizations {
    return new DeviceAuthorizations(deps.db.orm, {
      ttlSeconds: deps.config.DEVICE_CODE_TTL_SECONDS,
      intervalSeconds: deps.config.DEVICE_POLL_INTERVAL_SECONDS,
    });
  }

  /** A new authorization: its device code (for the game only) and user code (for the player). */
  async start(input: DeviceStartInput): Promise<{ deviceCode: string; userCode: string; row: DeviceRow }> {
    await this.#forgetExpired();
    for (let attempt = 0; ; attempt++) {
      const deviceCode = newToken('dc');
      const userCode = newUserCode();
      const [row] = await this.#orm
        .insert(deviceAuthorizations)
        .values({
          deviceCodeHash: hashToken(deviceCode),
          userCodeHash: hashToken(userCode),
          clientId: input.clientId,
          deviceName: input.deviceName,
          userFlow: input.userFlow,
          userFlowOptions: input.userFlowOptions,
          registrationDefaults: input.registrationDefaults,
          authType: input.authType,
          scope: input.scope,
          expiresAt: new Date(Date.now() + this.#ttlSeconds * 1000),
          intervalSeconds: this.#intervalSeconds,
        })
        .onConflictDoNothing({ target: deviceAuthorizations.userCodeHash })
        .returning();
      // A user code still taken by another authorization (about one in 10^8 with a thousand live): draw again.
      if (row) return { deviceCode, userCode, row };
      if (attempt >= 5) throw new Error('could not draw a free device user code');
    }
  }

  async findByUserCode(userCode: string): Promise<DeviceRow | undefined> {
    const [row] = await this.#orm
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.userCodeHash, hashToken(userCode)))
      .limit(1);
    return row;
  }

  /** Approves a live, undecided authorization for an account; false when it was decided meanwhile. */
  async approve(id: string, accountId: string): Promise<boolean> {
    const rows = await this.#orm
      .update(deviceAuthorizations)
      .set({ accountId, authorizedAt: sql`now()` })
      .where(this.#undecided(id))
      .returning({ id: deviceAuthorizations.id });
    return rows.length === 1;
  }

  /** Refuses a live, undecided authorization with a reason (access_denied, age_gated...). */
  async refuse(id: string, error: string): Promise<boolean> {
    const rows = await this.#orm
      .update(deviceAuthorizations)
      .set({ error })
      .where(this.#undecided(id))
      .returning({ id: deviceAuthorizations.id });
    return rows.length === 1;
  }

  #undecided(id: string) {
    return and(
      eq(deviceAuthorizations.id, id),
      isNull(deviceAuthorizations.authorizedAt),
      isNull(deviceAuthorizations.error),
      gt(deviceAuthorizations.expiresAt, sql`now()`),
    );
  }

  /**
   * One poll of the device: enforces the interval (a poll that comes early adds 5 s to it and is
   * answered slow_down), then answers what the player decided. The tokens are handed out once:
   * an approved authorization is marked redeemed in the same statement that reads it. `clientId`
   * is null on the spec's own token call, where the device code alone names the authorization.
   */
  async poll(deviceCode: string, clientId: string | null): Promise<PollResult> {
    type Polled = {
      id: string;
      client_id: string;
      interval_seconds: number;
      early: boolean;
      expired: boolean;
      authorized: boolean;
      error: string | null;
      redeemed_before: boolean;
    };
    const result = await this.#orm.execute(sql`
      WITH before AS (
        SELECT id, interval_seconds, redeemed_at,
          (last_polled_at IS NOT NULL AND now() < last_polled_at
            + make_interval(secs => interval_seconds) - ${POLL_JITTER_MS} * interval '1 millisecond') AS early
        FROM device_authorizations WHERE device_code_hash = ${hashToken(deviceCode)} FOR UPDATE
      ), polled AS (
        UPDATE device_authorizations d SET
          last_polled_at = now(),
          interval_seconds = CASE WHEN b.early THEN b.interval_seconds + ${SLOW_DOWN_STEP_SECONDS}
            ELSE b.interval_seconds END,
          redeemed_at = CASE
            WHEN NOT b.early AND d.authorized_at IS NOT NULL AND d.redeemed_at IS NULL
             AND (${clientId}::text IS NULL OR d.client_id = ${clientId}) AND d.expires_at > now() THEN now()
            ELSE d.redeemed_at END
        FROM before b WHERE d.id = b.id
        RETURNING d.id, d.client_id, d.interval_seconds, d.expires_at, d.authorized_at, d.error,
          b.early, b.redeemed_at AS redeemed_at_before
      )
      SELECT id, client_id, interval_seconds, early,
        expires_at <= now() AS expired,
        authorized_at IS NOT NULL AS authorized,
        error,
        redeemed_at_before IS NOT NULL AS redeemed_before
      FROM polled`);
    const [row] = rowsOf<Polled>(result);
    const refused = (error: PollRefusal, reason?: string): PollResult => ({
      kind: 'refused',
      error,
      interval: row?.interval_seconds ?? this.#intervalSeconds,
      ...(reason ? { reason } : {}),
    });
    if (!row) return refused('invalid_grant', 'unknown_device_code');
    if (clientId !== null && row.client_id !== clientId) return refused('invalid_grant', 'client_mismatch');
    if (row.redeemed_before) return refused('invalid_grant', 'device_code_used');
    if (row.early) return refused('slow_down');
    if (row.expired) return refused('expired_token');
    if (row.error !== null) return refused('access_denied', row.error);
    if (!row.authorized) return refused('authorization_pending');
    const [redeemed] = await this.#orm.select().from(deviceAuthorizations).where(eq(deviceAuthorizations.id, row.id));
    if (!redeemed) return refused('invalid_grant', 'unknown_device_code');
    return { kind: 'authorized', row: redeemed };
  }

  /** Remembers the sign-in the device got. */
  async recordFamily(id: string, familyId: string): Promise<void> {
    await this.#orm.update(deviceAuthorizations).set({ familyId }).where(eq(deviceAuthorizations.id, id));
  }

  /** Authorizations expired a day ago are of no use to anyone; their user codes become free again. */
  async #forgetExpired(): Promise<void> {
    if (Math.random() > 0.05) return;
    await this.#orm
      .delete(deviceAuthorizations)
      .where(lt(deviceAuthorizations.expiresAt, sql`now() - interval '1 day'`));
  }
}
