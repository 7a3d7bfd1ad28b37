// The operators' texts of a playtest and its game (Localized: each with its translations), in the
// player's language.
import type { GameConfig } from '@portal/contract/calls/games';
import type { Localized } from '@portal/contract/codec';

/** The text in the language (its own fallbacks applied), or null when there is none or it is blank. */
export function resolved(text: Localized | null | undefined, language: string): string | null {
  const value = text?.resolve(language).trim();
  return value ? value : null;
}

/** The game's display name in the language, else its name. */
export function gameName(game: GameConfig | null | undefined, language: string): string | null {
  if (!game) return null;
  return resolved(game.user_experience.display_name, language) ?? game.name;
}
