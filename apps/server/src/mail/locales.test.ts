import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE_TAGS } from '@portal/contract/data/locales';
import { translationProblems } from '@portal/contract/i18n/completeness';
import { describe, expect, it } from 'vitest';

const tables = {
  mail: (tag: string) => join(import.meta.dirname, 'locales', `${tag}.json`),
  'seed texts': (tag: string) => join(import.meta.dirname, '..', 'seed', 'l10n', `${tag}.json`),
};

describe.each(Object.entries(tables))('%s', (_name, path) => {
  const read = (tag: string) => JSON.parse(readFileSync(path(tag), 'utf8')) as Record<string, string>;
  it.each(LOCALE_TAGS.filter((tag) => tag !== 'en-US'))('%s has every en-US key, translated', (tag) => {
    expect(translationProblems(read('en-US'), read(tag))).toEqual([]);
  });
});
