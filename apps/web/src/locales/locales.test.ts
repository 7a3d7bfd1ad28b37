import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE_TAGS } from '@portal/contract/data/locales';
import { translationProblems } from '@portal/contract/i18n/completeness';
import { describe, expect, it } from 'vitest';

const FILES = ['common.json', 'flows.json'] as const;
const read = (tag: string, file: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, tag, file), 'utf8')) as Record<string, string>;

/** Values that are the same in every language. */
/** Names that are not translated: the brand, and the consoles' and stores' own names. */
const SAME_IN_EVERY_LANGUAGE = [
  'app.brand',
  'gameProfiles.platform.ps_4',
  'gameProfiles.platform.ps_5',
  'gameProfiles.platform.xbox_one',
  'gameProfiles.platform.xbox_series_xs',
  'gameProfiles.platform.pc_steam',
  'gameProfiles.platform.pc_epic',
  // A sign-in named by its device or game alone, and the separator of a list (", " in most languages).
  'security.devices.browser',
  'security.devices.game',
  'security.games.listSeparator',
];
/** Words that happen to be spelt as in English in some languages. */
const SAME_IN_SOME_LANGUAGES: Record<string, string[]> = {
  'de-DE': ['security.passkeys.title'],
  'es-ES': ['gameProfiles.no'],
  'es-MX': ['gameProfiles.no'],
  'it-IT': ['gameProfiles.no'],
};

describe('web messages', () => {
  it.each(LOCALE_TAGS.filter((tag) => tag !== 'en-US'))('%s has every en-US key, translated', (tag) => {
    for (const file of FILES) {
      expect(
        translationProblems(read('en-US', file), read(tag, file), {
          allowSameAsEnglish: [...SAME_IN_EVERY_LANGUAGE, ...(SAME_IN_SOME_LANGUAGES[tag] ?? [])],
        }),
        file,
      ).toEqual([]);
    }
  });
});
