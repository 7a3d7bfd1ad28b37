// Checks a locale's messages against the en-US source: every key present, no extra keys, the
// same {{placeholders}}, and no value left in English except the allowed ones (brand names, codes).
export interface TranslationProblem {
  key: string;
  problem: 'missing' | 'extra' | 'placeholders' | 'untranslated' | 'empty';
}

const placeholderList = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] as string);
const placeholders = (text: string) => placeholderList(text).sort().join(',');

/** The plural categories (Intl.PluralRules) a language has: `one`, `few`, `other`... */
const pluralForms = (locale: string) =>
  new Set<string>(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);

/**
 * `plurals`: the locale of `translated`, whose messages with a count are plural forms: a key
 * `<base>.<category>` where English has `<base>.other`. The locale then has exactly its own language's
 * categories of each such message (Arabic six, Japanese one), each with the placeholders of `.other`.
 */
export function translationProblems(
  english: Record<string, string>,
  translated: Record<string, string>,
  options: { allowSameAsEnglish?: readonly string[]; plurals?: string } = {},
): TranslationProblem[] {
  const problems: TranslationProblem[] = [];
  const allowed = new Set(options.allowSameAsEnglish ?? []);
  const forms = options.plurals === undefined ? undefined : pluralForms(options.plurals);
  const pluralBase = (key: string) => {
    const dot = key.lastIndexOf('.');
    const base = key.slice(0, dot);
    return forms && dot > 0 && `${base}.other` in english ? base : undefined;
  };
  const expected: Record<string, string> = {};
  /** Plural forms but `.other` may leave the count out (Arabic says "one minute", "two minutes" in words). */
  const wordForms = new Set<string>();
  for (const [key, source] of Object.entries(english)) {
    const base = pluralBase(key);
    if (base === undefined) expected[key] = source;
    else {
      for (const form of forms ?? []) {
        expected[`${base}.${form}`] = english[`${base}.other`] as string;
        if (form !== 'other') wordForms.add(`${base}.${form}`);
      }
    }
  }
  const placeholdersFit = (key: string, value: string, source: string) =>
    wordForms.has(key)
      ? placeholderList(value).every((name) => placeholderList(source).includes(name))
      : placeholders(value) === placeholders(source);
  for (const [key, source] of Object.entries(expected)) {
    const value = translated[key];
    if (value === undefined) problems.push({ key, problem: 'missing' });
    else if (value.trim() === '') problems.push({ key, problem: 'empty' });
    else if (!placeholdersFit(key, value, source)) problems.push({ key, problem: 'placeholders' });
    else if (value === english[key] && !allowed.has(key)) problems.push({ key, problem: 'untranslated' });
  }
  for (const key of Object.keys(translated)) {
    if (!(key in expected)) problems.push({ key, problem: 'extra' });
  }
  return problems;
}
