// Every statement of the games module: games and their OAuth clients (read by the sign-in flows,
// kept by the operators' registry), and each account's progress in each game. Recording progress
// is one upsert: the platform joins all_platforms once, details merge (a removed key is dropped)
// and the merged details are refused, row untouched, when they would hold more keys than allowed.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { gameProgress, games, oauthClients } from '../../db/schema.ts';

export type GameRow = typeof games.$inferSelect;
export type NewGame = typeof games.$inferInsert;
export type ClientRow = typeof oauthClients.$inferSelect;
export type NewClient = typeof oauthClients.$inferInsert;
export type ProgressRow = typeof gameProgress.$inferSelect;
export type DetailValue = string | number | boolean;

export interface ProgressChange {
  accountId: string;
  gameSlug: string;
  platform: string;
  /** Keys to set (merged over the stored ones). */
  set: Record<string, DetailValue>;
  /** Keys to remove. */
  remove: string[];
  loggedIn: boolean;
  /** Most keys the merged details may hold. */
  maxKeys: number;
}

export class GamesRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async find(slug: string): Promise<GameRow | undefined> {
    const [row] = await this.#orm.select().from(games).where(eq(games.slug, slug)).limit(1);
    return row;
  }

  async findClient(clientId: string): Promise<ClientRow | undefined> {
    const [row] = await this.#orm.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1);
    return row;
  }

  /** A client with its game, in one query. */
  async findClientWithGame(clientId: string): Promise<{ client: ClientRow; game: GameRow } | undefined> {
    const [row] = await this.#orm
      .select({ client: oauthClients, game: games })
      .from(oauthClients)
      .innerJoin(games, eq(games.slug, oauthClients.gameSlug))
      .where(eq(oauthClients.clientId, clientId))
      .limit(1);
    return row;
  }

  /** The slugs of the featured games, by name. */
  async featuredSlugs(): Promise<string[]> {
    const rows = await this.#orm
      .select({ slug: games.slug })
      .from(games)
      .where(eq(games.featured, true))
      .orderBy(asc(games.name));
    return rows.map((row) => row.slug);
  }

  /**
   * The account's progress with each game's row (undefined when the game is gone), most recently
   * played first; only the given games when `slugs` is not empty.
   */
  async listProgress(
    accountId: string,
    slugs: readonly string[],
  ): Promise<{ progress: ProgressRow; game?: GameRow }[]> {
    const rows = await this.#orm
      .select({ progress: gameProgress, game: games })
      .from(gameProgress)
      .leftJoin(games, eq(games.slug, gameProgress.gameSlug))
      .where(
        and(
          eq(gameProgress.accountId, accountId),
          slugs.length > 0 ? inArray(gameProgress.gameSlug, [...slugs]) : undefined,
        ),
      )
      .orderBy(desc(sql`coalesce(${gameProgress.lastAccessed}, ${gameProgress.updatedAt})`), gameProgress.gameSlug);
    return rows.map((row) => (row.game ? { progress: row.progress, game: row.game } : { progress: row.progress }));
  }

  /** Records progress; undefined when the merged details would hold more than `maxKeys` keys. */
  async recordProgress(change: ProgressChange): Promise<ProgressRow | undefined> {
    const added = JSON.stringify(change.set);
    const removed = sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(change.remove)}::jsonb))`;
    const merged = sql`(${gameProgress.gameDetails} || ${added}::jsonb) - ${removed}`;
    const platform = sql`${change.platform}::text`;
    const [row] = await this.#orm
      .insert(gameProgress)
      .values({
        accountId: change.accountId,
        gameSlug: change.gameSlug,
        lastSeenPlatform: change.platform,
        allPlatforms: [change.platform],
        gameDetails: change.set,
        lastGameLogin: change.loggedIn ? sql`now()` : null,
        lastAccessed: sql`now()`,
      })
      .onConflictDoUpdate({
        target: [gameProgress.accountId, gameProgress.gameSlug],
        set: {
          lastSeenPlatform: change.platform,
          allPlatforms: sql`CASE WHEN ${platform} = ANY(${gameProgress.allPlatforms}) THEN ${gameProgress.allPlatforms}
            ELSE array_append(${gameProgress.allPlatforms}, ${platform}) END`,
          gameDetails: merged,
          ...(change.loggedIn ? { lastGameLogin: sql`now()` } : {}),
          lastAccessed: sql`now()`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(SELECT count(*) FROM jsonb_object_keys(${merged})) <= ${change.maxKeys}`,
      })
      .returning();
    return row;
  }

  /** Deletes the account's progress in a game; false when there was none. */
  async deleteProgress(accountId: string, gameSlug: string): Promise<boolean> {
    const rows = await this.#orm
      .delete(gameProgress)
      .where(and(eq(gameProgress.accountId, accountId), eq(gameProgress.gameSlug, gameSlug)))
      .returning({ gameSlug: gameProgress.gameSlug });
    return rows.length > 0;
  }

  /** The OAuth client ids of a game. */
  async clientIdsOf(gameSlug: string): Promise<string[]> {
    const rows = await this.#orm
      .select({ clientId: oauthClients.clientId })
      .from(oauthClients)
      .where(eq(oauthClients.gameSlug, gameSlug));
    return rows.map((row) => row.clientId);
  }

  /** Adds a game or replaces its configuration; answers whether it was new. */
  async putGame(game: NewGame): Promise<boolean> {
    const { slug, ...values } = game;
    const [row] = await this.#orm
      .insert(games)
      .values({ slug, ...values })
      .onConflictDoUpdate({ target: games.slug, set: { ...values, updatedAt: new Date() } })
      .returning({ created: sql<boolean>`(xmax = 0)` });
    return row?.created === true;
  }

  async gameExists(slug: string): Promise<boolean> {
    const rows = await this.#orm.select({ slug: games.slug }).from(games).where(eq(games.slug, slug)).limit(1);
    return rows.length === 1;
  }

  async listGames(): Promise<{ slug: string; name: string; clients: number; featured: boolean }[]> {
    const rows = await this.#orm
      .select({ slug: games.slug, name: games.name, featured: games.featured, clients: count(oauthClients.clientId) })
      .from(games)
      .leftJoin(oauthClients, eq(oauthClients.gameSlug, games.slug))
      .groupBy(games.slug)
      .orderBy(asc(games.slug));
    return rows.map((r) => ({ ...r, clients: Number(r.clients) }));
  }

  async listClients(game?: string) {
    const query = this.#orm
      .select({
        clientId: oauthClients.clientId,
        game: oauthClients.gameSlug,
        name: oauthClients.name,
        kind: oauthClients.kind,
        redirectUris: oauthClients.redirectUris,
        allowedScopes: oauthClients.allowedScopes,
        firstParty: oauthClients.firstParty,
      })
      .from(oauthClients);
    return (game ? query.where(eq(oauthClients.gameSlug, game)) : query).orderBy(asc(oauthClients.clientId));
  }

  /** Adds a client; false when one with its id exists. */
  async addClient(client: NewClient): Promise<boolean> {
    const inserted = await this.#orm
      .insert(oauthClients)
      .values(client)
      .onConflictDoNothing()
      .returning({ clientId: oauthClients.clientId });
    return inserted.length > 0;
  }

  /** Changes a client's name, scopes or party; the client as it is now, undefined when there is none. */
  async updateClient(id: string, change: Partial<Pick<NewClient, 'name' | 'allowedScopes' | 'firstParty'>>) {
    if (Object.keys(change).length === 0) return this.findClient(id);
    const [row] = await this.#orm.update(oauthClients).set(change).where(eq(oauthClients.clientId, id)).returning();
    return row;
  }

  /** Sets a confidential client's secret (its SHA-256); false when there is no such confidential client. */
  async setSecretHash(id: string, secretHash: string): Promise<boolean> {
    const rows = await this.#orm
      .update(oauthClients)
      .set({ secretHash })
      .where(and(eq(oauthClients.clientId, id), eq(oauthClients.kind, 'confidential')))
      .returning({ clientId: oauthClients.clientId });
    return rows.length > 0;
  }

  /** Removes a client; false when there was none. */
  async removeClient(id: string): Promise<boolean> {
    const removed = await this.#orm
      .delete(oauthClients)
      .where(eq(oauthClients.clientId, id))
      .returning({ clientId: oauthClients.clientId });
    return removed.length > 0;
  }

  /**
   * Changes a client's redirect URIs with `change` (which may throw), the row locked meanwhile;
   * undefined when there is no such client.
   */
  async changeRedirectUris(id: string, change: (uris: string[]) => string[]): Promise<string[] | undefined> {
    return this.#orm.transaction(async (tx) => {
      const [row] = await tx
        .select({ uris: oauthClients.redirectUris })
        .from(oauthClients)
        .where(eq(oauthClients.clientId, id))
        .for('update');
      if (!row) return undefined;
      const uris = change(row.uris);
      await tx.update(oauthClients).set({ redirectUris: uris }).where(eq(oauthClients.clientId, id));
      return uris;
    });
  }
}
