import { desc, eq, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { accounts, deletedAccounts, emailCodes, passwordHistory, sessions } from '../../db/schema.ts';

/** How many earlier passwords may not be used again. */
export const PASSWORD_HISTORY_SIZE = 5;

export type AccountRow = typeof accounts.$inferSelect;

export class AccountsRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
    this.#byId = orm
      .select()
      .from(accounts)
      .where(eq(accounts.id, sql.placeholder('id')))
      .limit(1)
      .prepare('account_by_id');
    this.#byEmail = orm
      .select()
      .from(accounts)
      .where(sql`lower(${accounts.email}) = lower(${sql.placeholder('email')})`)
      .limit(1)
      .prepare('account_by_email');
  }

  // The two reads of every signed-in call and every sign-in, prepared once per connection.
  readonly #byId;
  readonly #byEmail;

  async findById(id: string): Promise<AccountRow | undefined> {
    const [row] = await this.#byId.execute({ id });
    return row;
  }

  async findByEmail(email: string): Promise<AccountRow | undefined> {
    const [row] = await this.#byEmail.execute({ email });
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

  /** The current password hash and the most recent earlier ones. */
  async recentPasswordHashes(id: string, current: string | null): Promise<string[]> {
    const rows = await this.#orm
      .select({ hash: passwordHistory.passwordHash })
      .from(passwordHistory)
      .where(eq(passwordHistory.accountId, id))
      .orderBy(desc(passwordHistory.createdAt))
      .limit(PASSWORD_HISTORY_SIZE);
    return [...(current ? [current] : []), ...rows.map((r) => r.hash)];
  }

  /** Sets a new password, keeps the old one in the history, and lifts a soft lock. */
  async setPassword(id: string, current: string | null, next: string): Promise<void> {
    await this.#orm.transaction(async (tx) => {
      if (current) await tx.insert(passwordHistory).values({ accountId: id, passwordHash: current });
      await tx
        .update(accounts)
        .set({ passwordHash: next, failedSignIns: 0, lockedAt: null, updatedAt: new Date() })
        .where(eq(accounts.id, id));
    });
  }

  /** Marks the address verified; a pending new address replaces the old one. */
  async confirmEmail(id: string, email: string): Promise<void> {
    await this.#orm
      .update(accounts)
      .set({ email, emailPending: null, emailVerified: true, registrationFlagged: false, updatedAt: new Date() })
      .where(eq(accounts.id, id));
  }

  async cancelPendingEmail(id: string): Promise<void> {
    await this.#orm.update(accounts).set({ emailPending: null, updatedAt: new Date() }).where(eq(accounts.id, id));
  }

  async setUsername(id: string, username: string): Promise<AccountRow | undefined> {
    const [row] = await this.#orm
      .update(accounts)
      .set({ username, usernameUpdatedAt: new Date(), updatedAt: new Date() })
      .where(eq(accounts.id, id))
      .returning();
    return row;
  }

  async update(id: string, fields: Partial<typeof accounts.$inferInsert>): Promise<AccountRow | undefined> {
    const [row] = await this.#orm
      .update(accounts)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(accounts.id, id))
      .returning();
    return row;
  }

  /**
   * Deletes an account and everything about its player: the row goes, and with it (by cascade) its
   * password history, backup codes, refresh tokens, link tokens and consents; its sessions and
   * codes mailed to its addresses go too. Only the id and the moment stay, in deleted_accounts.
   */
  async delete(account: Pick<AccountRow, 'id' | 'email' | 'emailPending'>): Promise<void> {
    const addresses = [account.email, account.emailPending].filter((a): a is string => a !== null);
    await this.#orm.transaction(async (tx) => {
      await tx.insert(deletedAccounts).values({ accountId: account.id }).onConflictDoNothing();
      await tx.delete(sessions).where(eq(sessions.accountId, account.id));
      for (const address of addresses)
        await tx.delete(emailCodes).where(sql`lower(${emailCodes.email}) = lower(${address})`);
      await tx.delete(accounts).where(eq(accounts.id, account.id));
    });
  }

  async clearLock(id: string): Promise<void> {
    await this.#orm
      .update(accounts)
      .set({ failedSignIns: 0, lockedAt: null, updatedAt: new Date() })
      .where(eq(accounts.id, id));
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
