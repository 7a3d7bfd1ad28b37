// Passkeys and their challenges in the database (migration 0034). A challenge is spent by the
// statement that finds it (DELETE ... RETURNING), so two answers to one challenge cannot both pass;
// a passkey's signature counter only moves forward in the statement that records its use.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { passkeys, webauthnChallenges } from '../../db/schema.ts';

export type StoredPasskey = typeof passkeys.$inferSelect;
export type NewPasskey = Omit<typeof passkeys.$inferInsert, 'id' | 'createdAt' | 'lastUsedAt'>;
export type ChallengePurpose = 'register' | 'sign_in' | 'verify';

export interface SpentChallenge {
  accountId: string | null;
  expiresAt: Date;
}

export class PasskeysRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async saveChallenge(challengeHash: string, purpose: ChallengePurpose, accountId: string | null, expiresAt: Date) {
    await this.#orm.insert(webauthnChallenges).values({ challengeHash, purpose, accountId, expiresAt });
  }

  /** Deletes the challenge and answers what it was made for; undefined when unknown or spent. */
  async spendChallenge(challengeHash: string, purpose: ChallengePurpose): Promise<SpentChallenge | undefined> {
    const [row] = await this.#orm
      .delete(webauthnChallenges)
      .where(and(eq(webauthnChallenges.challengeHash, challengeHash), eq(webauthnChallenges.purpose, purpose)))
      .returning({ accountId: webauthnChallenges.accountId, expiresAt: webauthnChallenges.expiresAt });
    return row;
  }

  list(accountId: string): Promise<StoredPasskey[]> {
    return this.#orm
      .select()
      .from(passkeys)
      .where(eq(passkeys.accountId, accountId))
      .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  }

  async count(accountId: string): Promise<number> {
    const [row] = await this.#orm
      .select({ n: sql<number>`count(*)::int` })
      .from(passkeys)
      .where(eq(passkeys.accountId, accountId));
    return row?.n ?? 0;
  }

  async byCredentialId(credentialId: string): Promise<StoredPasskey | undefined> {
    const [row] = await this.#orm.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
    return row;
  }

  /** Adds a passkey when the account holds fewer than `max`; undefined when the credential is known. */
  async add(passkey: NewPasskey, max: number): Promise<StoredPasskey | 'limit' | undefined> {
    return this.#orm.transaction(async (tx) => {
      // One account's additions one after the other, so that two cannot both pass the limit.
      await tx.execute(sql`SELECT 1 FROM accounts WHERE id = ${passkey.accountId}::uuid FOR UPDATE`);
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(passkeys)
        .where(eq(passkeys.accountId, passkey.accountId));
      if ((count?.n ?? 0) >= max) return 'limit' as const;
      const [row] = await tx.insert(passkeys).values(passkey).onConflictDoNothing().returning();
      return row;
    });
  }

  /** Records a use: the counter moves forward only (a lower one fails: a cloned authenticator). */
  async used(id: string, counter: number, backedUp: boolean): Promise<boolean> {
    const rows = await this.#orm
      .update(passkeys)
      .set({ counter, backedUp, lastUsedAt: new Date() })
      .where(and(eq(passkeys.id, id), sql`(${passkeys.counter} = 0 OR ${passkeys.counter} < ${counter})`))
      .returning({ id: passkeys.id });
    return rows.length === 1;
  }

  async rename(accountId: string, id: string, name: string): Promise<StoredPasskey | undefined> {
    const [row] = await this.#orm
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), eq(passkeys.accountId, accountId)))
      .returning();
    return row;
  }

  async remove(accountId: string, id: string): Promise<StoredPasskey | undefined> {
    const [row] = await this.#orm
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.accountId, accountId)))
      .returning();
    return row;
  }
}
