// The statements of the public settings: feature flags, environments (the platforms are the
// platform-links module's).
import { asc } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { environments, featureFlags } from '../../db/schema.ts';

export class SettingsRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  featureFlags() {
    return this.#orm.select({ name: featureFlags.name, enabled: featureFlags.enabled }).from(featureFlags);
  }

  /** Turns a flag on or off (an operator's, in the console); a flag not in the table is added. */
  async setFlag(name: string, enabled: boolean): Promise<void> {
    await this.#orm
      .insert(featureFlags)
      .values({ name, enabled })
      .onConflictDoUpdate({ target: featureFlags.name, set: { enabled, updatedAt: new Date() } });
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
