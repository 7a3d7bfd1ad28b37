// The language picker: 19 locales by region, right to left for Arabic, the choice kept.
import { expect, test } from '@playwright/test';
import { DESKTOP_ONLY, expectNoAxeViolations } from './helpers.ts';
import { screenshot } from './screenshots.ts';

test('switching to Arabic lays the page out right to left, and the choice is kept', async ({ page }, testInfo) => {
  await page.goto('/home?lang=en-US');
  const picker = page.getByRole('combobox', { name: 'Language' });
  await expect(picker.locator('option')).toHaveCount(19);
  await expect(picker.locator('optgroup')).toHaveCount(4);
  await picker.selectOption('ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-AE');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).not.toHaveText('One account for all your games');
  // Mirrored: the brand sits at the right edge, the language picker to its left.
  const brand = await page
    .getByRole('link', { name: /Aurora Games/ })
    .first()
    .boundingBox();
  const pickerBox = await page.locator('.language-picker select').boundingBox();
  expect(brand!.x).toBeGreaterThan(pickerBox!.x);
  await screenshot(page, testInfo, 'home-ar');
  await expectNoAxeViolations(page);
  await page.goto('/faq');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('switching to Japanese translates the shell', async ({ page }, testInfo) => {
  await page.goto('/faq?lang=en-US');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ja-JP');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('よくある質問');
  await screenshot(page, testInfo, 'faq-ja');
  await expectNoAxeViolations(page);
});

test('?lang= sets the language on arrival', DESKTOP_ONLY, async ({ page }) => {
  await page.goto('/home?lang=de-DE');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.getByRole('link', { name: 'Konto erstellen' })).toBeVisible();
});
