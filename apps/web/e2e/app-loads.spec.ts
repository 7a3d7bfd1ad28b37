// The server serves the SPA, whose page carries its runtime config, and the app renders the shell.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers.ts';
import { screenshot } from './screenshots.ts';

test('the home page comes with its runtime config and renders in English', async ({ page }, testInfo) => {
  const configAsked: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/config.json')) configAsked.push(r.url());
  });
  await page.goto('/?lang=en-US');
  const bootData = JSON.parse((await page.locator('#boot-data').textContent()) ?? '{}');
  expect(bootData.config.hydraService).toBe('/api');
  await expect(page).toHaveURL(/\/home\?lang=en-US$/);
  await expect(page.getByRole('heading', { level: 1, name: 'One account for all your games' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Starfall Legends' })).toBeVisible();
  await expect(page.getByText('Version 1.60.3')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', /legal\/privacy/);
  await screenshot(page, testInfo, 'home-en');
  await expectNoAxeViolations(page);
  expect(configAsked).toEqual([]);
});

test('the FAQ answers the cross-play questions', async ({ page }, testInfo) => {
  await page.goto('/faq?lang=en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await page.getByText('Where is my progress saved?').click();
  await expect(page.getByText('Your progress belongs to your account, not to the platform')).toBeVisible();
  await screenshot(page, testInfo, 'faq-en');
  await expectNoAxeViolations(page);
});

test('a failed start shows the system-failure page with a retry', async ({ page }, testInfo) => {
  // A page without the boot data (as the Vite dev server serves it) must ask /config.json and the
  // API for what it needs; with both unreachable, the app cannot start.
  await page.addInitScript(() => {
    new MutationObserver(() => document.getElementById('boot-data')?.remove()).observe(document, {
      childList: true,
      subtree: true,
    });
  });
  await page.route(/\/(config\.json$|api\/)/, (route) => route.abort('failed'));
  await page.goto('/?lang=en-US');
  await expect(page.getByRole('alert')).toContainText("We can't load the portal right now");
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await screenshot(page, testInfo, 'system-failure-en');
  await expectNoAxeViolations(page);

  // Reachable again, the retry starts the app.
  await page.unroute(/\/(config\.json$|api\/)/);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'One account for all your games' })).toBeVisible();
});
