// The first flow: the server serves the SPA, which loads its runtime config and renders a page.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { screenshot } from './screenshots.ts';

test('the SPA loads its runtime config and renders the home page in English', async ({ page }, testInfo) => {
  const config = page.waitForResponse((r) => r.url().endsWith('/config.json') && r.status() === 200);
  await page.goto('/?lang=en-US');
  const body = await (await config).json();
  expect(body.hydraService).toBe('/api');
  await expect(page.getByRole('heading', { level: 1, name: 'One account for all your games' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByText('Version 1.60.3')).toBeVisible();
  await screenshot(page, testInfo, 'home-en');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test('Arabic renders right to left and keeps the choice', async ({ page }, testInfo) => {
  await page.goto('/?lang=ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-AE');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await expect(heading).not.toHaveText('One account for all your games');
  await screenshot(page, testInfo, 'home-ar');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test('deep links are served by the SPA (history fallback)', async ({ page }) => {
  const response = await page.goto('/playtests/SUMMER-2026?lang=fr-FR');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
});

test('a failed start shows the system-failure page with a retry', async ({ page }, testInfo) => {
  await page.route('**/config.json', (route) => route.fulfill({ status: 500, body: 'down' }));
  await page.goto('/?lang=en-US');
  await expect(page.getByRole('alert')).toContainText("We can't load the portal right now");
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await screenshot(page, testInfo, 'system-failure-en');
});
