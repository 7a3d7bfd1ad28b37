// Builds the web app (apps/web) once per commit, always for production.
//
// - The build never follows the caller's NODE_ENV: `NODE_ENV=development npm start` ships the same
//   files (and file names) as `npm start`. NODE_ENV only switches the server's development routes.
// - The build is skipped when the built output is current: after a successful build a stamp file
//   (dist/.build-stamp) holds a hash of everything the build reads (the web app's and the contract's
//   sources, index.html, the Vite config, package-lock.json); a build with the same hash is not redone.
// - Every text file of the build worth it (scripts, styles, the messages and other JSON, SVG, HTML)
//   gets a brotli (.br) and a gzip (.gz) copy beside it, written once here and never per request:
//   the server (http/spa.ts, @fastify/static `preCompressed`) sends the one the browser accepts.
// - The build is written into a temporary directory next to dist and moved into place, so a running
//   server (http/spa.ts serves what is on disk) never sees a half-written dist.
//
// `node scripts/build-web.mjs [--force] [--out-dir <dir>]`; `npm run build -w @portal/web` runs it.
// This file must stay plain JavaScript (scripts/run.mjs imports nothing of it, but runs it with npm).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const STAMP_FILE = '.build-stamp';
const defaultRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What the web build reads, relative to the repository root: folders are read recursively. */
export const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/console.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.console.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
];

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** A hash of every file the web build reads (paths and contents): the same sources, the same hash. */
export function webSourceHash(root = defaultRoot) {
  const hash = createHash('sha256');
  const files = BUILD_INPUTS.flatMap((input) => filesUnder(join(root, input)))
    .map((file) => relative(root, file).split('\\').join('/'))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when distDir holds a complete build of the current sources. */
export function isWebBuildCurrent(root = defaultRoot, distDir = join(root, 'apps/web/dist')) {
  const stamp = join(distDir, STAMP_FILE);
  if (!existsSync(stamp) || !existsSync(join(distDir, 'index.html'))) return false;
  return readFileSync(stamp, 'utf8').trim() === webSourceHash(root);
}

/** Extensions of the built files that compress (images and fonts are compressed already). */
export const COMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.xml', '.webmanifest'];
/** Files smaller than this are sent as they are: compressing them saves less than a packet. */
export const COMPRESS_MIN_BYTES = 1024;

/** Brotli (highest quality) and gzip (level 9) of `bytes`, as the build writes them. */
export function compressedCopies(bytes) {
  return {
    br: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gz: gzipSync(bytes, { level: 9 }),
  };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of dir (source maps and the
 * Vite manifest excluded: no browser downloads them) when the copy is smaller. Returns their count.
 */
export function compressBuild(dir) {
  let written = 0;
  for (const file of filesUnder(dir)) {
    const name = relative(dir, file).split('\\').join('/');
    if (!COMPRESSED_EXTENSIONS.includes(extname(file)) || name.startsWith('.vite/')) continue;
    const bytes = readFileSync(file);
    if (bytes.length < COMPRESS_MIN_BYTES) continue;
    for (const [extension, copy] of Object.entries(compressedCopies(bytes))) {
      if (copy.length >= bytes.length) continue;
      writeFileSync(`${file}.${extension}`, copy);
      written++;
    }
  }
  return written;
}

function runVite(root, outDir) {
  const webDir = join(root, 'apps/web');
  const vitePackage = createRequire(join(webDir, 'package.json')).resolve('vite/package.json');
  // The players' app, then the operators' console into the same folder (vite.console.config.ts says why).
  for (const args of [['--emptyOutDir'], ['--config', 'vite.console.config.ts']]) {
    const result = spawnSync(
      process.execPath,
      [join(dirname(vitePackage), 'bin/vite.js'), 'build', '--outDir', outDir, ...args],
      // Always a production build, whatever NODE_ENV the caller runs with.
      { cwd: webDir, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
    if (result.status !== 0) throw new Error(`vite build exited with ${result.status ?? result.signal}`);
  }
}

/** Replaces distDir by builtDir with two renames (a concurrent build may win the race: retried). */
function moveIntoPlace(builtDir, distDir) {
  for (let attempt = 0; ; attempt++) {
    const old = `${builtDir}-old`;
    try {
      renameSync(distDir, old);
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
    try {
      renameSync(builtDir, distDir);
      rmSync(old, { recursive: true, force: true });
      return;
    } catch (error) {
      rmSync(old, { recursive: true, force: true });
      if (!['ENOTEMPTY', 'EEXIST'].includes(error.code) || attempt >= 5) throw error;
    }
  }
}

/**
 * Builds the web app into distDir unless it is current (or `force`). Returns whether it built.
 * @param {{ root?: string, distDir?: string, force?: boolean, log?: (line: string) => void }} [options]
 */
export function buildWeb(options = {}) {
  const root = options.root ?? defaultRoot;
  const distDir = resolve(options.distDir ?? join(root, 'apps/web/dist'));
  const log = options.log ?? ((line) => console.log(line));
  const hash = webSourceHash(root);
  if (!options.force && isWebBuildCurrent(root, distDir)) {
    log(`[build] the web app in ${distDir} is current (${STAMP_FILE}): build skipped`);
    return false;
  }
  const builtDir = join(dirname(distDir), `.${basename(distDir)}-build-${process.pid}-${Date.now()}`);
  try {
    runVite(root, builtDir);
    log(`[build] ${compressBuild(builtDir)} brotli and gzip copies written`);
    writeFileSync(join(builtDir, STAMP_FILE), `${hash}\n`);
    moveIntoPlace(builtDir, distDir);
  } finally {
    rmSync(builtDir, { recursive: true, force: true });
  }
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out-dir');
  try {
    buildWeb({
      force: args.includes('--force'),
      ...(outIndex >= 0 && args[outIndex + 1] ? { distDir: resolve(args[outIndex + 1]) } : {}),
    });
  } catch (error) {
    console.error(`[build] ${error.message}`);
    process.exit(1);
  }
}
