// The layers of docs/ARCHITECTURE.md are enforced by `npm run check` (issue 29): it runs ESLint on
// the whole repository, and ESLint fails on an import that goes up a layer (planted here in files
// that exist only for the test) and on an import cycle (two planted files importing each other).
// No database: it runs in the PGlite project only.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
const eslint = new ESLint({ cwd: root });
const onPostgres = process.env.TEST_DATABASE === 'postgres';

/** A source file of a folder (not a test), found on the disk so that a rename does not break the test. */
function fileIn(folder: string): string {
  const found = readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .sort()[0];
  if (!found) throw new Error(`no source file in ${folder}`);
  return `${folder}/${found}`;
}

/** The rules an import of `target` breaks, in a new file at `file` (linted as text, never written). */
async function brokenBy(file: string, target: string): Promise<string[]> {
  const path = relative(dirname(join(root, file)), join(root, target));
  const source = path.startsWith('.') ? path : `./${path}`;
  const [result] = await eslint.lintText(`import * as planted from '${source}';\nexport const value = planted;\n`, {
    filePath: join(root, file),
  });
  return (result?.messages ?? []).map((message) => `${message.ruleId}`);
}

const UP = 'import-x/no-restricted-paths';

describe.skipIf(onPostgres)('the web layers (app → features → flows → components → lib)', () => {
  it.each([
    ['a feature', `${WEB}/features/home/planted.ts`, `${WEB}/app`],
    ['a feature', `${WEB}/features/home/planted.ts`, `${WEB}/features/account`],
    ['flows/', `${WEB}/flows/planted.ts`, `${WEB}/app`],
    ['flows/', `${WEB}/flows/planted.ts`, `${WEB}/features/home`],
    ['components/', `${WEB}/components/planted.tsx`, `${WEB}/app`],
    ['components/', `${WEB}/components/planted.tsx`, `${WEB}/features/home`],
    ['components/', `${WEB}/components/planted.tsx`, `${WEB}/flows`],
    ['lib/', `${WEB}/lib/planted.ts`, `${WEB}/app`],
    ['lib/', `${WEB}/lib/planted.ts`, `${WEB}/features/home`],
    ['lib/', `${WEB}/lib/planted.ts`, `${WEB}/flows`],
  ])('fails when %s (%s) imports %s', async (_layer, file, folder) => {
    expect(await brokenBy(file, fileIn(folder))).toContain(UP);
  });

  it.each([
    [`${WEB}/app/planted.ts`, `${WEB}/features/home`],
    [`${WEB}/features/home/planted.ts`, `${WEB}/flows`],
    [`${WEB}/features/home/planted.ts`, `${WEB}/components`],
    [`${WEB}/flows/planted.ts`, `${WEB}/components`],
    [`${WEB}/flows/planted.ts`, `${WEB}/lib`],
    [`${WEB}/components/planted.tsx`, `${WEB}/lib`],
  ])('lets %s import %s (one layer down)', async (file, folder) => {
    expect(await brokenBy(file, fileIn(folder))).toEqual([]);
  });
});

describe.skipIf(onPostgres)('one cache of the signed-in account (ADR 031)', () => {
  const lint = async (file: string) => {
    const [result] = await eslint.lintText('export const keep = (session: any) => session.mirrorAccount(null);\n', {
      filePath: join(root, file),
    });
    return (result?.messages ?? []).map((message) => `${message.ruleId}`);
  };

  it("fails when a screen writes the session's account itself, and lets the account cache", async () => {
    expect(await lint(`${WEB}/features/home/planted.ts`)).toContain('no-restricted-syntax');
    expect(await lint(`${WEB}/lib/auth/account-cache.ts`)).not.toContain('no-restricted-syntax');
  });
});

describe.skipIf(onPostgres)('the server layers', () => {
  const repo = `${SERVER}/modules/games/repo.ts`;
  const service = `${SERVER}/modules/games/service.ts`;
  it.each([`${SERVER}/admin/planted.ts`, `${SERVER}/seed/planted.ts`])(
    'fails when %s imports a repo, and lets it import a service',
    async (file) => {
      expect(await brokenBy(file, repo)).toContain(UP);
      expect(await brokenBy(file, `${SERVER}/mail/queue-repo.ts`)).toContain(UP);
      expect(await brokenBy(file, service)).toEqual([]);
    },
  );
});

describe.skipIf(onPostgres)('import cycles', () => {
  const dir = join(root, SERVER, `.planted-cycle-${process.pid}`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fail on two files that import each other, and not on one importing the other', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = () => a;\n");
    writeFileSync(join(dir, 'c.ts'), "import { a } from './a.ts';\nexport const c = () => a;\n");
    const results = await eslint.lintFiles([join(dir, 'a.ts'), join(dir, 'c.ts')]);
    const rules = (name: string) =>
      results.find((result) => result.filePath.endsWith(name))?.messages.map((message) => message.ruleId);
    expect(rules('a.ts')).toContain('import-x/no-cycle');
    expect(rules('c.ts')).toEqual([]);
  });
});

describe.skipIf(onPostgres)('npm run check', () => {
  it('runs ESLint on the whole repository, failing on any error or warning', () => {
    const run = readFileSync(join(root, 'scripts', 'run.mjs'), 'utf8');
    const check = /\nfunction check\(\) \{\n([\s\S]*?)\n\}/.exec(run)?.[1] ?? '';
    expect(check).toContain("sh('npx', ['eslint', '.', '--max-warnings=0']);");
  });

  it('does not leave the planted places out of its lint', async () => {
    for (const file of [
      `${WEB}/features/home/planted.ts`,
      `${WEB}/flows/planted.ts`,
      `${WEB}/lib/planted.ts`,
      `${SERVER}/admin/planted.ts`,
      `${SERVER}/.planted-cycle/a.ts`,
    ])
      expect(await eslint.isPathIgnored(join(root, file))).toBe(false);
  });
});
