// Every statement of the platform-links module: the platforms an operator configured, the links of
// each account (an identity is (platform, subject), unique), and the disconnects. The account row's
// `platform_links` follows the links by a trigger (migration 0017).
import { and, count, eq, lt, ne, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import {
  openidNonces,
  platformConfigs,
  platformLinks,
  platformSignInDevices,
  platformUnlinks,
} from '../../db/schema.ts';

export type PlatformConfigRow = typeof platformConfigs.$inferSelect;
export type NewPlatformConfig = typeof platformConfigs.$inferInsert;
export type PlatformLinkRow = typeof platformLinks.$inferSelect;

/** A unique constraint refused the write: the identity is linked to another account meanwhile. */
export class IdentityTaken extends Error {}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && e.code === '23505') return true;
  }
  return false;
}

export class PlatformLinksRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  configs(): Promise<PlatformConfigRow[]> {
    return this.#orm.select().from(platformConfigs);
  }

  async putConfig(row: NewPlatformConfig): Promise<void> {
    const { platform: _platform, ...changes } = row;
    await this.#orm
      .insert(platformConfigs)
      .values(row)
      .onConflictDoUpdate({ target: platformConfigs.platform, set: { ...changes, updatedAt: new Date() } });
  }

  async find(accountId: string, platform: string): Promise<PlatformLinkRow | undefined> {
    const [row] = await this.#orm
      .select()
      .from(platformLinks)
      .where(and(eq(platformLinks.accountId, accountId), eq(platformLinks.platform, platform)))
      .limit(1);
    return row;
  }

  /** The account holding an identity, if any. */
  async holder(platform: string, subject: string): Promise<string | null> {
    const [row] = await this.#orm
      .select({ accountId: platformLinks.accountId })
      .from(platformLinks)
      .where(and(eq(platformLinks.platform, platform), eq(platformLinks.subject, subject)))
      .limit(1);
    return row?.accountId ?? null;
  }

  async otherLinks(accountId: string, platform: string): Promise<number> {
    const [row] = await this.#orm
      .select({ n: count() })
      .from(platformLinks)
      .where(and(eq(platformLinks.accountId, accountId), ne(platformLinks.platform, platform)));
    return Number(row?.n ?? 0);
  }

  async disconnectedBefore(accountId: string, platform: string): Promise<boolean> {
    const [row] = await this.#orm
      .select({ n: count() })
      .from(platformUnlinks)
      .where(and(eq(platformUnlinks.accountId, accountId), eq(platformUnlinks.platform, platform)));
    return Number(row?.n ?? 0) > 0;
  }

  /** A new link; IdentityTaken when the identity or the account's platform is taken meanwhile. */
  async create(link: {
    accountId: string;
    platform: string;
    subject: string;
    username: string | null;
    lockedUntil: Date | null;
    tokensSealed: string | null;
  }): Promise<void> {
    try {
      await this.#orm.insert(platformLinks).values(link);
    } catch (error) {
      if (isUniqueViolation(error)) throw new IdentityTaken('identity taken', { cause: error });
      throw error;
    }
  }

  /** The same identity again: its current name and token, and no refresh asked any more. */
  async renew(
    accountId: string,
    platform: string,
    username: string | null,
    tokensSealed: string | null,
  ): Promise<void> {
    await this.#orm
      .update(platformLinks)
      .set({
        // A platform that says no name this time (Steam's Web API down) leaves the one it said before.
        username: username ?? sql`${platformLinks.username}`,
        tokensSealed,
        refreshRequired: false,
        updatedAt: new Date(),
      })
      .where(and(eq(platformLinks.accountId, accountId), eq(platformLinks.platform, platform)));
  }

  /** The platform no longer takes the link's token: the player must connect it again. */
  async requireRefresh(accountId: string, platform: string): Promise<void> {
    await this.#orm
      .update(platformLinks)
      .set({ refreshRequired: true, tokensSealed: null, updatedAt: new Date() })
      .where(
        and(
          eq(platformLinks.accountId, accountId),
          eq(platformLinks.platform, platform),
          eq(platformLinks.refreshRequired, false),
        ),
      );
  }

  async setPending(accountId: string, platform: string, pending: { subject: string; username: string | null } | null) {
    await this.#orm
      .update(platformLinks)
      .set({
        pendingSubject: pending?.subject ?? null,
        pendingUsername: pending?.username ?? null,
        updatedAt: new Date(),
      })
      .where(and(eq(platformLinks.accountId, accountId), eq(platformLinks.platform, platform)));
  }

  /**
   * The pending identity replaces the linked one, in one transaction with the disconnect's record.
   * IdentityTaken when another account linked the pending identity meanwhile.
   */
  async replaceWithPending(accountId: string, platform: string, lockedUntil: Date | null): Promise<boolean> {
    try {
      return await this.#orm.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(platformLinks)
          .where(and(eq(platformLinks.accountId, accountId), eq(platformLinks.platform, platform)))
          .for('update');
        if (!row?.pendingSubject) return false;
        await tx.insert(platformUnlinks).values({ accountId, platform, subject: row.subject });
        await tx
          .update(platformLinks)
          .set({
            subject: row.pendingSubject,
            username: row.pendingUsername,
            pendingSubject: null,
            pendingUsername: null,
            refreshRequired: false,
            // The old identity's token is no one's now; the new one's comes with a reconnect.
            tokensSealed: null,
            lockedUntil,
            linkedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(and(eq(platformLinks.accountId, accountId), eq(platformLinks.platform, platform)));
        return true;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new IdentityTaken('identity taken', { cause: error });
      throw error;
    }
  }

  /**
   * Records an OpenID response nonce; false when it was used before. Nonces issued before `forgetBefore`
   * (past their validity) are deleted on the way.
   */
  async useNonce(nonce: string, issuedAt: Date, forgetBefore: Date): Promise<boolean> {
    await this.#orm.delete(openidNonces).where(lt(openidNonces.issuedAt, forgetBefore));
    const rows = await this.#orm
      .insert(openidNonces)
      .values({ nonce, issuedAt })
      .onConflictDoNothing()
      .returning({ nonce: openidNonces.nonce });
    return rows.length > 0;
  }

  /** Records a device an account signed in from; answers whether it was new. */
  async rememberDevice(accountId: string, deviceHash: string): Promise<boolean> {
    const rows = await this.#orm
      .insert(platformSignInDevices)
      .values({ accountId, deviceHash })
      .onConflictDoNothing()
      .returning({ deviceHash: platformSignInDevices.deviceHash });
    return rows.length > 0;
  }

  /** Removes the link and records the disconnect, in one transaction. */
  async remove(accountId: string, platform: string): Promise<boolean> {
    return this.#orm.transaction(async (tx) => {
      const [row] = await tx
        .delete(platformLinks)
        .where(and(eq(platformLinks.accountId, accountId), eq(platformLinks.platform, platform)))
        .returning({ subject: platformLinks.subject });
      if (!row) return false;
      await tx.insert(platformUnlinks).values({ accountId, platform, subject: row.subject });
      return true;
    });
  }
}
