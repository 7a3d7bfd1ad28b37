import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { games } from '../../db/schema.ts';

export type GameRow = typeof games.$inferSelect;

export class GamesRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async find(slug: string): Promise<GameRow | undefined> {
    const [row] = await this.#orm.select().from(games).where(eq(games.slug, slug)).limit(1);
    return row;
  }
}
