// The first screen needs no API round trip: the runtime config and the public settings come with
// index.html (the server writes them there), and the messages and the page's screens are preloaded
// beside the entry script (issue 14, "start-up waits on a chain"). Here the API and /config.json are
// unreachable once the page arrived: the first screen still renders, in English and in Arabic.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DESKTOP_ONLY, expectNoAxeViolations, seedSignedInPlayer, uniqueEmail } from './helpers.ts';
import { screenshot } from './screenshots.ts';

const START_UP_CALLS = /\/(config\.json$|api\/settings\/)/;

/** Makes the API (or the start-up calls only) unreachable; answers the paths the page asked for. */
async function cutOff(page: Page, what: RegExp): Promise<string[]> {
  const asked: string[] = [];
  await page.route(what, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await route.abort('failed');
  });
  return asked;
}

for (const { lang, dir, title, email } of [
  { lang: 'en-US', dir: 'ltr', title: 'Sign in', email: 'Email address' },
  { lang: 'ar-AE', dir: 'rtl', title: 'تسجيل الدخول', email: 'عنوان البريد الإلكتروني' },
]) {
  test(`the sign-in page renders with the API unreachable after the page arrived (${lang})`, async ({
    page,
  }, testInfo) => {
    const asked = await cutOff(page, /\/(config\.json$|api\/)/);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`/sign-in?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByLabel(email)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expect(page.getByRole('alert')).toHaveCount(0);
    // Nothing of the start-up was asked of the API: config and settings came with the page.
    expect(asked.filter((path) => START_UP_CALLS.test(path))).toEqual([]);
    // The page's messages and screens were named by the page itself, not discovered one by one.
    const preloaded = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(preloaded.some((path) => /\/assets\/screens-/.test(path))).toBe(true);
    expect(
      scripts.filter((path) => /\/assets\/(screens|common)-/.test(path)).every((path) => preloaded.includes(path)),
    ).toBe(true);
    await screenshot(page, testInfo, `first-screen-offline-${lang}`);
    await expectNoAxeViolations(page);
  });
}

test(
  'a signed-in page needs only its own data: no start-up call',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    await seedSignedInPlayer(page, request, uniqueEmail(testInfo, 'first-screen'));
    const asked = await cutOff(page, START_UP_CALLS);
    await page.goto('/account?lang=en-US');
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await expect(page).toHaveURL(/\/account\?lang=en-US$/);
    expect(asked).toEqual([]);
  },
);
