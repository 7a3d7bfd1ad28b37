import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { refreshTokens, sessions } from '../../db/schema.ts';

export type RefreshRow = typeof refreshTokens.$inferSelect;

export class RefreshRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async insert(row: typeof refreshTokens.$inferInsert): Promise<void> {
    await this.#orm.insert(refreshTokens).values(row);
  }

  async findByHash(tokenHash: string): Promise<RefreshRow | undefined> {
    const [row] = await this.#orm.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
    return row;
  }

  /** Marks a token used; false when it already was (a concurrent or repeated use). */
  async markUsed(id: string): Promise<boolean> {
    const rows = await this.#orm
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  }

  /** Revokes every sign-in of an account (after a password reset, for example). */
  async revokeAccount(accountId: string): Promise<void> {
    await this.#orm
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.accountId, accountId), isNull(refreshTokens.revokedAt)));
    await this.#orm
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));
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
