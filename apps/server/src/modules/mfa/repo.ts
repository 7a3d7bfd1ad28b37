// Two-factor state in the database. The checks that must not race are single statements: a TOTP
// step is accepted only if it is later than the last accepted one, and a backup code is spent only
// if it is still unused, so two requests with the same code cannot both succeed. The two-factor
// columns of the accounts table (mfa_*) and the backup codes are this module's; it answers the
// updated account as the accounts module's type.
import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { accounts, mfaBackupCodes } from '../../db/schema.ts';
import type { Account } from '../accounts/service.ts';

export interface StoredBackupCode {
  codeHash: string;
  sealedCode: string;
}

export class MfaRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** Keeps a new secret waiting for its first code (replacing one that never got it). */
  async setPendingSecret(accountId: string, sealed: string): Promise<void> {
    await this.#orm
      .update(accounts)
      .set({ mfaPendingSecret: sealed, updatedAt: new Date() })
      .where(eq(accounts.id, accountId));
  }

  /**
   * Turns two-factor on with the pending secret, accepting `step`, and stores the backup codes.
   * Answers the updated account, or undefined when the pending secret changed meanwhile or two-factor
   * was turned on by another request.
   */
  async activate(
    accountId: string,
    pendingSecret: string,
    step: number,
    codes: StoredBackupCode[],
  ): Promise<Account | undefined> {
    return this.#orm.transaction(async (tx) => {
      const [row] = await tx
        .update(accounts)
        .set({
          mfaSecret: pendingSecret,
          mfaPendingSecret: null,
          mfaLastStep: step,
          mfaGeneratedAt: sql`now()`,
          mfaBackupCodesLeft: codes.length,
          updatedAt: new Date(),
        })
        .where(
          and(eq(accounts.id, accountId), eq(accounts.mfaPendingSecret, pendingSecret), isNull(accounts.mfaSecret)),
        )
        .returning();
      if (!row) return undefined;
      await tx.delete(mfaBackupCodes).where(eq(mfaBackupCodes.accountId, accountId));
      await tx.insert(mfaBackupCodes).values(codes.map((c) => ({ accountId, ...c })));
      return row;
    });
  }

  /** Accepts a TOTP step once: false when this or a later step was already accepted. */
  async acceptStep(accountId: string, step: number): Promise<boolean> {
    const rows = await this.#orm
      .update(accounts)
      .set({ mfaLastStep: step })
      .where(
        and(
          eq(accounts.id, accountId),
          isNotNull(accounts.mfaSecret),
          or(isNull(accounts.mfaLastStep), lt(accounts.mfaLastStep, step)),
        ),
      )
      .returning({ id: accounts.id });
    return rows.length === 1;
  }

  /** Spends an unused backup code: false when there is no such unused code. */
  async spendBackupCode(accountId: string, codeHash: string): Promise<boolean> {
    return this.#orm.transaction(async (tx) => {
      const spent = await tx
        .update(mfaBackupCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(mfaBackupCodes.accountId, accountId),
            eq(mfaBackupCodes.codeHash, codeHash),
            isNull(mfaBackupCodes.usedAt),
          ),
        )
        .returning({ id: mfaBackupCodes.id });
      if (spent.length !== 1) return false;
      await tx
        .update(accounts)
        .set({ mfaBackupCodesLeft: sql`greatest(${accounts.mfaBackupCodesLeft} - 1, 0)` })
        .where(eq(accounts.id, accountId));
      return true;
    });
  }

  async backupCodes(accountId: string): Promise<{ sealedCode: string; usedAt: Date | null; createdAt: Date }[]> {
    return this.#orm
      .select({
        sealedCode: mfaBackupCodes.sealedCode,
        usedAt: mfaBackupCodes.usedAt,
        createdAt: mfaBackupCodes.createdAt,
      })
      .from(mfaBackupCodes)
      .where(eq(mfaBackupCodes.accountId, accountId))
      .orderBy(asc(mfaBackupCodes.id));
  }

  /** Replaces every backup code; answers the updated account. */
  async replaceBackupCodes(accountId: string, codes: StoredBackupCode[]): Promise<Account | undefined> {
    return this.#orm.transaction(async (tx) => {
      await tx.delete(mfaBackupCodes).where(eq(mfaBackupCodes.accountId, accountId));
      await tx.insert(mfaBackupCodes).values(codes.map((c) => ({ accountId, ...c })));
      const [row] = await tx
        .update(accounts)
        .set({ mfaGeneratedAt: sql`now()`, mfaBackupCodesLeft: codes.length, updatedAt: new Date() })
        .where(eq(accounts.id, accountId))
        .returning();
      return row;
    });
  }

  /** Turns two-factor off: the secret, the pending secret and the backup codes are gone. */
  async remove(accountId: string): Promise<Account | undefined> {
    return this.#orm.transaction(async (tx) => {
      await tx.delete(mfaBackupCodes).where(eq(mfaBackupCodes.accountId, accountId));
      const [row] = await tx
        .update(accounts)
        .set({
          mfaSecret: null,
          mfaPendingSecret: null,
          mfaLastStep: null,
          mfaGeneratedAt: null,
          mfaBackupCodesLeft: 0,
          updatedAt: new Date(),
        })
        .where(eq(accounts.id, accountId))
        .returning();
      return row;
    });
  }
}
