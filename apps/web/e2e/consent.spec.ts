// New terms ask every account for consent again. Publishing them affects all accounts, so this
// runs in its own project after the others (playwright.config.ts).
import { expect, test } from '@playwright/test';
import { seedSignedInPlayer, uniqueEmail } from './helpers.ts';

test('new terms ask for consent again, then return to the page', async ({ page, request }, testInfo) => {
  await seedSignedInPlayer(page, request, uniqueEmail(testInfo, 'consent'));
  expect((await request.post('/dev/legal-documents/tos/publish')).status()).toBe(200);
  await page.goto('/friends?lang=en-US');
  await expect(page).toHaveURL(/\/update-consent$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please agree to Terms of Use')).toBeVisible();
  await page.getByLabel('I agree to the Terms of Use').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/friends\?lang=en-US$/);
});
