// A game's sign-up link: the game's welcome title, its preferred credentials, and the
// registration_defaults of the link prefilling the form. The games are the demo seed's.
import { expect, test } from '@playwright/test';
import { DESKTOP_ONLY, createAccountWithMailedCode, DEMO, uniqueEmail } from './helpers.ts';

test(
  'a game link shows its welcome and prefills the date of birth and location',
  DESKTOP_ONLY,
  async ({ page }, testInfo) => {
    await page.goto('/sign-up?entry=starfall-legends&dob=1995-06-15&location=US-CA&lang=en-US');
    await expect(page.getByText('Welcome to Starfall Legends')).toBeVisible();
    await page.getByLabel('Email address').fill(uniqueEmail(testInfo, 'game'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/age-and-location$/);
    await expect(page.getByLabel('Date of birth')).toHaveValue('06/15/1995');
    await expect(page.getByRole('group', { name: 'Your location' })).toContainText('United States, California');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The demo game prefers an emailed code.
    await expect(page).toHaveURL(/\/email-registration$/);
  },
);

test('a game that prefers a password leads to the password step', DESKTOP_ONLY, async ({ page }, testInfo) => {
  const game = DEMO.matureGame;
  await page.goto(`/sign-up?entry=${game.slug}&dob=1990-01-31&location=FR&lang=en-US`);
  await expect(page.getByText(`Welcome to ${game.name}`)).toBeVisible();
  await page.getByLabel('Email address').fill(uniqueEmail(testInfo, 'gamepw'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('group', { name: 'Your location' })).toContainText('France');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/create-password$/);
});

test('a game with age buttons asks for an age bracket instead of the date of birth', async ({
  page,
  request,
}, testInfo) => {
  const game = DEMO.ageBracketsGame;
  const email = uniqueEmail(testInfo, 'ages');
  await page.goto(`/sign-up?entry=${game.slug}&location=US&lang=en-US`);
  await expect(page.getByText(`Welcome to ${game.name}`)).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const ages = page.getByRole('group', { name: 'How old are you?' });
  await expect(ages.getByRole('radio')).toHaveCount(3);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Choose your age to continue.')).toBeVisible();
  await ages.getByLabel('18 or older').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await createAccountWithMailedCode(page, request, email);
});

test('the youngest age bracket is not eligible', DESKTOP_ONLY, async ({ page }, testInfo) => {
  const game = DEMO.ageBracketsGame;
  await page.goto(`/sign-up?entry=${game.slug}&location=US&lang=en-US`);
  await expect(page.getByText(`Welcome to ${game.name}`)).toBeVisible();
  await page.getByLabel('Email address').fill(uniqueEmail(testInfo, 'young'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Under 13').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/not-eligible$/);
});
