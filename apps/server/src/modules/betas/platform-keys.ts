// The platform keys operators import (`npm run admin -- betas codes import <beta> <platform> <file>`):
// each key checked against its platform's form and written the way the platform prints it, the
// file's bad lines reported by line number (never the key itself: keys stay out of logs), duplicates
// refused. Nothing is imported when any line is bad.
import type { GamePlatformKey } from '@portal/contract/calls/games';

interface KeyForm {
  /** The form as operators read it in an error. */
  shape: string;
  /** Groups of characters; the key is written with hyphens between them. */
  groups: number[];
}

const ALPHANUMERIC = /^[A-Z0-9]+$/;

/**
 * Steam: 15 characters, XXXXX-XXXXX-XXXXX. Xbox: 25 characters in five groups of five, hyphens
 * optional. PlayStation: 12 characters, XXXX-XXXX-XXXX. Epic Games Store: 20 characters in four groups
 * of five (the forms the stores print).
 */
const FORMS: Record<GamePlatformKey, KeyForm> = {
  pc_steam: { shape: 'XXXXX-XXXXX-XXXXX', groups: [5, 5, 5] },
  xbox_one: { shape: 'XXXXX-XXXXX-XXXXX-XXXXX-XXXXX', groups: [5, 5, 5, 5, 5] },
  xbox_series_xs: { shape: 'XXXXX-XXXXX-XXXXX-XXXXX-XXXXX', groups: [5, 5, 5, 5, 5] },
  ps_4: { shape: 'XXXX-XXXX-XXXX', groups: [4, 4, 4] },
  ps_5: { shape: 'XXXX-XXXX-XXXX', groups: [4, 4, 4] },
  pc_epic: { shape: 'XXXXX-XXXXX-XXXXX-XXXXX', groups: [5, 5, 5, 5] },
};

const isXbox = (platform: GamePlatformKey) => platform === 'xbox_one' || platform === 'xbox_series_xs';

/** The key in its platform's printed form, or null when it does not have that form. */
export function normalizeKey(platform: GamePlatformKey, raw: string): string | null {
  const form = FORMS[platform];
  const typed = raw.trim().toUpperCase();
  const length = form.groups.reduce((a, b) => a + b, 0);
  let characters: string;
  if (isXbox(platform)) {
    // Hyphens optional, but where present they sit between the groups.
    characters = typed.replaceAll('-', '');
    if (typed.includes('-') && typed.split('-').some((group, i) => group.length !== form.groups[i])) return null;
  } else {
    const parts = typed.split('-');
    if (parts.length !== form.groups.length || parts.some((part, i) => part.length !== form.groups[i])) return null;
    characters = parts.join('');
  }
  if (characters.length !== length || !ALPHANUMERIC.test(characters)) return null;
  const groups: string[] = [];
  let at = 0;
  for (const size of form.groups) {
    groups.push(characters.slice(at, at + size));
    at += size;
  }
  return groups.join('-');
}

export interface KeyFileProblem {
  line: number;
  problem: string;
}

/**
 * Reads a key file: one key per line; blank lines and lines starting with # are skipped. Answers the
 * keys in their printed form, or the problems by line number.
 */
export function parseKeyFile(platform: GamePlatformKey, text: string): { keys: string[]; problems: KeyFileProblem[] } {
  const keys: string[] = [];
  const problems: KeyFileProblem[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const key = normalizeKey(platform, trimmed);
    if (key === null) {
      problems.push({ line, problem: `not a ${platform} key (${FORMS[platform].shape})` });
      return;
    }
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({ line, problem: `the same key as line ${first}` });
      return;
    }
    seen.set(key, line);
    keys.push(key);
  });
  return { keys, problems };
}
