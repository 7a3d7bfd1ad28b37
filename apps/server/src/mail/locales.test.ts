import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE_TAGS } from '@portal/contract/data/locales';
import { translationProblems } from '@portal/contract/i18n/completeness';
import { describe, expect, it } from 'vitest';

const tables = {
  mail: (tag: string) => join(import.meta.dirname, 'locales', `${tag}.json`),
  'seed texts': (tag: string) => join(import.meta.dirname, '..', 'seed', 'l10n', `${tag}.json`),
};

/** Words spelt as in English in some languages. */
const SAME_AS_ENGLISH: Partial<Record<string, string[]>> = {
  'fr-FR': ['mail.duration.minutes.one', 'mail.duration.minutes.other'],
};

describe.each(Object.entries(tables))('%s', (_name, path) => {
  const read = (tag: string) => JSON.parse(readFileSync(path(tag), 'utf8')) as Record<string, string>;
  // A message with a count has exactly the plural forms of the locale's language (Intl.PluralRules).
  it.each(LOCALE_TAGS.filter((tag) => tag !== 'en-US'))('%s has every en-US key, translated', (tag) => {
    expect(
      translationProblems(read('en-US'), read(tag), { plurals: tag, allowSameAsEnglish: SAME_AS_ENGLISH[tag] ?? [] }),
    ).toEqual([]);
  });
});
