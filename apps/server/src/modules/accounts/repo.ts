import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { accounts } from '../../db/schema.ts';

export type AccountRow = typeof accounts.$inferSelect;

export class AccountsRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async findById(id: string): Promise<AccountRow | undefined> {
    const [row] = await this.#orm.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    return row;
  }

  async findByEmail(email: string): Promise<AccountRow | undefined> {
    const [row] = await this.#orm
      .select()
      .from(accounts)
      .where(sql`lower(${accounts.email}) = lower(${email})`)
      .limit(1);
    return row;
  }

  async insert(row: typeof accounts.$inferInsert): Promise<AccountRow> {
    const [created] = await this.#orm.insert(accounts).values(row).returning();
    if (!created) throw new Error('account insert returned nothing');
    return created;
  }

  async usernameTaken(username: string): Promise<boolean> {
    const rows = await this.#orm
      .select({ id: accounts.id })
      .from(accounts)
      .where(sql`lower(${accounts.username}) = lower(${username})`)
      .limit(1);
    return rows.length > 0;
  }

  /** Counts a failed password sign-in; locks the account when the count reaches the threshold. */
  async recordFailedSignIn(id: string, threshold: number): Promise<{ failed: number; locked: boolean }> {
    const [row] = await this.#orm
      .update(accounts)
      .set({
        failedSignIns: sql`${accounts.failedSignIns} + 1`,
        lockedAt: sql`CASE WHEN ${accounts.failedSignIns} + 1 >= ${threshold} THEN coalesce(${accounts.lockedAt}, now()) ELSE ${accounts.lockedAt} END`,
      })
      .where(eq(accounts.id, id))
      .returning({ failed: accounts.failedSignIns, lockedAt: accounts.lockedAt });
    return { failed: row?.failed ?? 0, locked: row?.lockedAt != null };
  }

  async recordSuccessfulSignIn(id: string, newPasswordHash?: string): Promise<void> {
    await this.#orm
      .update(accounts)
      .set({ failedSignIns: 0, ...(newPasswordHash ? { passwordHash: newPasswordHash } : {}), updatedAt: new Date() })
      .where(eq(accounts.id, id));
  }
}
