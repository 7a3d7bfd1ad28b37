import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { username } from '../../../packages/contract/src/calls/entities.ts';
import { replacement } from './zod-without-json-schema.ts';

// The web build's stand-in for Zod's JSON Schema processors is written beside Zod's own file, so its
// imports of Zod's other modules resolve as in the build.
const zodRoot = dirname(createRequire(import.meta.url).resolve('zod/package.json'));
const real = join(zodRoot, 'v4', 'core', 'json-schema-processors.js');
const original = () => import(pathToFileURL(real).href) as Promise<Record<string, (...args: unknown[]) => unknown>>;
const copy = join(dirname(real), `.web-build-check-${process.pid}.js`);
afterAll(() => rmSync(copy, { force: true }));

async function standIn() {
  writeFileSync(copy, replacement(real));
  return (await import(pathToFileURL(copy).href)) as Record<string, (...args: unknown[]) => unknown>;
}

describe('the web build without Zod’s JSON Schema generator', () => {
  it('keeps Zod’s own aggregateChecks, so minLength, maxLength and format read the same', async () => {
    const built = await standIn();
    const { aggregateChecks } = await original();
    const schemas = [
      z.string().min(3).max(20),
      z.string().length(5),
      z.email(),
      z.string().regex(/^[a-z]+$/),
      z.number().int().min(0).max(10),
      z.number().gt(1).lt(9).multipleOf(2),
      z.array(z.string()).min(1).max(4),
      username,
    ];
    for (const schema of schemas) expect(built.aggregateChecks?.(schema)).toEqual(aggregateChecks?.(schema));
  });

  it('has every export of Zod’s two files, and the generator’s functions throw if called', async () => {
    const built = await standIn();
    expect(Object.keys(built).sort()).toEqual(Object.keys(await original()).sort());
    expect(() => built.stringProcessor?.()).toThrow(/not built into the web app/);
    const generator = join(zodRoot, 'v4', 'core', 'to-json-schema.js');
    const names = (code: string) => [...code.matchAll(/^export const (\w+)/gm)].map((m) => m[1]).sort();
    expect(names(replacement(generator))).toEqual(Object.keys(await import(pathToFileURL(generator).href)).sort());
  });
});
