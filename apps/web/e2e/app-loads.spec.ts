// The server serves the SPA, which loads its runtime config and renders the shell.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers.ts';
import { screenshot } from './screenshots.ts';

test('the home page loads its runtime config and renders in English', async ({ page }, testInfo) => {
  const config = page.waitForResponse((r) => r.url().endsWith('/config.json') && r.status() === 200);
  await page.goto('/?lang=en-US');
  expect((await (await config).json()).hydraService).toBe('/api');
  await expect(page).toHaveURL(/\/home\?lang=en-US$/);
  await expect(page.getByRole('heading', { level: 1, name: 'One account for all your games' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Starfall Legends' })).toBeVisible();
  await expect(page.getByText('Version 1.60.3')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', /legal\/privacy/);
  await screenshot(page, testInfo, 'home-en');
  await expectNoAxeViolations(page);
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
  await page.route('**/config.json', (route) => route.fulfill({ status: 500, body: 'down' }));
  await page.goto('/?lang=en-US');
  await expect(page.getByRole('alert')).toContainText("We can't load the portal right now");
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await screenshot(page, testInfo, 'system-failure-en');
  await expectNoAxeViolations(page);
});
