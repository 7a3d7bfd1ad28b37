// Game progress (spec 000 §3 "Game progress"): what a game records about a player, read by the game
// and by the portal's /game-profiles page, and removed when the player removes the game.
// - A game's access token (session.clientId set) stands for that game only: it records and reads its
//   own progress, never another game's. The web app's token reads every game.
// - Removing a game deletes its progress and ends every sign-in the game holds for the account.
import { GAME_DETAILS_MAX_KEYS } from '@portal/contract/calls/accounts-me';
import type { GameProgress } from '@portal/contract/calls/entities';
import { RequestError } from '../../http/request-error.ts';
import type { ResolvedSession } from '../sessions/service.ts';
import type { TokenService } from '../sessions/token-service.ts';
import type { DetailValue, GameRow, GamesRepo, ProgressRow } from './repo.ts';
import { toGameConfig } from './service.ts';

export interface ProgressInput {
  platform: string;
  details?: Record<string, DetailValue | null> | undefined;
  logged_in?: boolean | undefined;
}

export class GameProgressService {
  readonly #repo: GamesRepo;
  readonly #tokens: TokenService;

  constructor(repo: GamesRepo, deps: { tokens: TokenService }) {
    this.#repo = repo;
    this.#tokens = deps.tokens;
  }

  /** The game a session was issued to; null for the web app's own sessions. */
  async gameOf(session: ResolvedSession): Promise<string | null> {
    if (session.clientId === null) return null;
    const client = await this.#repo.findClient(session.clientId);
    // The operator removed the client: its tokens stand for no game any more.
    if (!client) throw new RequestError('unauthorized', { body: { reason: 'client_removed' } });
    return client.gameSlug;
  }

  /**
   * The session's progress in the given games (every game when none is given), most recent first.
   * A game's session sees its own game only.
   */
  async list(session: ResolvedSession, slugs: readonly string[]): Promise<GameProgress[]> {
    const own = await this.gameOf(session);
    const wanted = own === null ? slugs : slugs.length === 0 || slugs.includes(own) ? [own] : [];
    if (own !== null && wanted.length === 0) return [];
    const rows = await this.#repo.listProgress(session.accountId, wanted);
    return rows.map(({ progress, game }) => toGameProgress(progress, game));
  }

  /** An account's progress in the given games (consolidation shows both saves of a conflict). */
  async profilesOf(accountId: string, slugs: readonly string[]): Promise<GameProgress[]> {
    if (slugs.length === 0) return [];
    const rows = await this.#repo.listProgress(accountId, slugs);
    return rows.map(({ progress, game }) => toGameProgress(progress, game));
  }

  /**
   * A game records the player's progress in itself; a session of another game is refused, and so
   * is another game's API key when the game sends one (`apiGame`).
   */
  async record(
    session: ResolvedSession,
    gameSlug: string,
    input: ProgressInput,
    apiGame: string | null | undefined,
  ): Promise<GameProgress> {
    if (apiGame && apiGame !== gameSlug) throw new RequestError('game_token_mismatch', { body: { game: gameSlug } });
    const own = await this.gameOf(session);
    if (own !== gameSlug) throw new RequestError('game_token_mismatch', { body: { game: gameSlug } });
    const set: Record<string, DetailValue> = {};
    const remove: string[] = [];
    for (const [key, value] of Object.entries(input.details ?? {})) {
      if (value === null) remove.push(key);
      else set[key] = value;
    }
    const row = await this.#repo.recordProgress({
      accountId: session.accountId,
      gameSlug,
      platform: input.platform,
      set,
      remove,
      loggedIn: input.logged_in === true,
      maxKeys: GAME_DETAILS_MAX_KEYS,
    });
    if (!row) {
      throw new RequestError('invalid_request', {
        body: {
          issues: [
            { path: 'body.details', code: 'too_big', message: `At most ${GAME_DETAILS_MAX_KEYS} details are kept` },
          ],
        },
      });
    }
    return toGameProgress(row, await this.#repo.find(gameSlug));
  }

  /**
   * The player removes a game: its progress goes and every sign-in the game holds for the account
   * ends. A game the account has no progress in answers game_profile_missing.
   */
  async unlink(accountId: string, gameSlug: string): Promise<void> {
    const [entry] = await this.#repo.listProgress(accountId, [gameSlug]);
    if (!entry) throw new RequestError('game_profile_missing', { body: { game: gameSlug } });
    // Sign-ins first: should that fail, the game is still listed and the player can try again.
    await this.#tokens.endClients(accountId, await this.#repo.clientIdsOf(gameSlug));
    await this.#repo.deleteProgress(accountId, gameSlug);
  }
}

/** The wire form: the game's config (null when the game is gone) and details without null values. */
export function toGameProgress(row: ProgressRow, game: GameRow | undefined): GameProgress {
  const details: Record<string, DetailValue> = {};
  for (const [key, value] of Object.entries(row.gameDetails)) {
    if (value !== null && value !== undefined) details[key] = value;
  }
  return {
    game_slug: row.gameSlug,
    game_config: game ? toGameConfig(game) : null,
    last_seen_platform: row.lastSeenPlatform,
    all_platforms: row.allPlatforms,
    game_details: details,
    last_game_login: row.lastGameLogin,
    last_accessed: row.lastAccessed,
  };
}
