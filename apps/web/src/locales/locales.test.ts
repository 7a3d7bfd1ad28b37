import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE_TAGS } from '@portal/contract/data/locales';
import { translationProblems } from '@portal/contract/i18n/completeness';
import { describe, expect, it } from 'vitest';

const read = (tag: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, tag, 'common.json'), 'utf8')) as Record<string, string>;

/** Values that are the same in every language. */
const SAME_IN_EVERY_LANGUAGE = ['app.brand'];

describe('web messages', () => {
  it.each(LOCALE_TAGS.filter((tag) => tag !== 'en-US'))('%s has every en-US key, translated', (tag) => {
    expect(translationProblems(read('en-US'), read(tag), { allowSameAsEnglish: SAME_IN_EVERY_LANGUAGE })).toEqual([]);
  });
});
