import { asc, eq } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { environments, featureFlags, games, platformSettings } from '../../db/schema.ts';

export class SettingsRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  featureFlags() {
    return this.#orm.select({ name: featureFlags.name, enabled: featureFlags.enabled }).from(featureFlags);
  }

  platformSettings() {
    return this.#orm.select().from(platformSettings);
  }

  featuredGames() {
    return this.#orm.select({ slug: games.slug }).from(games).where(eq(games.featured, true)).orderBy(asc(games.name));
  }

  environments() {
    return this.#orm
      .select({
        name: environments.name,
        apiKey: environments.apiKey,
        color: environments.color,
        service: environments.service,
      })
      .from(environments)
      .orderBy(asc(environments.position), asc(environments.name));
  }
}
