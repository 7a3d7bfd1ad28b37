// A game's sign-up link: the game's welcome title, its preferred credentials, and the
// registration_defaults of the link prefilling the form.
import { expect, test } from '@playwright/test';

test('a game link shows its welcome and prefills the date of birth and location', async ({ page }, testInfo) => {
  await page.goto('/sign-up?entry=starfall-legends&dob=1995-06-15&location=US-CA&lang=en-US');
  await expect(page.getByText('Welcome to Starfall Legends')).toBeVisible();
  await page.getByLabel('Email address').fill(`game-${testInfo.project.name}-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/age-and-location$/);
  await expect(page.getByLabel('Date of birth')).toHaveValue('06/15/1995');
  await expect(page.getByLabel('Country or region')).toHaveValue('US');
  await expect(page.getByLabel('State or territory')).toHaveValue('US-CA');
  await page.getByRole('button', { name: 'Continue' }).click();
  // The demo game prefers an emailed code.
  await expect(page).toHaveURL(/\/email-registration$/);
});

test('a game that prefers a password leads to the password step', async ({ page }, testInfo) => {
  await page.route('**/api/games/starfall-legends?*', async (route) => {
    const response = await route.fetch();
    const game = await response.json();
    game.user_experience.registration_preferred_credentials = 'password';
    await route.fulfill({ response, json: game });
  });
  await page.goto('/sign-up?entry=starfall-legends&dob=1990-01-31&location=FR&lang=en-US');
  await expect(page.getByText('Welcome to Starfall Legends')).toBeVisible();
  await page.getByLabel('Email address').fill(`gamepw-${testInfo.project.name}-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Country or region')).toHaveValue('FR');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/create-password$/);
});
