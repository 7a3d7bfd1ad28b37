// Display names (spec 000 §5): letters and digits only (any script), no spaces or special
// characters, length within configurable bounds, not reserved or offensive.
import { randomInt } from 'node:crypto';

export interface UsernameBounds {
  min: number;
  max: number;
}

export const DEFAULT_USERNAME_BOUNDS: UsernameBounds = { min: 4, max: 16 };

export type UsernameProblem = 'too_short' | 'too_long' | 'characters' | 'reserved';

/** Names that would impersonate staff or the service. Compared case-insensitively, also inside. */
const RESERVED_PARTS = [
  'admin',
  'administrator',
  'moderator',
  'support',
  'aurora',
  'official',
  'staff',
  'system',
  'root',
];
/** A deliberately short list of slurs and obscenities; operators extend it with their own list. */
const OFFENSIVE_PARTS = [
  'fuck',
  'shit',
  'cunt',
  'nigger',
  'nigga',
  'faggot',
  'retard',
  'whore',
  'slut',
  'nazi',
  'hitler',
];

/**
 * The refusal of a display name (1038): the bounds of the rule and what is wrong, so that the message
 * states the rule with its numbers and a form can name the reason (issue 28).
 */
export function usernameInvalidBody(problem: UsernameProblem, bounds: UsernameBounds) {
  return { min: bounds.min, max: bounds.max, reason: problem };
}

export function usernameProblem(
  name: string,
  bounds: UsernameBounds = DEFAULT_USERNAME_BOUNDS,
): UsernameProblem | null {
  if (!/^[\p{L}\p{Nd}]+$/u.test(name)) return 'characters';
  const length = [...name].length;
  if (length < bounds.min) return 'too_short';
  if (length > bounds.max) return 'too_long';
  const lower = name.toLowerCase();
  if ([...RESERVED_PARTS, ...OFFENSIVE_PARTS].some((part) => lower.includes(part))) return 'reserved';
  return null;
}

const ADJECTIVES = [
  'Swift',
  'Brave',
  'Lucky',
  'Mighty',
  'Silent',
  'Clever',
  'Cosmic',
  'Golden',
  'Frosty',
  'Wild',
  'Bright',
  'Nimble',
];
const NOUNS = [
  'Falcon',
  'Comet',
  'Tiger',
  'Ranger',
  'Pilot',
  'Wizard',
  'Knight',
  'Otter',
  'Nova',
  'Raven',
  'Fox',
  'Titan',
];

/** A suggestion such as `CosmicRaven4821`, within the bounds. */
export function generateUsername(bounds: UsernameBounds = DEFAULT_USERNAME_BOUNDS): string {
  const base = `${ADJECTIVES[randomInt(ADJECTIVES.length)]}${NOUNS[randomInt(NOUNS.length)]}`;
  const digits = String(randomInt(1000, 10000));
  return `${base.slice(0, Math.max(bounds.min, bounds.max - digits.length))}${digits}`.slice(0, bounds.max);
}
