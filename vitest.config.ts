import { defineConfig } from 'vitest/config';

// One Vitest run covers every package. Server integration tests run on PGlite, and a second time
// on PostgreSQL when DATABASE_URL is set (CI sets it to the machine's PostgreSQL).
const postgres = process.env.DATABASE_URL
  ? [
      {
        extends: true as const,
        test: {
          name: 'server-postgres',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          env: { TEST_DATABASE: 'postgres' },
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
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
        },
      },
      ...postgres,
      {
        extends: true,
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
    ],
  },
});
