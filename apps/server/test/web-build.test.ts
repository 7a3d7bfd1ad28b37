// The web build (scripts/build-web.mjs): always for production, the same file names for one commit
// whatever NODE_ENV the caller has, and skipped when the built output is current.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWeb, isWebBuildCurrent, STAMP_FILE, webSourceHash } from '../../../scripts/build-web.mjs';

const root = join(import.meta.dirname, '..', '..', '..');
const temp = mkdtempSync(join(tmpdir(), 'portal-web-build-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function buildWith(nodeEnv: string, outDir: string): void {
  const result = spawnSync(process.execPath, ['scripts/build-web.mjs', '--out-dir', outDir], {
    cwd: root,
    env: { ...process.env, NODE_ENV: nodeEnv },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
}

/** Every file the manifest names, sorted. */
function manifestFiles(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; css?: string[] }
  >;
  return Object.values(manifest)
    .flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])])
    .sort();
}

describe('the web build', () => {
  it('gives the same files under NODE_ENV=development and NODE_ENV=production, and is then skipped', () => {
    const development = join(temp, 'development');
    const production = join(temp, 'production');
    buildWith('development', development);
    buildWith('production', production);
    const files = manifestFiles(production);
    expect(files.some((file) => /^assets\/index-[\w-]+\.js$/.test(file))).toBe(true);
    expect(manifestFiles(development)).toEqual(files);
    expect(readFileSync(join(development, 'index.html'), 'utf8')).toBe(
      readFileSync(join(production, 'index.html'), 'utf8'),
    );
    // React's production build, not its development one.
    const scripts = files.filter((file) => file.endsWith('.js'));
    const code = scripts.map((file) => readFileSync(join(development, file), 'utf8')).join('\n');
    expect(code).not.toContain('Invalid hook call');

    // The sources did not change: the next build is skipped.
    const lines: string[] = [];
    expect(isWebBuildCurrent(root, development)).toBe(true);
    expect(buildWeb({ root, distDir: development, log: (line) => lines.push(line) })).toBe(false);
    expect(lines.join('\n')).toContain('build skipped');
  }, 120_000);

  it('is current only while no source changed since the stamped build', () => {
    const fake = join(temp, 'fake-root');
    mkdirSync(join(fake, 'apps/web/src'), { recursive: true });
    mkdirSync(join(fake, 'packages/contract/src'), { recursive: true });
    writeFileSync(join(fake, 'apps/web/index.html'), '<div id="root"></div>');
    writeFileSync(join(fake, 'apps/web/src/main.tsx'), 'export {};');
    writeFileSync(join(fake, 'packages/contract/src/index.ts'), 'export const a = 1;');
    writeFileSync(join(fake, 'package-lock.json'), '{}');
    const dist = join(fake, 'apps/web/dist');
    expect(isWebBuildCurrent(fake, dist)).toBe(false);

    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<html></html>');
    writeFileSync(join(dist, STAMP_FILE), `${webSourceHash(fake)}\n`);
    expect(isWebBuildCurrent(fake, dist)).toBe(true);
    // Current: nothing is built (this root has no Vite, a build would fail).
    expect(buildWeb({ root: fake, distDir: dist, log: () => {} })).toBe(false);

    for (const [file, text] of [
      ['packages/contract/src/index.ts', 'export const a = 2;'],
      ['apps/web/src/new-screen.tsx', 'export {};'],
      ['package-lock.json', '{"lockfileVersion":3}'],
    ] as const) {
      writeFileSync(join(fake, file), text);
      expect(isWebBuildCurrent(fake, dist), file).toBe(false);
      // A changed source is built again (here it fails: proof that it did not skip).
      expect(() => buildWeb({ root: fake, distDir: dist, log: () => {} })).toThrow();
      writeFileSync(join(dist, STAMP_FILE), `${webSourceHash(fake)}\n`);
      expect(isWebBuildCurrent(fake, dist)).toBe(true);
    }
    // A dist without its page is never current.
    rmSync(join(dist, 'index.html'));
    expect(isWebBuildCurrent(fake, dist)).toBe(false);
  });
});
