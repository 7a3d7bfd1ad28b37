// The statements of mailed-link tokens (the link_tokens table).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { linkTokens } from '../../db/schema.ts';

export type LinkTokenRow = typeof linkTokens.$inferSelect;
type Purpose = LinkTokenRow['purpose'];

export class LinkTokensRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** Stores a new token; earlier unused ones of the same purpose for the account stop working. */
  async replace(
    row: { purpose: Purpose; accountId: string; tokenHash: string; expiresAt: Date },
    orm: Orm = this.#orm,
  ): Promise<void> {
    await orm
      .update(linkTokens)
      .set({ consumedAt: sql`now()` })
      .where(
        and(
          eq(linkTokens.accountId, row.accountId),
          eq(linkTokens.purpose, row.purpose),
          isNull(linkTokens.consumedAt),
        ),
      );
    await orm.insert(linkTokens).values(row);
  }

  async findByHash(purpose: Purpose, tokenHash: string): Promise<LinkTokenRow | undefined> {
    const [row] = await this.#orm
      .select()
      .from(linkTokens)
      .where(and(eq(linkTokens.tokenHash, tokenHash), eq(linkTokens.purpose, purpose)))
      .limit(1);
    return row;
  }

  /** Uses the token up; false when it was used meanwhile. */
  async consume(id: string): Promise<boolean> {
    const rows = await this.#orm
      .update(linkTokens)
      .set({ consumedAt: sql`now()`, usedAt: sql`now()` })
      .where(and(eq(linkTokens.id, id), isNull(linkTokens.consumedAt)))
      .returning({ id: linkTokens.id });
    return rows.length === 1;
  }
}
