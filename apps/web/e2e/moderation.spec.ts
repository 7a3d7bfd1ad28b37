// Bans (issue 30): a signed-in player is banned from the operators' command line (the real one, on the
// server's database between two starts of the server) and is taken to the page that says so at their
// next action: the reason, the end in their language, the note, the support link; the page survives a
// reload, and signing in again lands there too. In English at desktop width, and in Arabic, right to
// left, at phone width, in the same run: one ban pause (two starts of a server) for both players.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page, TestInfo } from '@playwright/test';
import { devices, expect, test } from '@playwright/test';
import {
  createAccount,
  DESKTOP_ONLY,
  expectNoAxeViolations,
  fillPasswordSignIn,
  PASSWORD,
  uniqueEmail,
  pageInNewContext,
} from './helpers.ts';
import { admin } from './admin-cli.ts';
import { startPortalServer } from './peers/portal-server.ts';
import { screenshot } from './screenshots.ts';
import { OWN_SERVER_FIXTURE_MS } from './time-limits.ts';

const NOTE = 'Aimbot detected in ranked matches on 3 November.';

/**
 * A player created through the API and signed in through the sign-in pages, on their account page,
 * in a browser context of the given device (the desktop project's own by default).
 */
async function signedInPlayer(
  browser: Browser,
  testInfo: TestInfo,
  url: string,
  tag: string,
  device?: BrowserContextOptions,
) {
  const page = await pageInNewContext(browser, testInfo, { baseURL: url, device });
  const email = uniqueEmail(testInfo, tag);
  await createAccount(page.request, email);
  await page.goto('/sign-in?lang=en-US');
  await fillPasswordSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  return { page, email };
}

/** The player's next action: the section navigation's link to the friends page (which reads the friends list). */
async function nextAction(page: Page) {
  await page.locator('main nav a[href="/friends"]').click();
}

test(
  'a signed-in player banned from the command line sees why at the next action, in English and Arabic',
  DESKTOP_ONLY,
  async ({ browser }, testInfo) => {
    test.setTimeout(OWN_SERVER_FIXTURE_MS);
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-moderation-'));
    let server = await startPortalServer({}, { dataDir });
    const port = Number(new URL(server.url).port);
    try {
      const english = await signedInPlayer(browser, testInfo, server.url, 'banned-en');
      const arabic = await signedInPlayer(browser, testInfo, server.url, 'banned-ar', devices['Pixel 7']);
      await arabic.page.goto('/account?lang=ar-AE');
      await expect(arabic.page.locator('html')).toHaveAttribute('dir', 'rtl');

      // The operator bans both while the players' pages stay open.
      await server.stop();
      expect(
        admin(
          dataDir,
          'accounts',
          'ban',
          english.email,
          '--reason',
          'cheating',
          '--note',
          NOTE,
          '--until',
          '2031-01-31',
          '--by',
          'e2e.operator',
        ),
      ).toMatch(/^banned .* \(cheating\) until 2031-01-31 00:00:00 UTC/);
      expect(admin(dataDir, 'accounts', 'ban', arabic.email, '--reason', 'harassment')).toMatch(/without end/);
      server = await startPortalServer({}, { dataDir, port });

      // English: the next action lands on the page that says what happened and until when.
      await nextAction(english.page);
      await expect(english.page).toHaveURL(/\/account-restricted/);
      const main = english.page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toContainText(/suspended/i);
      await expect(main).toContainText(/cheat/i);
      await expect(main).toContainText('January 31, 2031');
      await expect(main).toContainText(NOTE);
      await expect(main.getByRole('link', { name: /support/i })).toHaveAttribute('href', /^https?:\/\//);
      await expectNoAxeViolations(english.page);
      await screenshot(english.page, testInfo, 'banned-en');
      // A reload keeps it; the player is signed out.
      await english.page.reload();
      await expect(main).toContainText(NOTE);
      await expect(english.page.locator('.account-menu')).toHaveCount(0);
      // Signing in again lands there too.
      await english.page.goto('/sign-in?lang=en-US');
      await fillPasswordSignIn(english.page, english.email, PASSWORD);
      await expect(english.page).toHaveURL(/\/account-restricted/);
      await expect(main).toContainText('January 31, 2031');

      // Arabic, right to left: a ban without end, met at the next page load.
      await arabic.page.reload();
      await expect(arabic.page).toHaveURL(/\/account-restricted/);
      await expect(arabic.page.locator('html')).toHaveAttribute('dir', 'rtl');
      const arabicMain = arabic.page.getByRole('main');
      await expect(arabicMain.getByRole('heading', { level: 1 })).toHaveText(/[\u0600-\u06FF]/);
      // The page of a ban, not a start-up failure: the support link to appeal, no sign-in menu.
      await expect(arabicMain.locator('a[href^="https://support.example.com"]')).toBeVisible();
      await expect(arabic.page.locator('.account-menu')).toHaveCount(0);
      await expect(arabicMain).not.toContainText('harassment');
      await expectNoAxeViolations(arabic.page);
      // At phone width (Pixel 7): the Arabic page fits, nothing runs off its side.
      expect(await arabic.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(arabic.page, testInfo, 'banned-ar-phone');
    } finally {
      await server.stop();
    }
  },
);
