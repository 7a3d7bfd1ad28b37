// The README's configuration table and docs/errors.md say what the code does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorsDoc } from '../../../scripts/errors-doc.ts';
import { configSchema } from '../src/config.ts';

const root = join(import.meta.dirname, '..', '..', '..');

describe('documentation', () => {
  it('lists exactly the configuration variables of config.ts in the README', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const section = readme.split('## Configuration')[1]?.split('\n## ')[0] ?? '';
    const documented = [...section.matchAll(/^\|\s*`([A-Z_]+)`\s*\|/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual(Object.keys(configSchema.shape).sort());
  });

  it('keeps docs/errors.md in step with the error catalogue (node scripts/errors-doc.ts)', () => {
    expect(readFileSync(join(root, 'docs', 'errors.md'), 'utf8')).toBe(errorsDoc());
  });
});
