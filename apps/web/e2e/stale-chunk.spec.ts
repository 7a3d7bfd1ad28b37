// A screen whose code is gone after a deployment shows the new-version modal.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers.ts';
import { screenshot } from './screenshots.ts';

test('a stale chunk shows the new-version modal with a reload button', async ({ page }, testInfo) => {
  await page.goto('/home?lang=en-US');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The sign-in screens' chunk was replaced by a new deployment.
  await page.route(/\/assets\/screens-.*\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'A new version is available' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reload' })).toBeFocused();
  await screenshot(page, testInfo, 'new-version-en');
  await expectNoAxeViolations(page);
  await page.unroute(/\/assets\/screens-.*\.js$/);
  await dialog.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});
