// Bytes on the wire of the JavaScript the browser needs to show /sign-in: the entry chunk, everything
// it imports statically, the lazily loaded screens of the sign-in route (and their static imports)
// and the en-US messages. What a browser receives is the brotli copy the build wrote beside each file
// (scripts/build-web.mjs; the server sends it for `Accept-Encoding: br`), or the file itself when the
// build wrote none (too small to be worth it). Budget: 120 KB of that (DESIGN.md); the gzip figure
// (what a browser without brotli receives) is printed beside it. Run after `npm run build`:
//   node bench/bundle-size.mjs [--json]   (WEB_DIST_DIR=<dir> measures another build's output)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const BUDGET = 120 * 1024;
const dist = process.env.WEB_DIST_DIR ?? join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const needed = new Set();
function add(key) {
  if (needed.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  needed.add(key);
  for (const imported of chunk.imports ?? []) add(imported);
}

// The players' entry (index.html), not the operators' console (console.html), which players never load.
const entry = manifest['index.html'] ? 'index.html' : Object.keys(manifest).find((key) => manifest[key].isEntry);
add(entry);
// The sign-in route's screens and the default language's messages load right after the entry.
add(Object.keys(manifest).find((key) => key.endsWith('features/auth/screens.tsx')));
add(Object.keys(manifest).find((key) => key.endsWith('locales/en-US/common.json')));

/** The size the server sends for `file` with this encoding: its precompressed copy, else the file. */
function sentSize(file, extension, bytes) {
  const copy = join(dist, `${file}.${extension}`);
  return existsSync(copy) ? readFileSync(copy).length : bytes.length;
}

const rows = [...needed].map((key) => {
  const file = manifest[key].file;
  const bytes = readFileSync(join(dist, file));
  return { file, bytes: bytes.length, br: sentSize(file, 'br', bytes), gzip: sentSize(file, 'gz', bytes) };
});
const sum = (field) => rows.reduce((total, row) => total + row[field], 0);
const total = sum('br');
const kb = (bytes) => +(bytes / 1024).toFixed(1);
const result = { route: '/sign-in', budgetKB: BUDGET / 1024, totalKB: kb(total), gzipKB: kb(sum('gzip')), files: rows };
if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
else {
  const column = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
  console.log(`${'brotli'.padStart(10)}  ${'gzip'.padStart(10)}`);
  for (const row of rows) console.log(`${column(row.br)}  ${column(row.gzip)}  ${row.file}`);
  console.log(
    `${column(total)}  ${column(sum('gzip'))}  sent for /sign-in, brotli (budget ${result.budgetKB} KB) and gzip`,
  );
}
process.exit(total <= BUDGET ? 0 : 1);
