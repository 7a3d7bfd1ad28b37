// Gzip size of the JavaScript the browser needs to show /sign-in: the entry chunk, everything it
// imports statically, the lazily loaded screens of the sign-in route (and their static imports) and
// the en-US messages. Budget: 120 KB (DESIGN.md). Run after `npm run build`:
//   node bench/bundle-size.mjs [--json]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = 120 * 1024;
const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const needed = new Set();
function add(key) {
  if (needed.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  needed.add(key);
  for (const imported of chunk.imports ?? []) add(imported);
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
add(entry);
// The sign-in route's screens and the default language's messages load right after the entry.
add(Object.keys(manifest).find((key) => key.endsWith('features/auth/screens.tsx')));
add(Object.keys(manifest).find((key) => key.endsWith('locales/en-US/common.json')));

const rows = [...needed].map((key) => {
  const file = manifest[key].file;
  const bytes = readFileSync(join(dist, file));
  return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const result = { route: '/sign-in', budgetKB: BUDGET / 1024, totalKB: +(total / 1024).toFixed(1), files: rows };
if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
else {
  for (const row of rows) console.log(`${(row.gzip / 1024).toFixed(1).padStart(7)} KB  ${row.file}`);
  console.log(`${result.totalKB.toFixed(1).padStart(7)} KB  total gzip for /sign-in (budget ${result.budgetKB} KB)`);
}
process.exit(total <= BUDGET ? 0 : 1);
