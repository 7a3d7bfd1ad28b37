// /select-country (spec 000 §2, "Age and location": "The current location is shown, and age, date of
// birth or location can be updated"): age-and-location shows where the player is and links to the
// country picker; the choice comes back in the `location` query, so a reload keeps it.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createAccountWithMailedCode, expectNoAxeViolations, uniqueEmail, DESKTOP_ONLY } from './helpers.ts';

async function startSignUp(page: Page, email: string, lang = 'en-US') {
  await page.goto(`/sign-up?lang=${lang}`);
  await page.locator('input[type=email]').fill(email);
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/age-and-location$/);
}

test('the location is shown on age-and-location and chosen on select-country, kept over a reload', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'country');
  await startSignUp(page, email);
  // Where the server places the visitor (the default country here).
  const location = page.getByRole('group', { name: 'Your location' });
  await expect(location.getByText('United States', { exact: true })).toBeVisible();
  await page.getByLabel('Date of birth').fill('06/15/1995');
  await location.getByRole('link', { name: 'Change location' }).click();

  await expect(page).toHaveURL(/\/select-country\?location=US$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Select your country' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'United States', exact: true })).toBeChecked();
  await expectNoAxeViolations(page);
  const search = page.getByRole('searchbox', { name: 'Search countries and regions' });
  await search.fill('fran');
  await expect(page.getByRole('radio', { name: 'France', exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Germany' })).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText(/Matches: [1-9]/);
  await search.fill('zzzz');
  await expect(page.getByText('No country or region matches “zzzz”.')).toBeVisible();
  await search.fill('fran');
  await page.getByRole('radio', { name: 'France', exact: true }).check();
  await page.getByRole('button', { name: 'Use this location' }).click();

  await expect(page).toHaveURL(/\/age-and-location\?location=FR$/);
  await expect(location.getByText('France', { exact: true })).toBeVisible();
  // What was typed before leaving is still there.
  await expect(page.getByLabel('Date of birth')).toHaveValue('06/15/1995');
  await page.reload();
  await expect(location.getByText('France', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await createAccountWithMailedCode(page, request, email);
  await page.getByRole('button', { name: 'Update and continue' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'Profile' }).getByText('France', { exact: true })).toBeVisible();
});

test(
  'select-country by keyboard, with a US state, and back without a change',
  DESKTOP_ONLY,
  async ({ page }, testInfo) => {
    await startSignUp(page, uniqueEmail(testInfo, 'countrykb'));
    await page.getByRole('link', { name: 'Change location' }).click();
    const search = page.getByRole('searchbox', { name: 'Search countries and regions' });
    // The step's heading has the focus (as on every step); the search comes next.
    await expect(page.getByRole('heading', { level: 1, name: 'Select your country' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(search).toBeFocused();
    await page.keyboard.type('japan');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: 'Japan' })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/age-and-location\?location=JP$/);
    await expect(page.getByText('Japan', { exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Change location' }).click();
    await expect(page).toHaveURL(/\/select-country\?location=JP$/);
    await page.getByRole('searchbox').fill('united states');
    await page.getByRole('radio', { name: 'United States', exact: true }).check();
    await page.getByLabel('State or territory').selectOption('US-CA');
    await page.getByRole('button', { name: 'Use this location' }).click();
    await expect(page).toHaveURL(/\/age-and-location\?location=US-CA$/);
    await expect(page.getByText('United States, California')).toBeVisible();

    await page.getByRole('link', { name: 'Change location' }).click();
    await page.getByRole('radio', { name: 'Canada' }).check();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/age-and-location\?location=US-CA$/);
    await expect(page.getByText('United States, California')).toBeVisible();
  },
);

test(
  'a location that names no place is ignored; select-country needs a registration under way',
  DESKTOP_ONLY,
  async ({ page }, testInfo) => {
    await startSignUp(page, uniqueEmail(testInfo, 'countrybad'));
    await page.goto('/age-and-location?location=ZZ-%3Cscript%3E');
    await expect(
      page.getByRole('group', { name: 'Your location' }).getByText('United States', { exact: true }),
    ).toBeVisible();
    await page.goto('/select-country?location=https%3A%2F%2Fevil.test');
    await expect(page.getByRole('heading', { level: 1, name: 'Select your country' })).toBeVisible();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);

    const other = await page.context().browser()!.newContext();
    const fresh = await other.newPage();
    await fresh.goto(page.url().replace(/\/select-country.*/, '/select-country?lang=en-US'));
    await expect(fresh).toHaveURL(/\/home/);
    await other.close();
  },
);

test('select-country right to left, in Arabic', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'once, at phone width');
  await startSignUp(page, uniqueEmail(testInfo, 'countryar'), 'ar-AE');
  await page.locator('a[href^="/select-country"]').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('searchbox').fill('اليابان');
  await page.getByRole('radio', { name: 'اليابان' }).check();
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/age-and-location\?location=JP$/);
  await expect(page.getByText('اليابان', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
