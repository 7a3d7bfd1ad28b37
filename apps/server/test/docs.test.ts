// The README's configuration table and docs/errors.md say what the code does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorsDoc } from '../../../scripts/errors-doc.ts';
import { configSchema } from '../src/config.ts';
import { testApp } from './helpers.ts';

const root = join(import.meta.dirname, '..', '..', '..');

describe('documentation', () => {
  it('lists exactly the configuration variables of config.ts in the README', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const section = readme.split('## Configuration')[1]?.split('\n## ')[0] ?? '';
    const documented = [...section.matchAll(/^\|\s*`([A-Z_]+)`\s*\|/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual(Object.keys(configSchema.shape).sort());
  });

  it('lists only development routes (/dev/...) the server has', async () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    // `| `POST /dev/a/{x,y}/b` | ...`: the method (GET when none), the path without its query,
    // each {x,y} alternative, a <placeholder> as one of its values.
    const documented = [...readme.matchAll(/^\|\s*`(?:(GET|POST|PUT|DELETE) )?(\/dev\/[^`?\s]*)[^`]*`\s*\|/gm)].flatMap(
      ([, method = 'GET', path = '']) => {
        const sample = path.replace('<platform>', 'psn');
        const choices = /\{([^}]+)\}/.exec(sample);
        const paths = choices ? choices[1]!.split(',').map((choice) => sample.replace(choices[0], choice)) : [sample];
        return paths.map((url) => ({ method, url }));
      },
    );
    expect(documented.length).toBeGreaterThanOrEqual(4);
    const t = await testApp({}, { seed: false });
    try {
      // GET of any path is at least the web app's history fallback (`/*`, whose wildcard takes the
      // whole path): a route of the server's own is a closer match.
      const missing = documented.filter(({ method, url }) => {
        const route = t.app.findRoute({ method: method as 'GET', url });
        return !route || (route.params as Record<string, string>)['*'] === url.slice(1);
      });
      expect(missing).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('keeps docs/errors.md in step with the error catalogue (node scripts/errors-doc.ts)', () => {
    expect(readFileSync(join(root, 'docs', 'errors.md'), 'utf8')).toBe(errorsDoc());
  });
});
