// Messages with a count in their plural form (Intl.PluralRules of the language: `.one`, `.other`...),
// falling back to the `.other` form a language does not translate.
import { t } from './messages.ts';
import type { PluralBase, PluralKey } from './messages.ts';

export function pluralKey(base: PluralBase, count: number, language: string): PluralKey {
  const key: PluralKey = `${base}.${new Intl.PluralRules(language).select(count)}`;
  return t(key) === key ? `${base}.other` : key;
}
