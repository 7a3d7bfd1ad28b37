// Every message key the code uses exists in en-US (and so, by locales.test.ts, in every locale).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { englishErrorMessages } from '@portal/contract/errors/english';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../lib/router/route-table.ts';

const src = join(import.meta.dirname, '..');
const english = {
  ...englishErrorMessages(),
  ...(JSON.parse(readFileSync(join(import.meta.dirname, 'en-US', 'common.json'), 'utf8')) as Record<string, string>),
  ...(JSON.parse(readFileSync(join(import.meta.dirname, 'en-US', 'flows.json'), 'utf8')) as Record<string, string>),
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('message keys', () => {
  it('every literal t() key of the code is in en-US', () => {
    const missing: string[] = [];
    for (const file of sources(src)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([^'$]+)'/g)) {
        if (!(match[1]! in english)) missing.push(`${match[1]} (${file.slice(src.length)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every route shown by the feature screens has a title', () => {
    const missing = ROUTES.filter((r) => !['home', 'faq', 'landing-page', 'maintenance', 'logout'].includes(r.id))
      .map((r) => `screen.${r.id}.title`)
      .filter((key) => !(key in english));
    expect(missing).toEqual([]);
  });
});
