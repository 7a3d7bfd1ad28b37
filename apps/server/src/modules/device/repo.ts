// Every statement over device_authorizations. The device and user codes arrive hashed. How the
// approve, deny and poll statements implement the transitions of the state machine:
// device-machine.ts (top comment).
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/database.ts';
import type { Orm } from '../../db/database.ts';
import { deviceAuthorizations } from '../../db/schema.ts';

export type DeviceRow = typeof deviceAuthorizations.$inferSelect;
export type NewDeviceRow = typeof deviceAuthorizations.$inferInsert;

/** What one poll statement found and did, for the decision of device-machine.ts. */
export interface PolledFacts {
  id: string;
  clientId: string;
  /** After this poll: grown by the slow-down step when the poll came too early. */
  intervalSeconds: number;
  /** The stored state before this poll, as stateOf reads it (the database's clock). */
  redeemed: boolean;
  expired: boolean;
  denied: boolean;
  approved: boolean;
  /** The error the player's browser reported (the reason of access_denied). */
  error: string | null;
  /** The poll came before the last one plus the interval (guard too_early). */
  early: boolean;
  /** This statement redeemed the authorization (the row approved --poll--> redeemed). */
  redeemedNow: boolean;
  /** The approving player and the granted scope, for the tokens of a redeemed authorization. */
  accountId: string | null;
  scope: string | null;
  /** The name the device gave itself when it started ("Living-room TV"). */
  deviceName: string | null;
}

export interface PollTiming {
  /** Seconds the interval grows by when a poll comes early. */
  slowDownStepSeconds: number;
  /** How early a poll may come without counting as too early. */
  jitterMs: number;
}

export class DeviceRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** A new authorization; undefined when its user code is taken by a live one. */
  async insert(values: NewDeviceRow): Promise<DeviceRow | undefined> {
    const [row] = await this.#orm
      .insert(deviceAuthorizations)
      .values(values)
      .onConflictDoNothing({ target: deviceAuthorizations.userCodeHash })
      .returning();
    return row;
  }

  async findByUserCodeHash(userCodeHash: string): Promise<DeviceRow | undefined> {
    const [row] = await this.#orm
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.userCodeHash, userCodeHash))
      .limit(1);
    return row;
  }

  /**
   * pending --claim_stub--> pending: the first browser takes the stub of a passwordless code; the
   * stub's id, or undefined when it was no longer pending, claimed already or without its stub.
   */
  async claimStub(id: string): Promise<string | undefined> {
    const [row] = await this.#orm
      .update(deviceAuthorizations)
      .set({ stubClaimedAt: new Date() })
      .where(
        and(
          eq(deviceAuthorizations.id, id),
          isNull(deviceAuthorizations.stubClaimedAt),
          isNull(deviceAuthorizations.authorizedAt),
          isNull(deviceAuthorizations.error),
          gt(deviceAuthorizations.expiresAt, sql`now()`),
          sql`${deviceAuthorizations.sourceAccountId} IS NOT NULL`,
        ),
      )
      .returning({ stub: deviceAuthorizations.sourceAccountId });
    return row?.stub ?? undefined;
  }

  /**
   * pending --stub_settled--> approved for every pending passwordless code of a stub completed in
   * place (the consolidation's own statement is in ConsolidationRepo's transaction).
   */
  async settleStub(stubId: string): Promise<void> {
    await this.#orm
      .update(deviceAuthorizations)
      .set({ accountId: stubId, authorizedAt: new Date() })
      .where(
        and(
          eq(deviceAuthorizations.sourceAccountId, stubId),
          isNull(deviceAuthorizations.authorizedAt),
          isNull(deviceAuthorizations.error),
          gt(deviceAuthorizations.expiresAt, sql`now()`),
        ),
      );
  }

  /** pending --approve--> approved; false when it was no longer pending. */
  async approve(id: string, accountId: string): Promise<boolean> {
    const rows = await this.#orm
      .update(deviceAuthorizations)
      .set({ accountId, authorizedAt: sql`now()` })
      .where(this.#pending(id))
      .returning({ id: deviceAuthorizations.id });
    return rows.length === 1;
  }

  /** pending --deny--> denied, keeping the reason; false when it was no longer pending. */
  async deny(id: string, error: string): Promise<boolean> {
    const rows = await this.#orm
      .update(deviceAuthorizations)
      .set({ error })
      .where(this.#pending(id))
      .returning({ id: deviceAuthorizations.id });
    return rows.length === 1;
  }

  /** The state pending in SQL: undecided, not redeemed (implied) and not expired. */
  #pending(id: string) {
    return and(
      eq(deviceAuthorizations.id, id),
      isNull(deviceAuthorizations.authorizedAt),
      isNull(deviceAuthorizations.error),
      gt(deviceAuthorizations.expiresAt, sql`now()`),
    );
  }

  /**
   * One poll in one statement, under a row lock: records it, grows the interval of an early poll,
   * and redeems an approved authorization when neither too_early nor other_client holds, so the
   * tokens are handed out once however many polls race. `clientId` null: any client (the spec's
   * own token call, where the device code alone names the authorization).
   */
  async poll(deviceCodeHash: string, clientId: string | null, timing: PollTiming): Promise<PolledFacts | undefined> {
    type Polled = {
      id: string;
      client_id: string;
      interval_seconds: number;
      redeemed: boolean;
      expired: boolean;
      denied: boolean;
      approved: boolean;
      error: string | null;
      early: boolean;
      redeemed_now: boolean;
      account_id: string | null;
      scope: string | null;
      device_name: string | null;
    };
    const result = await this.#orm.execute(sql`
      WITH before AS (
        SELECT id, interval_seconds, redeemed_at,
          (last_polled_at IS NOT NULL AND now() < last_polled_at
            + make_interval(secs => interval_seconds) - ${timing.jitterMs} * interval '1 millisecond') AS early
        FROM device_authorizations WHERE device_code_hash = ${deviceCodeHash} FOR UPDATE
      ), polled AS (
        UPDATE device_authorizations d SET
          last_polled_at = now(),
          interval_seconds = CASE WHEN b.early THEN b.interval_seconds + ${timing.slowDownStepSeconds}
            ELSE b.interval_seconds END,
          redeemed_at = CASE
            WHEN NOT b.early AND d.authorized_at IS NOT NULL AND d.redeemed_at IS NULL
             AND (${clientId}::text IS NULL OR d.client_id = ${clientId}) AND d.expires_at > now() THEN now()
            ELSE d.redeemed_at END
        FROM before b WHERE d.id = b.id
        RETURNING d.id, d.client_id, d.interval_seconds, d.expires_at, d.authorized_at, d.error,
          d.redeemed_at, d.account_id, d.scope, d.device_name, b.early, b.redeemed_at AS redeemed_at_before
      )
      SELECT id, client_id, interval_seconds, error, early, account_id, scope, device_name,
        redeemed_at_before IS NOT NULL AS redeemed,
        expires_at <= now() AS expired,
        error IS NOT NULL AS denied,
        authorized_at IS NOT NULL AS approved,
        (redeemed_at IS NOT NULL AND redeemed_at_before IS NULL) AS redeemed_now
      FROM polled`);
    const [row] = rowsOf<Polled>(result);
    if (!row) return undefined;
    return {
      id: row.id,
      clientId: row.client_id,
      intervalSeconds: row.interval_seconds,
      redeemed: row.redeemed,
      expired: row.expired,
      denied: row.denied,
      approved: row.approved,
      error: row.error,
      early: row.early,
      redeemedNow: row.redeemed_now,
      accountId: row.account_id,
      scope: row.scope,
      deviceName: row.device_name,
    };
  }

  /** Remembers the sign-in the device got. */
  async recordFamily(id: string, familyId: string): Promise<void> {
    await this.#orm.update(deviceAuthorizations).set({ familyId }).where(eq(deviceAuthorizations.id, id));
  }

  /** The scope of the authorization that started a sign-in; undefined when none did. */
  async scopeOfFamily(familyId: string): Promise<{ scope: string | null } | undefined> {
    const [row] = await this.#orm
      .select({ scope: deviceAuthorizations.scope })
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.familyId, familyId))
      .limit(1);
    return row;
  }

  /** Deletes authorizations that expired more than a day ago; their user codes become free again. */
  async deleteLongExpired(): Promise<void> {
    await this.#orm
      .delete(deviceAuthorizations)
      .where(lt(deviceAuthorizations.expiresAt, sql`now() - interval '1 day'`));
  }
}
