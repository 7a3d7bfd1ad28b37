import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { games, oauthClients } from '../../db/schema.ts';

export type GameRow = typeof games.$inferSelect;
export type ClientRow = typeof oauthClients.$inferSelect;

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
}
