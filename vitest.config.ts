import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// One Vitest run covers every package. Server integration tests run on PGlite, and a second time
// on PostgreSQL when DATABASE_URL is set (CI sets it to the machine's PostgreSQL). Each server
// project migrates one template database per run (apps/server/test/global-setup.ts), which every
// test file copies.
//
// One worker per core (VITEST_MAX_WORKERS overrides): a test file keeps its core busy (PGlite runs
// in the worker, argon2id hashes there too), so more workers than cores only make each file slower
// and turn waits into timeouts on a busy machine.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(1, availableParallelism());
// The fast-check runs of 100,000 cases per parser (*.fuzz.test.ts) belong to the soak suite
// (vitest.soak.config.ts): together they take minutes of CPU.
const exclude = [...configDefaults.exclude, '**/*.fuzz.test.ts'];
const serverSetup = ['test/global-setup.ts'];
// A server test file keeps the modules its worker loaded for an earlier file (no fresh module graph
// a file): each imports the whole server, and loading it again for every file was half the unit
// suite's time (import 115 s of 231 s on 2 cores; 113 s in all without). Each file still builds its
// own app, database and clock (test/helpers.ts), and what a module keeps is keyed by the app
// (http/register-call.ts: implementedCalls). The web's files keep their isolation: one of them
// defines `window` for TanStack Query, which reads it when first loaded.
const isolate = false;
const postgres = process.env.DATABASE_URL
  ? [
      {
        extends: true as const,
        test: {
          name: 'server-postgres',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: serverSetup,
          isolate,
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    maxWorkers,
    exclude,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          env: { TEST_DATABASE: 'pglite' },
          globalSetup: serverSetup,
          isolate,
        },
      },
      ...postgres,
      {
        extends: true,
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
