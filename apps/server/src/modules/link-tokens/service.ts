// Tokens in mailed links: 256 bits from the CSPRNG, stored as SHA-256, single use, expiring.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { linkTokens } from '../../db/schema.ts';
import { hashToken, newToken } from '../sessions/tokens.ts';

export type LinkPurpose = 'recovery' | 'unlock' | 'verify_email' | 'email_preferences';

export const LINK_TTL_MINUTES: Record<LinkPurpose, number> = {
  recovery: 30,
  unlock: 24 * 60,
  verify_email: 24 * 60,
  email_preferences: 90 * 24 * 60,
};

export type LinkLookup = { status: 'valid'; accountId: string; id: string } | { status: 'expired' | 'unknown' };

export class LinkTokens {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** A new link token; earlier unused ones of the same purpose for the account stop working. */
  async issue(purpose: LinkPurpose, accountId: string): Promise<string> {
    await this.#orm
      .update(linkTokens)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(linkTokens.accountId, accountId), eq(linkTokens.purpose, purpose), isNull(linkTokens.consumedAt)));
    const token = newToken('lt');
    await this.#orm.insert(linkTokens).values({
      purpose,
      accountId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + LINK_TTL_MINUTES[purpose] * 60_000),
    });
    return token;
  }

  async lookup(purpose: LinkPurpose, token: string): Promise<LinkLookup> {
    const [row] = await this.#orm
      .select()
      .from(linkTokens)
      .where(and(eq(linkTokens.tokenHash, hashToken(token)), eq(linkTokens.purpose, purpose)))
      .limit(1);
    if (!row || row.consumedAt !== null) return { status: 'unknown' };
    if (row.expiresAt.getTime() <= Date.now()) return { status: 'expired' };
    return { status: 'valid', accountId: row.accountId, id: row.id };
  }

  /** Uses the token up; false when it was used meanwhile. */
  async consume(id: string): Promise<boolean> {
    const rows = await this.#orm
      .update(linkTokens)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(linkTokens.id, id), isNull(linkTokens.consumedAt)))
      .returning({ id: linkTokens.id });
    return rows.length === 1;
  }
}
