// Checks a locale's messages against the en-US source: every key present, no extra keys, the
// same {{placeholders}}, and no value left in English except the allowed ones (brand names, codes).
export interface TranslationProblem {
  key: string;
  problem: 'missing' | 'extra' | 'placeholders' | 'untranslated' | 'empty';
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

export function translationProblems(
  english: Record<string, string>,
  translated: Record<string, string>,
  options: { allowSameAsEnglish?: readonly string[] } = {},
): TranslationProblem[] {
  const problems: TranslationProblem[] = [];
  const allowed = new Set(options.allowSameAsEnglish ?? []);
  for (const [key, source] of Object.entries(english)) {
    const value = translated[key];
    if (value === undefined) problems.push({ key, problem: 'missing' });
    else if (value.trim() === '') problems.push({ key, problem: 'empty' });
    else if (placeholders(value) !== placeholders(source)) problems.push({ key, problem: 'placeholders' });
    else if (value === source && !allowed.has(key)) problems.push({ key, problem: 'untranslated' });
  }
  for (const key of Object.keys(translated)) {
    if (!(key in english)) problems.push({ key, problem: 'extra' });
  }
  return problems;
}
