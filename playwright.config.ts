// Browser tests in Debian's Chromium (playwright cannot download browsers here). The server runs
// exactly as `npm start` runs it, on its own port and a throw-away data directory.
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { testServerEnv } from './apps/web/e2e/server-env.ts';
import { EXPECT_MS, SERVER_START_MS, TEST_MS } from './apps/web/e2e/time-limits.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// A worker (and its Chromium) per core, at most 4: every worker talks to the one server process,
// and each Chromium holds a few hundred MB. E2E_WORKERS (or --workers) overrides.
const workers = Number(process.env.E2E_WORKERS) || Math.min(4, Math.max(1, availableParallelism()));
const launchOptions = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--disable-quic'] };

export default defineConfig({
  testDir: 'apps/web/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  workers,
  retries: process.env.CI ? 1 : 0,
  // Limits with room for a machine three times slower, and busy (e2e/time-limits.ts).
  timeout: TEST_MS,
  expect: { timeout: EXPECT_MS },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: { baseURL: `http://127.0.0.1:${port}`, trace: 'retain-on-failure', launchOptions },
  projects: [
    { name: 'desktop', testIgnore: /consent\.spec\.ts/, use: { ...devices['Desktop Chrome'], launchOptions } },
    // Tests of behaviour rather than layout (tagged DESKTOP_ONLY, e2e/helpers.ts) run once, at desktop width.
    {
      name: 'phone',
      testIgnore: /consent\.spec\.ts/,
      grepInvert: /@desktop-only/,
      use: { ...devices['Pixel 7'], launchOptions },
    },
    // Publishes new terms, which every account then has to accept: after all the others, and one
    // test at a time (terms published by one test would otherwise ask another's player again).
    {
      name: 'consent',
      testMatch: /consent\.spec\.ts/,
      fullyParallel: false,
      dependencies: ['desktop', 'phone'],
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
  ],
  webServer: {
    command: 'node apps/server/src/server.ts',
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: SERVER_START_MS,
    env: {
      ...testServerEnv(port, dataDir),
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  },
});
