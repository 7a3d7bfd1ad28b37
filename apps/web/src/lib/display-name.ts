// The rule of display names (spec 000 §5), as the server checks it: letters and digits only (any
// script), no spaces or special characters, and a length within the bounds the server publishes in
// its public settings (`display_name`), counted in characters. The server checks the rest (reserved
// names, availability).

/** The length of a display name, in characters (the public settings' `display_name`). */
export interface DisplayNameBounds {
  min: number;
  max: number;
}

/** What is wrong with a name, as the server's 1038 names it too (`body.reason`). */
export type DisplayNameProblem = 'characters' | 'too_short' | 'too_long';

export function displayNameProblem(name: string, bounds: DisplayNameBounds): DisplayNameProblem | null {
  if (!/^[\p{L}\p{Nd}]+$/u.test(name)) return 'characters';
  const length = [...name].length;
  if (length < bounds.min) return 'too_short';
  if (length > bounds.max) return 'too_long';
  return null;
}
