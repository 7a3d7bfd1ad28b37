// Two-factor state in the database. The checks that must not race are single statements: a TOTP
// step is accepted only if it is later than the last accepted one, and a backup code is spent by its
// id only if it is still unused, so two requests with the same code cannot both succeed. The
// two-factor columns of the accounts table (mfa_*) and the backup codes are this module's; it answers
// the updated account as the accounts module's type.
//
// A backup code row keeps code_hash, the argon2id hash (salted) of the code's HMAC under the server's
// key, which is what checks a typed code, and sealed_code, the code sealed under the same key, kept so
// the player can view the codes again (spec's "view backup codes"); the authenticator secret is
// sealed under that key too, so the sealed copy exposes nothing the key does not already open
// (backup-codes.ts). Rows from before argon2id hold the bare HMAC and are rehashed from their sealed
// copy (`legacyBackupCodes`, `upgradeBackupCodeHash`).
import { and, asc, eq, isNotNull, isNull, lt, notLike, or, sql } from 'drizzle-orm';
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

  /** The account's unused backup codes: id and stored hash, oldest first. */
  async unusedBackupCodes(accountId: string): Promise<{ id: number; codeHash: string }[]> {
    return this.#orm
      .select({ id: mfaBackupCodes.id, codeHash: mfaBackupCodes.codeHash })
      .from(mfaBackupCodes)
      .where(and(eq(mfaBackupCodes.accountId, accountId), isNull(mfaBackupCodes.usedAt)))
      .orderBy(asc(mfaBackupCodes.id));
  }

  /** The account's backup codes not stored as argon2id (used or not), with their sealed copy. */
  async legacyBackupCodes(accountId: string): Promise<{ id: number; codeHash: string; sealedCode: string }[]> {
    return this.#orm
      .select({ id: mfaBackupCodes.id, codeHash: mfaBackupCodes.codeHash, sealedCode: mfaBackupCodes.sealedCode })
      .from(mfaBackupCodes)
      .where(and(eq(mfaBackupCodes.accountId, accountId), notLike(mfaBackupCodes.codeHash, '$argon2id$%')))
      .orderBy(asc(mfaBackupCodes.id));
  }

  /**
   * Replaces a legacy hash by its argon2id hash, only if the row still holds `legacyHash` (another
   * request may have upgraded it meanwhile; its hash checks the same code).
   */
  async upgradeBackupCodeHash(id: number, legacyHash: string, codeHash: string): Promise<boolean> {
    const rows = await this.#orm
      .update(mfaBackupCodes)
      .set({ codeHash })
      .where(and(eq(mfaBackupCodes.id, id), eq(mfaBackupCodes.codeHash, legacyHash)))
      .returning({ id: mfaBackupCodes.id });
    return rows.length === 1;
  }

  /**
   * Spends the backup code `id` of the account if it is still unused, in one statement, and counts it
   * off accounts.mfa_backup_codes_left: false when it was spent already (by a request at the same time).
   */
  async spendBackupCode(accountId: string, id: number): Promise<boolean> {
    return this.#orm.transaction(async (tx) => {
      const spent = await tx
        .update(mfaBackupCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(mfaBackupCodes.id, id), eq(mfaBackupCodes.accountId, accountId), isNull(mfaBackupCodes.usedAt)))
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
