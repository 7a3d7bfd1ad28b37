// A game's slug: its id in paths and queries (its own module, so that small schemas can use it
// without the games calls).
import { z } from 'zod';

export const gameSlug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, { error: 'A game slug is lower-case letters, digits, - and _' });
