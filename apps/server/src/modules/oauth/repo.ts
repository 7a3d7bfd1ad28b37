// Every statement of the oauth module: game authorization codes (stored hashed) and the keys that
// sign ID tokens (private keys sealed by the caller).
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { authorizationCodes, games, oauthClients, oauthGrants, signingKeys } from '../../db/schema.ts';

export type AuthorizationCodeRow = typeof authorizationCodes.$inferSelect;
export type NewAuthorizationCode = typeof authorizationCodes.$inferInsert;
export type SigningKeyRow = typeof signingKeys.$inferSelect;
export type NewSigningKey = typeof signingKeys.$inferInsert;

/** A game's grant of an account, named for its player. */
export interface GrantRow {
  clientId: string;
  clientName: string;
  gameSlug: string;
  gameName: string;
  scope: string | null;
  flow: 'game' | 'device';
  grantedAt: Date;
  lastGrantedAt: Date;
}

/**
 * The scope of a grant given again: what was granted before and what is granted now (a revoked grant
 * starts again from what is granted now).
 */
const MERGED_SCOPE = sql`CASE
    WHEN ${oauthGrants.revokedAt} IS NOT NULL OR ${oauthGrants.scope} IS NULL THEN excluded.scope
    WHEN excluded.scope IS NULL THEN ${oauthGrants.scope}
    ELSE (SELECT string_agg(DISTINCT part, ' ' ORDER BY part)
            FROM unnest(string_to_array(${oauthGrants.scope} || ' ' || excluded.scope, ' ')) AS part)
  END`;

export class OAuthRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async insertCode(values: NewAuthorizationCode): Promise<void> {
    await this.#orm.insert(authorizationCodes).values(values);
  }

  /** Marks a code used, in one statement; undefined when it is unknown or was used before. */
  /** Uses a code once, naming the sign-in (family) its use starts. */
  async spendCode(codeHash: string, familyId: string): Promise<AuthorizationCodeRow | undefined> {
    const [spent] = await this.#orm
      .update(authorizationCodes)
      .set({ usedAt: sql`now()`, familyId })
      .where(and(eq(authorizationCodes.codeHash, codeHash), isNull(authorizationCodes.usedAt)))
      .returning();
    return spent;
  }

  /** Marks a code used again; answers the sign-in its first use started (undefined: no such code). */
  async markReused(codeHash: string): Promise<{ familyId: string | null } | undefined> {
    const [row] = await this.#orm
      .update(authorizationCodes)
      .set({ reusedAt: sql`now()` })
      .where(eq(authorizationCodes.codeHash, codeHash))
      .returning({ familyId: authorizationCodes.familyId });
    return row;
  }

  async wasReused(codeId: string): Promise<boolean> {
    const [row] = await this.#orm
      .select({ reusedAt: authorizationCodes.reusedAt })
      .from(authorizationCodes)
      .where(eq(authorizationCodes.id, codeId));
    return Boolean(row?.reusedAt);
  }

  /** Records that the account granted the client `scope` (a code or a device code redeemed). */
  async recordGrant(accountId: string, clientId: string, scope: string | null, flow: 'game' | 'device'): Promise<void> {
    await this.#orm
      .insert(oauthGrants)
      .values({ accountId, clientId, scope, flow })
      .onConflictDoUpdate({
        target: [oauthGrants.accountId, oauthGrants.clientId],
        set: {
          scope: MERGED_SCOPE,
          flow,
          grantedAt: sql`CASE WHEN ${oauthGrants.revokedAt} IS NULL THEN ${oauthGrants.grantedAt} ELSE now() END`,
          lastGrantedAt: sql`now()`,
          revokedAt: null,
        },
      });
  }

  /** The grant in force of the account to the client (its scope), if there is one. */
  async grantInForce(accountId: string, clientId: string): Promise<{ scope: string | null } | undefined> {
    const [row] = await this.#orm
      .select({ scope: oauthGrants.scope })
      .from(oauthGrants)
      .where(
        and(eq(oauthGrants.accountId, accountId), eq(oauthGrants.clientId, clientId), isNull(oauthGrants.revokedAt)),
      );
    return row;
  }

  /** The account's grants in force, with their client's and game's names, latest first. */
  grantsOf(accountId: string): Promise<GrantRow[]> {
    return this.#orm
      .select({
        clientId: oauthGrants.clientId,
        clientName: oauthClients.name,
        gameSlug: games.slug,
        gameName: games.name,
        scope: oauthGrants.scope,
        flow: oauthGrants.flow,
        grantedAt: oauthGrants.grantedAt,
        lastGrantedAt: oauthGrants.lastGrantedAt,
      })
      .from(oauthGrants)
      .innerJoin(oauthClients, eq(oauthClients.clientId, oauthGrants.clientId))
      .innerJoin(games, eq(games.slug, oauthClients.gameSlug))
      .where(and(eq(oauthGrants.accountId, accountId), isNull(oauthGrants.revokedAt)))
      .orderBy(desc(oauthGrants.lastGrantedAt));
  }

  /** Revokes a grant in force; false when the account has none for the client. */
  async revokeGrant(accountId: string, clientId: string): Promise<boolean> {
    const rows = await this.#orm
      .update(oauthGrants)
      .set({ revokedAt: sql`now()` })
      .where(
        and(eq(oauthGrants.accountId, accountId), eq(oauthGrants.clientId, clientId), isNull(oauthGrants.revokedAt)),
      )
      .returning({ clientId: oauthGrants.clientId });
    return rows.length === 1;
  }

  /** The scope of the code that started a sign-in; undefined when no code did. */
  async scopeOfFamily(familyId: string): Promise<{ scope: string | null } | undefined> {
    const [row] = await this.#orm
      .select({ scope: authorizationCodes.scope })
      .from(authorizationCodes)
      .where(eq(authorizationCodes.familyId, familyId))
      .limit(1);
    return row;
  }

  /** The newest signing key that is not retired. */
  async newestKey(): Promise<SigningKeyRow | undefined> {
    const [newest] = await this.#orm
      .select()
      .from(signingKeys)
      .where(isNull(signingKeys.retiredAt))
      .orderBy(desc(signingKeys.createdAt))
      .limit(1);
    return newest;
  }

  /**
   * Adds a key and retires the ones it replaces, in one transaction; deletes the keys retired more
   * than `keepRetiredSeconds` ago (no token they signed can still be valid).
   */
  async addKey(key: NewSigningKey, keepRetiredSeconds: number): Promise<void> {
    await this.#orm.transaction(async (tx) => {
      await tx
        .update(signingKeys)
        .set({ retiredAt: sql`now()` })
        .where(isNull(signingKeys.retiredAt));
      await tx.insert(signingKeys).values(key);
      await tx
        .delete(signingKeys)
        .where(lt(signingKeys.retiredAt, sql`now() - make_interval(secs => ${keepRetiredSeconds})`));
    });
  }

  /** The public keys of the live key and of those retired less than `keepRetiredSeconds` ago, newest first. */
  async publishedKeys(keepRetiredSeconds: number): Promise<unknown[]> {
    const rows = await this.#orm
      .select({ jwk: signingKeys.publicJwk })
      .from(signingKeys)
      .where(
        or(
          isNull(signingKeys.retiredAt),
          gt(signingKeys.retiredAt, sql`now() - make_interval(secs => ${keepRetiredSeconds})`),
        ),
      )
      .orderBy(desc(signingKeys.createdAt));
    return rows.map((row) => row.jwk);
  }
}
