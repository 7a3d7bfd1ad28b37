// Tests that need the portal configured otherwise than playwright.config.ts's server (for example
// DEBUG=enabled) get a server of their own: started once per worker with those settings
// (peers/portal-server.ts), and `page` and `request` use it.
import { test as base } from '@playwright/test';
import { startPortalServer } from './peers/portal-server.ts';
import { OWN_SERVER_FIXTURE_MS } from './time-limits.ts';

const made = new Map<string, ReturnType<typeof withServer>>();

/**
 * The test of a server with `env`. Files asking for the same settings get the same test object, so
 * a worker runs them on one server (and Playwright need not start another worker for them).
 */
export function testWithOwnServer(env: Record<string, string>, options: { publicHost?: string } = {}) {
  const key = JSON.stringify([Object.entries(env).sort(), options.publicHost ?? null]);
  const test = made.get(key) ?? withServer(env, options);
  made.set(key, test);
  return test;
}

function withServer(env: Record<string, string>, options: { publicHost?: string }) {
  return base.extend<object, { ownServer: string }>({
    ownServer: [
      // Playwright reads a fixture's dependencies from its first parameter: none here.
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const server = await startPortalServer(env, options);
        await use(server.url);
        await server.stop();
      },
      { scope: 'worker', timeout: OWN_SERVER_FIXTURE_MS },
    ],
    baseURL: async ({ ownServer }, use) => use(ownServer),
  });
}
