import { gameConfig } from '@portal/contract/calls/games';
import type { GameConfig } from '@portal/contract/calls/games';
import { RequestError } from '../../http/request-error.ts';
import type { GameRow, GamesRepo } from './repo.ts';

export class GamesService {
  readonly #repo: GamesRepo;
  constructor(repo: GamesRepo) {
    this.#repo = repo;
  }

  /** The game's configuration; the stored user_experience is read through the contract schema. */
  async get(slug: string): Promise<GameConfig> {
    const row = await this.#repo.find(slug);
    if (!row) throw new RequestError('not_found', { body: { slug } });
    return toGameConfig(row);
  }
}

export function toGameConfig(row: GameRow): GameConfig {
  return gameConfig.parse({
    slug: row.slug,
    name: row.name,
    user_experience: row.userExperience,
    mature_audience: row.matureAudience,
    flagged_account_oauth_enabled: row.flaggedAccountOauthEnabled,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  });
}
