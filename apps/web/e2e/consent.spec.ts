// New terms ask every account for consent again. Publishing them affects all accounts, so this
// runs in its own project after the others (playwright.config.ts).
import { expect, test } from '@playwright/test';

const PASSWORD = 'Tq8#vLp2-Starfall';

test('new terms ask for consent again, then return to the page', async ({ page, request }) => {
  const email = `consent-${Date.now()}@example.com`;
  const { apiKey } = await (await request.get('/config.json')).json();
  const created = await request.post('/api/accounts?options=account&options=refresh_token', {
    headers: { 'x-hydra-api-key': apiKey, 'content-type': 'application/json' },
    data: {
      email,
      password: PASSWORD,
      country: 'US',
      date_of_birth: '1990-04-01',
      marketing_opt_in: false,
      tos_consent: true,
    },
  });
  expect(created.status()).toBe(201);
  await page.goto('/sign-in?lang=en-US');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  expect((await request.post('/dev/legal-documents/tos/publish')).status()).toBe(200);
  await page.goto('/friends?lang=en-US');
  await expect(page).toHaveURL(/\/update-consent$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please agree to Terms of Use')).toBeVisible();
  await page.getByLabel('I agree to the Terms of Use').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/friends\?lang=en-US$/);
});
