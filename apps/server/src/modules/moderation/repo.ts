// Every statement of the moderation module (account_restrictions, migration 0030). Setting a
// restriction first closes one of the same kind and scope that ran out, then inserts: the open index
// lets one in, so of two operators banning at once one gets `already`. The account row's summary
// (accounts.restrictions) and the change announcement follow from the table's trigger.
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Orm } from '../../db/database.ts';
import { accountRestrictions } from '../../db/schema.ts';

export type RestrictionRow = typeof accountRestrictions.$inferSelect;

export interface NewRestriction {
  accountId: string;
  kind: 'ban' | 'block';
  gameSlug: string | null;
  reason: string;
  note: string | null;
  startsAt: Date;
  endsAt: Date | null;
  createdBy: string;
  createdWhy: string | null;
}

export interface OpenCount {
  kind: string;
  scope: 'account' | 'game';
  reason: string;
  count: number;
}

/** The same kind and scope: the whole account (no game), or one game. */
const sameScope = (accountId: string, kind: 'ban' | 'block', gameSlug: string | null) =>
  and(
    eq(accountRestrictions.accountId, accountId),
    eq(accountRestrictions.kind, kind),
    gameSlug === null ? isNull(accountRestrictions.gameSlug) : eq(accountRestrictions.gameSlug, gameSlug),
    isNull(accountRestrictions.liftedAt),
  );

export class ModerationRepo {
  readonly #db: Database;
  readonly #orm: Orm;

  constructor(db: Database) {
    this.#db = db;
    this.#orm = db.orm;
  }

  /**
   * Sets a restriction unless one of its kind and scope is in force (then `already`). One that ran
   * out by `now` is closed first (lifted by `expired` at its end).
   */
  async insert(restriction: NewRestriction, now: Date): Promise<RestrictionRow | 'already'> {
    return this.#orm.transaction(async (tx) => {
      await tx
        .update(accountRestrictions)
        .set({ liftedAt: sql`${accountRestrictions.endsAt}`, liftedBy: 'expired', liftedWhy: null })
        .where(
          and(
            sameScope(restriction.accountId, restriction.kind, restriction.gameSlug),
            lte(accountRestrictions.endsAt, now),
          ),
        );
      const [row] = await tx.insert(accountRestrictions).values(restriction).onConflictDoNothing().returning();
      return row ?? 'already';
    });
  }

  /** Lifts the restriction of this kind and scope in force at `now`; undefined when there is none. */
  async lift(
    accountId: string,
    kind: 'ban' | 'block',
    gameSlug: string | null,
    lifted: { by: string; why: string | null; now: Date },
  ): Promise<RestrictionRow | undefined> {
    const [row] = await this.#orm
      .update(accountRestrictions)
      .set({ liftedAt: lifted.now, liftedBy: lifted.by, liftedWhy: lifted.why })
      .where(
        and(
          sameScope(accountId, kind, gameSlug),
          or(isNull(accountRestrictions.endsAt), gt(accountRestrictions.endsAt, lifted.now)),
        ),
      )
      .returning();
    return row;
  }

  /** Every restriction of an account, open and past, newest first. */
  history(accountId: string): Promise<RestrictionRow[]> {
    return this.#orm
      .select()
      .from(accountRestrictions)
      .where(eq(accountRestrictions.accountId, accountId))
      .orderBy(desc(accountRestrictions.createdAt), desc(accountRestrictions.id));
  }

  /** Restrictions in force now, by kind, scope and reason (the metrics' gauge). */
  async countInForce(): Promise<OpenCount[]> {
    const rows = await this.#db.query<{ kind: string; scope: string; reason: string; count: number | string }>(
      `SELECT kind, CASE WHEN game_slug IS NULL THEN 'account' ELSE 'game' END AS scope, reason, count(*) AS count
         FROM account_restrictions
        WHERE lifted_at IS NULL AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
        GROUP BY 1, 2, 3`,
    );
    return rows.map((row) => ({
      kind: row.kind,
      scope: row.scope === 'game' ? 'game' : 'account',
      reason: row.reason,
      count: Number(row.count),
    }));
  }
}
