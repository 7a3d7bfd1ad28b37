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

test('code an action loads that cannot be loaded shows the reload-on-error modal, not a dead form', async ({
  page,
}, testInfo) => {
  await page.goto('/sign-in?lang=en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // What happens after the email is entered loads only then; that file is gone.
  await page.route(/\/assets\/continue-flow-.*\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  await page.getByLabel('Email address').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Something went wrong' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Reload it to continue.');
  await expect(dialog.getByRole('button', { name: 'Reload' })).toBeFocused();
  // Escape does not leave the player on a page that cannot go on.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await screenshot(page, testInfo, 'reload-on-error-en');
  await expectNoAxeViolations(page);
  await page.unroute(/\/assets\/continue-flow-.*\.js$/);
  await dialog.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the reload-on-error modal in Arabic, right to left', async ({ page }) => {
  await page.goto('/sign-in?lang=ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.route(/\/assets\/continue-flow-.*\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  await page.getByRole('textbox').first().fill('nobody-here@example.com');
  await page.locator('form button[type=submit]').click();
  const dialog = page.getByRole('dialog', { name: 'حدث خطأ ما' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'إعادة التحميل' })).toBeFocused();
  await expectNoAxeViolations(page);
});
