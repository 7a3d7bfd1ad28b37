// Tests that need the portal configured otherwise than playwright.config.ts's server (for example
// DEBUG=enabled) get a server of their own: started once per worker with those settings
// (peers/portal-server.ts), and `page` and `request` use it.
import { test as base } from '@playwright/test';
import { startPortalServer } from './peers/portal-server.ts';
import { OWN_SERVER_FIXTURE_MS } from './time-limits.ts';

export function testWithOwnServer(env: Record<string, string>) {
  return base.extend<object, { ownServer: string }>({
    ownServer: [
      // Playwright reads a fixture's dependencies from its first parameter: none here.
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const server = await startPortalServer(env);
        await use(server.url);
        await server.stop();
      },
      { scope: 'worker', timeout: OWN_SERVER_FIXTURE_MS },
    ],
    baseURL: async ({ ownServer }, use) => use(ownServer),
  });
}
