// The game conflict of a consolidation (spec 000 §3 "Conflict error body"), in a module of its own so
// that the web's flow state can parse it without loading the link calls.
import { z } from 'zod';
import { gameSlug } from './game-slug.ts';

/** One save in the game conflict error: what the game recorded, dates as ISO 8601 text. */
export const conflictSave = z.object({
  last_seen_platform: z.string().nullable(),
  all_platforms: z.array(z.string()),
  game_details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  last_game_login: z.string().nullable(),
  last_accessed: z.string().nullable(),
});

/**
 * The body of the game_profile_conflict error (spec 000 §3 "Conflict error body"): the games both
 * accounts have a save of, both saves of each, and the consolidation it belongs to.
 */
export const gameConflictBody = z.object({
  conflict_games: z.array(gameSlug),
  conflict_game_details: z.array(
    z.object({
      game_slug: gameSlug,
      /** The game's name as the server knows it (serverGameName). */
      game_name: z.string(),
      /** The stub's save. */
      stub: conflictSave,
      /** The signed-in account's save. */
      account: conflictSave,
    }),
  ),
  session: z.object({ account_id: z.string(), source_account_id: z.string() }),
});
export type GameConflictBody = z.output<typeof gameConflictBody>;
