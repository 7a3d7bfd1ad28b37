// When the app's script cannot load (a deployment replaced it, the network dropped), index.html
// itself shows a readable "could not load" page with a reload link, in the visitor's language.
import { expect, test } from '@playwright/test';
import { DESKTOP_ONLY, expectNoAxeViolations } from './helpers.ts';
import { screenshot } from './screenshots.ts';

const MAIN_SCRIPT = /\/assets\/index-[\w-]+\.js$/;

for (const { lang, dir, title, reload } of [
  { lang: 'en-US', dir: 'ltr', title: 'The page could not be loaded', reload: 'Reload the page' },
  { lang: 'ar-AE', dir: 'rtl', title: 'تعذّر تحميل الصفحة', reload: 'إعادة تحميل الصفحة' },
]) {
  test(`a page whose script fails to load says so and offers a reload (${lang})`, async ({ page }, testInfo) => {
    // The message waits 8 s (a CSS animation's delay) before it shows: here the page's animations run
    // 16 times as fast, so it shows after half a second.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 16 });
    await page.route(MAIN_SCRIPT, (route) => route.abort('failed'));
    await page.goto(`/sign-in?lang=${lang}`);
    const heading = page.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    const link = page.getByRole('link', { name: reload });
    await expect(link).toBeVisible();
    await screenshot(page, testInfo, `boot-fallback-${lang}`);
    await expectNoAxeViolations(page);

    // The reload link loads the page again; with the script back, the app replaces the message.
    await page.unroute(MAIN_SCRIPT);
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(title);
    await expect(page.locator('.boot-fallback')).toHaveCount(0);
  });
}

test('the message stays hidden while the app loads normally', DESKTOP_ONLY, async ({ page }) => {
  await page.goto('/sign-in?lang=en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('The page could not be loaded')).toHaveCount(0);
});
