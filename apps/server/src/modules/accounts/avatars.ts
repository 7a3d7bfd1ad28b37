// The avatar catalogue: which avatars a player may pick, in display order.
import { asc, eq } from 'drizzle-orm';
import type { Avatar } from '@portal/contract/calls/entities';
import type { Orm } from '../../db/database.ts';
import { avatars } from '../../db/schema.ts';
import { avatarImageUrl } from './account-view.ts';

/** The avatars of the demo seed; their images are in apps/web/public/avatars. */
export const DEMO_AVATARS = [
  'default',
  'ember-flame',
  'ocean-wave',
  'forest-leaf',
  'violet-star',
  'night-moon',
  'ruby-diamond',
  'mint-hex',
  'sun-burst',
] as const;

export class AvatarsRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async list(): Promise<Avatar[]> {
    const rows = await this.#orm.select().from(avatars).orderBy(asc(avatars.position), asc(avatars.slug));
    return rows.map((r) => ({ slug: r.slug, image_url: avatarImageUrl(r.slug) }));
  }

  async exists(slug: string): Promise<boolean> {
    const rows = await this.#orm.select({ slug: avatars.slug }).from(avatars).where(eq(avatars.slug, slug)).limit(1);
    return rows.length === 1;
  }

  /** Adds avatars (slugs in display order); existing ones keep their place. */
  async add(slugs: readonly string[]): Promise<void> {
    await this.#orm
      .insert(avatars)
      .values(slugs.map((slug, position) => ({ slug, position })))
      .onConflictDoNothing({ target: avatars.slug });
  }
}
