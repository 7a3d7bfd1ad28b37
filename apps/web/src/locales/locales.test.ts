import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE_TAGS } from '@portal/contract/data/locales';
import { translationProblems } from '@portal/contract/i18n/completeness';
import { describe, expect, it } from 'vitest';

const FILES = ['common.json', 'flows.json'] as const;
const read = (tag: string, file: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, tag, file), 'utf8')) as Record<string, string>;

/** Values that are the same in every language. */
const SAME_IN_EVERY_LANGUAGE = ['app.brand'];

describe('web messages', () => {
  it.each(LOCALE_TAGS.filter((tag) => tag !== 'en-US'))('%s has every en-US key, translated', (tag) => {
    for (const file of FILES) {
      expect(
        translationProblems(read('en-US', file), read(tag, file), { allowSameAsEnglish: SAME_IN_EVERY_LANGUAGE }),
        file,
      ).toEqual([]);
    }
  });
});
