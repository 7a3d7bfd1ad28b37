// Every statement of the accounts module: the accounts and their password history, deleting an
// account, the avatar catalogue, and the legal documents with the consents to them.
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/database.ts';
import type { Orm } from '../../db/database.ts';
import { accounts, avatars, deletedAccounts, emailCodes, passwordHistory, sessions } from '../../db/schema.ts';

/** How many earlier passwords may not be used again. */
export const PASSWORD_HISTORY_SIZE = 5;

export type AccountRow = typeof accounts.$inferSelect;
export type AccountFields = Partial<typeof accounts.$inferInsert>;
export type LegalDocument = 'tos' | 'privacy_policy';

/** A published version of a legal document; `publishedAt` in epoch milliseconds. */
export interface PublishedDocument {
  type: LegalDocument;
  version: number;
  publishedAt: number;
}

const VERSION_COLUMN = { tos: 'tos_version', privacy_policy: 'privacy_policy_version' } as const;

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

  /** The accounts of these ids that exist, in one read (a page of search results). */
  async findByIds(ids: readonly string[]): Promise<AccountRow[]> {
    if (ids.length === 0) return [];
    return this.#orm
      .select()
      .from(accounts)
      .where(inArray(accounts.id, [...ids]));
  }

  async insert(row: typeof accounts.$inferInsert): Promise<AccountRow> {
    const [created] = await this.#orm.insert(accounts).values(row).returning();
    if (!created) throw new Error('account insert returned nothing');
    return created;
  }

  /** Deletes a stub account (only a stub: a completed account is never deleted here). */
  async deleteStub(id: string): Promise<void> {
    await this.#orm.transaction(async (tx) => {
      const gone = await tx
        .delete(accounts)
        .where(sql`${accounts.id} = ${id} AND ${accounts.stub}`)
        .returning({ id: accounts.id });
      if (gone.length > 0) await tx.delete(sessions).where(eq(sessions.accountId, id));
    });
  }

  /**
   * Deletes up to `limit` stubs nobody touched since `before`: not changed, no sign-in started (a
   * refresh starts a session too), no game progress recorded. Their sessions go with them. Answers
   * how many went.
   */
  async deleteIdleStubs(before: Date, limit: number): Promise<number> {
    const cutoff = sql`${before.toISOString()}::timestamptz`;
    const rows = rowsOf<{ id: string }>(
      await this.#orm.execute(sql`
        WITH idle AS (
          SELECT a.id FROM accounts a
          WHERE a.stub AND a.updated_at < ${cutoff}
            AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = a.id AND s.created_at >= ${cutoff})
            AND NOT EXISTS (SELECT 1 FROM game_progress g WHERE g.account_id = a.id AND g.updated_at >= ${cutoff})
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        ), gone AS (
          DELETE FROM accounts WHERE id IN (SELECT id FROM idle) RETURNING id
        ), ended AS (
          DELETE FROM sessions WHERE account_id IN (SELECT id FROM gone)
        )
        SELECT id FROM gone`),
    );
    return rows.length;
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

  /**
   * Sets a new password, keeps the old one in the history, and lifts a soft lock. A password set by
   * a mailed reset link is marked so (passwordResetAt); one the player changes signed in is not.
   */
  async setPassword(id: string, current: string | null, next: string, byResetLink = false): Promise<void> {
    await this.#orm.transaction(async (tx) => {
      if (current) await tx.insert(passwordHistory).values({ accountId: id, passwordHash: current });
      await tx
        .update(accounts)
        .set({
          passwordHash: next,
          passwordResetAt: byResetLink ? sql`now()` : null,
          failedSignIns: 0,
          lockedAt: null,
          updatedAt: new Date(),
        })
        .where(eq(accounts.id, id));
    });
  }

  /** The address the account has now is proven (a reset link mailed to it was used): verified, not flagged. */
  async markEmailVerified(id: string): Promise<void> {
    await this.#orm
      .update(accounts)
      .set({ emailVerified: true, registrationFlagged: false, updatedAt: new Date() })
      .where(eq(accounts.id, id));
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
      .set({
        username,
        usernameUpdatedAt: new Date(),
        usernameChanges: sql`${accounts.usernameChanges} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(accounts.id, id))
      .returning();
    return row;
  }

  async update(id: string, fields: AccountFields): Promise<AccountRow | undefined> {
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
  async delete(account: Pick<AccountRow, 'id' | 'email' | 'emailPending'>, within?: Orm): Promise<void> {
    const addresses = [account.email, account.emailPending].filter((a): a is string => a !== null);
    // `within`: the caller's transaction (the mail that tells of the deletion is queued in it).
    await (within ?? this.#orm).transaction(async (tx) => {
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

  /** The avatar slugs a player may pick, in display order. */
  async avatarSlugs(): Promise<string[]> {
    const rows = await this.#orm
      .select({ slug: avatars.slug })
      .from(avatars)
      .orderBy(asc(avatars.position), asc(avatars.slug));
    return rows.map((r) => r.slug);
  }

  async avatarExists(slug: string): Promise<boolean> {
    const rows = await this.#orm.select({ slug: avatars.slug }).from(avatars).where(eq(avatars.slug, slug)).limit(1);
    return rows.length === 1;
  }

  /** Adds avatars (slugs in display order); existing ones keep their place. */
  async addAvatars(slugs: readonly string[]): Promise<void> {
    await this.#orm
      .insert(avatars)
      .values(slugs.map((slug, position) => ({ slug, position })))
      .onConflictDoNothing({ target: avatars.slug });
  }

  /** Every published version of the legal documents. */
  async publishedDocuments(): Promise<PublishedDocument[]> {
    const result = await this.#orm.execute(
      sql`SELECT type, version, (extract(epoch FROM published_at) * 1000)::bigint::text AS at FROM legal_documents`,
    );
    return rowsOf<{ type: LegalDocument; version: number; at: string }>(result).map((r) => ({
      type: r.type,
      version: Number(r.version),
      publishedAt: Number(r.at),
    }));
  }

  /**
   * Records consent to the current version of a document (idempotent) in the consents table and on
   * the account; answers the version, or undefined when the document was never published.
   */
  async recordConsent(accountId: string, type: LegalDocument): Promise<number | undefined> {
    const column = sql.raw(VERSION_COLUMN[type]);
    const [recorded] = rowsOf<{ version: number }>(
      await this.#orm.execute(sql`
        WITH doc AS (
          SELECT max(version) AS v FROM legal_documents WHERE type = ${type} AND published_at <= now()
        ), recorded AS (
          INSERT INTO consents (account_id, type, version)
          SELECT ${accountId}, ${type}, v FROM doc WHERE v IS NOT NULL
          ON CONFLICT DO NOTHING
        )
        UPDATE accounts SET ${column} = greatest(coalesce(${column}, 0), doc.v)
        FROM doc WHERE id = ${accountId} AND doc.v IS NOT NULL
        RETURNING ${column} AS version`),
    );
    return recorded ? Number(recorded.version) : undefined;
  }

  /** Publishes the next version of a document, effective now; answers its version. */
  async publishDocument(type: LegalDocument): Promise<number> {
    const [row] = rowsOf<{ version: number }>(
      await this.#orm.execute(sql`
        INSERT INTO legal_documents (type, version)
        SELECT ${type}, coalesce(max(version), 0) + 1 FROM legal_documents WHERE type = ${type}
        RETURNING version`),
    );
    return Number(row?.version);
  }
}
