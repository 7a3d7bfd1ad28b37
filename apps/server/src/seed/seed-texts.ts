// The translated texts of the demo data: one table per locale in l10n/<tag>.json, keyed like
// "demo.welcome_title". A localized value carries every locale's translation of a key.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE_TAGS } from '@portal/contract/data/locales';

type Table = Record<string, string>;
const l10n = new Map<string, Table>(
  LOCALE_TAGS.map((tag) => [tag, JSON.parse(readFileSync(join(import.meta.dirname, 'l10n', `${tag}.json`), 'utf8'))]),
);

/** A localized value in its stored form, with every locale's translation of a seed text. */
export function localizedText(key: string) {
  const english = l10n.get('en-US')?.[key];
  if (english === undefined) throw new Error(`seed text ${key} is missing`);
  const localizations: Table = {};
  for (const [tag, table] of l10n) if (tag !== 'en-US' && table[key]) localizations[tag] = table[key];
  return { slug: key, default: english, localizations };
}
