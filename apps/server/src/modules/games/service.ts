// Games as the other modules and the calls see them: a game's configuration, its OAuth clients
// (the sign-in flows of the oauth and device modules), and the featured games (public settings).
import { timingSafeEqual } from 'node:crypto';
import { gameConfig } from '@portal/contract/calls/games';
import type { GameConfig } from '@portal/contract/calls/games';
import { RequestError } from '../../http/request-error.ts';
import { hashClientSecret } from './registry-rules.ts';
import type { ClientRow, GameRow, GamesRepo } from './repo.ts';

/** An OAuth client of a game (the sign-in flows of the oauth and device modules read it). */
export type GameClient = ClientRow;

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

  /** The game's configuration, or undefined when no such game is registered. */
  async find(slug: string): Promise<GameConfig | undefined> {
    const row = await this.#repo.find(slug);
    return row ? toGameConfig(row) : undefined;
  }

  async findClient(clientId: string): Promise<GameClient | undefined> {
    return this.#repo.findClient(clientId);
  }

  /**
   * The OAuth client a game's own API key signs players in as: the one it names, which must be the
   * game's, or else the game's first client. invalid_client_id when there is none.
   */
  async clientOfGame(gameSlug: string, clientId: string | undefined): Promise<GameClient> {
    if (clientId !== undefined) {
      const client = await this.#repo.findClient(clientId);
      if (!client || client.gameSlug !== gameSlug) throw new RequestError('invalid_client_id');
      return client;
    }
    const [first] = (await this.#repo.clientIdsOf(gameSlug)).sort();
    const client = first === undefined ? undefined : await this.#repo.findClient(first);
    if (!client) throw new RequestError('invalid_client_id');
    return client;
  }

  /** The ids of a game's OAuth clients. */
  clientIdsOf(gameSlug: string): Promise<string[]> {
    return this.#repo.clientIdsOf(gameSlug);
  }

  /** A client with its game's configuration, in one query. */
  async findClientWithGame(clientId: string): Promise<{ client: GameClient; game: GameConfig } | undefined> {
    const found = await this.#repo.findClientWithGame(clientId);
    return found ? { client: found.client, game: toGameConfig(found.game) } : undefined;
  }

  /** The slugs of the featured games, by name. */
  featuredSlugs(): Promise<string[]> {
    return this.#repo.featuredSlugs();
  }

  /** Whether a secret is the client's (compared in constant time; a public client has none). */
  clientSecretMatches(client: GameClient, given: string): boolean {
    if (!client.secretHash) return false;
    const a = Buffer.from(hashClientSecret(given), 'hex');
    const b = Buffer.from(client.secretHash, 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
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
