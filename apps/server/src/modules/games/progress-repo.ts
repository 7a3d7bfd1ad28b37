// Game progress rows (one per account and game) and the OAuth clients of a game. Recording is one
// upsert: the platform joins all_platforms once, details merge (a removed key is dropped) and the
// merged details are refused, row untouched, when they would hold more keys than allowed.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { gameProgress, games, oauthClients } from '../../db/schema.ts';
import type { GameRow } from './repo.ts';

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

export class GameProgressRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /**
   * The account's progress with each game's row (undefined when the game is gone), most recently
   * played first; only the given games when `slugs` is not empty.
   */
  async list(accountId: string, slugs: readonly string[]): Promise<{ progress: ProgressRow; game?: GameRow }[]> {
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
  async record(change: ProgressChange): Promise<ProgressRow | undefined> {
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
  async delete(accountId: string, gameSlug: string): Promise<boolean> {
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
}
