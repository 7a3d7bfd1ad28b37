// Every statement of the operators module (migration 0036): operator accounts, their sessions, and
// the audit of what they did.
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { operatorAudit, operatorSessions, operators } from '../../db/schema.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type OperatorAuditRow = typeof operatorAudit.$inferSelect;
export type NewAuditEntry = Omit<typeof operatorAudit.$inferInsert, 'id' | 'at'>;

export class OperatorsRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async insert(row: typeof operators.$inferInsert): Promise<OperatorRow | 'taken'> {
    const [inserted] = await this.#orm.insert(operators).values(row).onConflictDoNothing().returning();
    return inserted ?? 'taken';
  }

  async count(): Promise<number> {
    const [row] = await this.#orm.select({ n: sql<number>`count(*)::int` }).from(operators);
    return row?.n ?? 0;
  }

  async findById(id: string): Promise<OperatorRow | undefined> {
    const [row] = await this.#orm.select().from(operators).where(eq(operators.id, id));
    return row;
  }

  async findByEmail(email: string): Promise<OperatorRow | undefined> {
    const [row] = await this.#orm
      .select()
      .from(operators)
      .where(sql`lower(${operators.email}) = lower(${email})`);
    return row;
  }

  async findBySetupHash(hash: string, now: Date): Promise<OperatorRow | undefined> {
    const [row] = await this.#orm
      .select()
      .from(operators)
      .where(and(eq(operators.setupTokenHash, hash), gt(operators.setupExpiresAt, now), isNull(operators.disabledAt)));
    return row;
  }

  async list(): Promise<OperatorRow[]> {
    return this.#orm.select().from(operators).orderBy(operators.createdAt, operators.id);
  }

  async update(id: string, set: Partial<typeof operators.$inferInsert>): Promise<OperatorRow | undefined> {
    const [row] = await this.#orm.update(operators).set(set).where(eq(operators.id, id)).returning();
    return row;
  }

  /**
   * Uses a setup link: sets the password and the authenticator secret, once (the link's hash is
   * cleared in the same statement, so two tabs using it at once set it once).
   */
  async completeSetup(
    hash: string,
    now: Date,
    set: { passwordHash: string; totpSecret: string; totpLastStep: number },
  ): Promise<OperatorRow | undefined> {
    const [row] = await this.#orm
      .update(operators)
      .set({ ...set, totpPendingSecret: null, setupTokenHash: null, setupExpiresAt: null, failedSignIns: 0 })
      .where(and(eq(operators.setupTokenHash, hash), gt(operators.setupExpiresAt, now), isNull(operators.disabledAt)))
      .returning();
    return row;
  }

  /** Accepts a TOTP step for the operator only when it is newer than the last one (no code twice). */
  async useStep(id: string, step: number): Promise<boolean> {
    const rows = await this.#orm
      .update(operators)
      .set({ totpLastStep: step })
      .where(and(eq(operators.id, id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
      .returning({ id: operators.id });
    return rows.length === 1;
  }

  async countFailure(id: string): Promise<void> {
    await this.#orm
      .update(operators)
      .set({ failedSignIns: sql`${operators.failedSignIns} + 1` })
      .where(eq(operators.id, id));
  }

  async insertSession(row: typeof operatorSessions.$inferInsert): Promise<void> {
    await this.#orm.insert(operatorSessions).values(row);
  }

  /**
   * The live session of a token hash with its operator, its last use moved to `now` (a session last
   * used before `idleSince`, or past its end, or of a disabled operator, is none).
   */
  async touchSession(
    hash: string,
    now: Date,
    idleSince: Date,
  ): Promise<{ operator: OperatorRow; expiresAt: Date } | undefined> {
    const [session] = await this.#orm
      .update(operatorSessions)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(operatorSessions.tokenHash, hash),
          gt(operatorSessions.expiresAt, now),
          gt(operatorSessions.lastUsedAt, idleSince),
        ),
      )
      .returning();
    if (!session) return undefined;
    const operator = await this.findById(session.operatorId);
    if (!operator || operator.disabledAt !== null) return undefined;
    return { operator, expiresAt: session.expiresAt };
  }

  async deleteSession(hash: string): Promise<void> {
    await this.#orm.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hash));
  }

  async deleteSessionsOf(operatorId: string): Promise<void> {
    await this.#orm.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
  }

  async insertAudit(entry: NewAuditEntry): Promise<void> {
    await this.#orm.insert(operatorAudit).values(entry);
  }

  /** A page of the audit, newest first; `target` keeps the entries of one player or operator. */
  async auditPage(offset: number, limit: number, target?: string): Promise<OperatorAuditRow[]> {
    return this.#orm
      .select()
      .from(operatorAudit)
      .where(target ? eq(operatorAudit.targetId, target) : undefined)
      .orderBy(desc(operatorAudit.at), desc(operatorAudit.id))
      .limit(limit)
      .offset(offset);
  }
}
