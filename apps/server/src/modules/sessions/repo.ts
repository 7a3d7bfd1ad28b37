import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { sessions } from '../../db/schema.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

export class SessionsRepo {
  readonly #orm: Orm;
  readonly #live;

  constructor(orm: Orm) {
    this.#orm = orm;
    this.#live = orm
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

  async insert(row: NewSession): Promise<SessionRow> {
    const [created] = await this.#orm.insert(sessions).values(row).returning();
    if (!created) throw new Error('session insert returned nothing');
    return created;
  }

  /** The live session of an access token hash: not revoked, not expired (every signed-in call). */
  async findLive(accessTokenHash: string): Promise<SessionRow | undefined> {
    const [row] = await this.#live.execute({ hash: accessTokenHash });
    return row;
  }

  async findById(id: string): Promise<SessionRow | undefined> {
    const [row] = await this.#orm.select().from(sessions).where(eq(sessions.id, id)).limit(1);
    return row;
  }

  /** The player proved themselves again: the session is verified now and no longer pending. */
  async markVerified(id: string): Promise<void> {
    await this.#orm.update(sessions).set({ verifiedAt: new Date(), mfaPending: false }).where(eq(sessions.id, id));
  }

  async revoke(id: string): Promise<void> {
    await this.#orm.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
  }
}
