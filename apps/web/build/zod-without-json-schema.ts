// A build step (Vite plugin): Zod's JSON Schema generator left out of the web app. Zod 4's classic
// schemas import it for their `toJSONSchema()` (one closure per schema kind keeps it all alive), so
// every player would download about 17 KB of it (5 KB brotli) on /sign-in, whose JavaScript has a
// budget (bench/bundle-size.mjs). Only the server's OpenAPI document makes JSON Schema
// (packages/contract/src/calls/documented.ts, which the web app replaces with documented.web.ts).
//
// The two modules are replaced by ones with the same exports (read from Zod's own files, so an
// upgrade that adds one still builds): the generator's functions throw if anything ever calls them,
// and `aggregateChecks`, behind the schemas' `minLength`/`maxLength`/`format` getters, is Zod's own,
// cut from its file (build/zod-without-json-schema.test.ts compares it with the original).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const REPLACED = /zod\/v4\/core\/(json-schema-processors|to-json-schema)\.js$/;
const PREFIX = '\0zod-without-json-schema:';

function exportedNames(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/^export (?:async )?(?:function|const|let|class) ([A-Za-z_$][\w$]*)/gm)) {
    names.add(match[1] as string);
  }
  for (const match of source.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of (match[1] as string).split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return [...names];
}

/**
 * Zod's own `aggregateChecks` and what it folds with: the processors' file up to the end of that
 * function, without its import of the generator (only the processors below it use that).
 */
function aggregateChecksOf(source: string, dir: string): string {
  const start = source.indexOf('export function aggregateChecks(');
  const end = source.indexOf('\n}\n', start);
  if (start < 0 || end < 0) throw new Error('zod-without-json-schema: aggregateChecks not found in Zod');
  return (
    source
      .slice(0, end + 3)
      .replace(/^import [^;]*from "\.\/to-json-schema\.js";$/m, '')
      // The stand-in is a module of its own (no directory): Zod's other files by their full path.
      .replace(/from "\.\/([\w.-]+\.js)"/g, (_, name: string) => `from ${JSON.stringify(join(dir, name))}`)
  );
}

export function replacement(file: string): string {
  const source = readFileSync(file, 'utf8');
  const processors = file.endsWith('json-schema-processors.js');
  const lines = exportedNames(source)
    .filter((name) => !(processors && name === 'aggregateChecks'))
    .map((name) => `export const ${name} = unavailable;`);
  return [
    ...(processors ? [aggregateChecksOf(source, dirname(file))] : []),
    `function unavailable() { throw new Error('JSON Schema is not built into the web app (apps/web/build/zod-without-json-schema.ts)'); }`,
    ...lines,
  ].join('\n');
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!importer?.includes('/zod/') || !/json-schema|processors/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && REPLACED.test(resolved.id) ? PREFIX + resolved.id : null;
    },
    load(id) {
      return id.startsWith(PREFIX) ? replacement(id.slice(PREFIX.length)) : null;
    },
  };
}
