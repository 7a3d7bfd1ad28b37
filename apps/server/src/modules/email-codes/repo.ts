// The statements of mailed one-time codes (the email_codes table).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { emailCodes } from '../../db/schema.ts';

export type EmailCodeRow = typeof emailCodes.$inferSelect;
type Purpose = EmailCodeRow['purpose'];

export class EmailCodesRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** Stores a new code; earlier unused codes of the same purpose and address stop working. */
  async replace(
    row: {
      id: string;
      purpose: Purpose;
      email: string;
      codeHash: string;
      expiresAt: Date;
    },
    orm: Orm = this.#orm,
  ): Promise<void> {
    await orm
      .update(emailCodes)
      .set({ consumedAt: sql`clock_timestamp()` })
      .where(
        and(
          eq(emailCodes.purpose, row.purpose),
          sql`lower(${emailCodes.email}) = lower(${row.email})`,
          isNull(emailCodes.consumedAt),
        ),
      );
    await orm.insert(emailCodes).values(row);
  }

  /** The newest code of a purpose and address (case-insensitive), used or not. */
  async latest(purpose: Purpose, email: string): Promise<EmailCodeRow | undefined> {
    const [row] = await this.#orm
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.purpose, purpose), sql`lower(${emailCodes.email}) = lower(${email})`))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    return row;
  }

  async countWrongAttempt(id: string): Promise<void> {
    await this.#orm
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, id));
  }

  /** Uses the code up; false when another request used it meanwhile. */
  async consume(id: string): Promise<boolean> {
    const used = await this.#orm
      .update(emailCodes)
      .set({ consumedAt: sql`clock_timestamp()` })
      .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
      .returning({ id: emailCodes.id });
    return used.length === 1;
  }
}
