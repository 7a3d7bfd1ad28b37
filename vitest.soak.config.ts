import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm run test:soak` (CI runs it after `npm test`): the long tests of issue 19 (thousands of
// concurrent submissions, fuzzing every call, 100,000 fast-check cases per parser, a stop sent to
// npm start). Same server
// projects as vitest.config.ts, on PGlite and on PostgreSQL when DATABASE_URL is set, from
// apps/server/soak/.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(1, availableParallelism());
const serverSetup = ['test/global-setup.ts'];
// The timing test measures milliseconds: beside the other soak files (the fuzzers, thousands of
// concurrent sign-ups) the two cores are saturated, and the medians drifted apart by the machine's
// load, not the code's (8.5 ms once in CI). It runs after them, alone, once per database (`groupOrder`).
const TIMING = 'soak/sign-in-timing.test.ts';
const soak = (name: string, database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    root: 'apps/server',
    // The fast-check runs of the server's parsers (pure: once, with the PGlite project).
    include: database === 'pglite' ? ['soak/**/*.test.ts', 'src/**/*.fuzz.test.ts'] : ['soak/**/*.test.ts'],
    exclude: [TIMING],
    env: { TEST_DATABASE: database },
    globalSetup: serverSetup,
  },
});
const timing = (name: string, database: 'pglite' | 'postgres', groupOrder: number) => ({
  extends: true as const,
  test: {
    name,
    root: 'apps/server',
    include: [TIMING],
    env: { TEST_DATABASE: database },
    globalSetup: serverSetup,
    sequence: { groupOrder },
  },
});

export default defineConfig({
  test: {
    maxWorkers,
    testTimeout: 600_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'soak-contract', root: 'packages/contract', include: ['src/**/*.fuzz.test.ts'] } },
      soak('soak', 'pglite'),
      ...(process.env.DATABASE_URL ? [soak('soak-postgres', 'postgres')] : []),
      timing('soak-timing', 'pglite', 1),
      ...(process.env.DATABASE_URL ? [timing('soak-timing-postgres', 'postgres', 2)] : []),
    ],
  },
});
