// Creating an account and signing in, as a player does it, reading codes from the dev outbox.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  DESKTOP_ONLY,
  createAccount,
  expectNoAxeViolations,
  latestCode,
  PASSWORD,
  signInWithPassword,
  uniqueEmail,
  uniqueSuffix,
} from './helpers.ts';
import { signInInPlatformPopup } from './platform-sandbox.ts';
import { screenshot } from './screenshots.ts';
import { totp, turnOnTwoFactor } from './two-factor.ts';

async function fillAgeAndLocation(page: Page, dob: string, country = 'US') {
  await expect(page).toHaveURL(/\/age-and-location/);
  await page.getByLabel(/Date of birth|تاريخ/).fill(dob);
  if (country !== 'US') {
    // The location is changed on /select-country (select-country.spec.ts), searched by its code.
    await page.locator('a[href^="/select-country"]').click();
    await page.getByRole('searchbox').fill(country);
    await page.locator(`input[name=country][value=${country}]`).check();
    await page.locator('form button[type=submit]').click();
    await expect(page).toHaveURL(new RegExp(`/age-and-location\\?location=${country}$`));
  }
  await page.getByRole('button', { name: /Continue|متابعة/ }).click();
}

test('sign up with an emailed code, choose a display name and land on the account', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'coded');
  await page.goto('/sign-up?lang=en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account', exact: true })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The same heading, in the same sentence case, on the next step (issue 28).
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account', exact: true })).toBeVisible();
  await fillAgeAndLocation(page, '06/15/1995');
  await expect(page).toHaveURL(/\/email-registration$/);
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(await latestCode(request, email));
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('Please agree to Terms of Use and acknowledge the Privacy Policy to continue.'),
  ).toBeVisible();
  await page.getByLabel('I agree to the Terms of Use').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/display-name$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account has been created!', exact: true }),
  ).toBeVisible();
  // The rule of the name with the server's numbers, and a length refused for its length (issue 28).
  const field = page.getByLabel('Display name');
  await expect(field).toHaveAccessibleDescription(
    /4 to 16 letters and numbers, with no spaces or special characters\./,
  );
  await field.fill('abc');
  await page.getByRole('button', { name: 'Update and continue' }).click();
  await expect(field).toHaveAccessibleDescription(/That name is too short: use at least 4 letters or numbers\./);
  await field.fill('Seventeenletters1');
  await page.getByRole('button', { name: 'Update and continue' }).click();
  await expect(field).toHaveAccessibleDescription(/That name is too long: use at most 16 letters or numbers\./);
  await screenshot(page, testInfo, 'display-name-en');
  await expectNoAxeViolations(page);
  const name = `Pilot${Date.now() % 100000}${testInfo.project.name === 'phone' ? 'P' : 'D'}`;
  await field.fill(name);
  await page.getByRole('button', { name: 'Update and continue' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('button', { name })).toBeVisible();
  // The name picked at sign-up was the free first change: it may change again at once.
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByText(name)).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Change', exact: true }).first()).toBeEnabled();
  await expect(profile.getByText(/You can change it again on/)).toHaveCount(0);
});

test('the code step keeps its code through a reload, Back and Forward; a password instead keeps the code and the consents', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'steady');
  // Every code the page asks the server to mail to this address.
  const sends: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/accounts/register/email')
      sends.push(sent.url());
  });
  await page.goto('/sign-up?lang=en-US');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillAgeAndLocation(page, '06/15/1995');
  await expect(page).toHaveURL(/\/email-registration$/);
  const code = await latestCode(request, email);
  expect(sends).toHaveLength(1);

  // A reload, then Back and Forward: the code sent stands, no new one, no "too many attempts".
  await page.reload();
  await expect(page.getByLabel('Code', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goBack();
  await expect(page).toHaveURL(/\/age-and-location$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/email-registration$/);
  await expect(page.getByLabel('Code', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(sends).toHaveLength(1);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The code typed and the consents ticked, then a password instead: all kept, a reload too.
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('I agree to the Terms of Use').check();
  await page.getByLabel('Send me news and offers about Aurora Games by email.').check();
  await page.getByRole('link', { name: 'Create a password instead' }).click();
  await expect(page).toHaveURL(/\/create-password$/);
  await expect(page.getByText(`Enter the code we sent to ${email}, then choose a password.`)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue(code);
  await expect(page.getByLabel('I agree to the Terms of Use')).toBeChecked();
  await expect(page.getByLabel('Send me news and offers about Aurora Games by email.')).toBeChecked();
  await screenshot(page, testInfo, 'create-password-with-code-en');
  await expectNoAxeViolations(page);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Confirm the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/display-name$/);
  expect(sends).toHaveLength(1);
  await page.getByRole('button', { name: 'Update and continue' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // The address is verified by the code, the password signs in, the marketing choice is kept.
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByText(email)).toBeVisible();
  await expect(profile.getByText('Not verified')).toHaveCount(0);
  await expect(page.getByLabel('Send me news and offers about Aurora Games by email.')).toBeChecked();
});

test('sign up with a password', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'pw');
  await page.goto('/sign-up?lang=en-US');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillAgeAndLocation(page, '01/31/1990');
  const code = await latestCode(request, email);
  await page.getByRole('link', { name: 'Create a password instead' }).click();
  // The code mailed still verifies the address (issue 28).
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Confirm the password').fill(`${PASSWORD}x`);
  await page.getByLabel('I agree to the Terms of Use').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Your passwords do not match. Please try again.')).toBeVisible();
  await screenshot(page, testInfo, 'create-password-en');
  await expectNoAxeViolations(page);
  await page.getByLabel('Confirm the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/display-name$/);
  await page.getByRole('button', { name: 'Update and continue' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('sign in with a password returns to the page asked for', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'signin');
  await createAccount(request, email);
  await page.goto('/friends?tab=blocked&lang=en-US');
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/password-sign-in$/);
  await page.getByLabel('Password', { exact: true }).fill('Wrong#Passw0rd');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('The email address or password is incorrect.');
  await screenshot(page, testInfo, 'password-sign-in-en');
  await expectNoAxeViolations(page);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/friends\?tab=blocked&lang=en-US$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
});

test('sign in with an emailed code', DESKTOP_ONLY, async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'code');
  await createAccount(request, email);
  await page.goto('/sign-in?lang=en-US');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Email me a sign-in code instead' }).click();
  await expect(page).toHaveURL(/\/email-code-sign-in$/);
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByRole('alert')).toContainText(/Please wait \d+ seconds/);
  await page.getByLabel('Code', { exact: true }).fill(await latestCode(request, email));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('an under-age player is not eligible, even after a reload', async ({ page }, testInfo) => {
  const young = `01/01/${new Date().getFullYear() - 10}`;
  await page.goto('/sign-up?lang=en-US');
  await page.getByLabel('Email address').fill(uniqueEmail(testInfo, 'young'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillAgeAndLocation(page, young);
  await expect(page).toHaveURL(/\/not-eligible$/);
  await expect(page.getByText('You are not eligible for an account at this time.')).toBeVisible();
  await page.goto('/age-and-location');
  await expect(page).toHaveURL(/\/(not-eligible|home)$/);
});

test('an embargoed country shows the embargo page', async ({ page }, testInfo) => {
  await page.goto('/sign-up?lang=en-US');
  await page.getByLabel('Email address').fill(uniqueEmail(testInfo, 'embargo'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillAgeAndLocation(page, '06/15/1995', 'KP');
  await expect(page).toHaveURL(/\/embargoed-country$/);
  await expect(page.getByRole('heading', { level: 1, name: "We're sorry" })).toBeVisible();
});

test('sign up in Arabic, right to left, with the date in the Arabic format', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'once, at phone width');
  const email = uniqueEmail(testInfo, 'arabic');
  await page.goto('/sign-up?lang=ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.locator('input[type=email]').fill(email);
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/age-and-location/);
  await expect(page.locator('input[autocomplete=bday]')).toHaveAttribute('placeholder', 'يوم/شهر/سنة');
  await page.locator('input[autocomplete=bday]').fill('15/06/1995');
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/email-registration$/);
  await page.locator('input[autocomplete=one-time-code]').fill(await latestCode(request, email));
  await page.locator('input[type=checkbox]').first().check();
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/display-name$/);
  await screenshot(page, testInfo, 'display-name-ar');
  await expectNoAxeViolations(page);
});

test(
  'five wrong emailed codes: the page says so, not that the code expired',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'wrongcode');
    await createAccount(request, email);
    await page.goto('/sign-in?lang=en-US');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Email me a sign-in code instead' }).click();
    await expect(page).toHaveURL(/\/email-code-sign-in$/);
    const code = await latestCode(request, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answered = () => page.waitForResponse((r) => r.url().includes('/api/sessions/auth/token'));
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel('Code', { exact: true }).fill(wrong);
      await Promise.all([answered(), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
      if (attempt < 5) await expect(page.getByRole('alert')).toContainText('That code is not valid.');
    }
    await expect(page.getByRole('alert')).toHaveText('Too many wrong codes. Ask for a new code, then enter that one.');
    // The right code is refused too now, with the same words.
    await page.getByLabel('Code', { exact: true }).fill(code);
    await Promise.all([answered(), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
    await expect(page.getByRole('alert')).toHaveText('Too many wrong codes. Ask for a new code, then enter that one.');
    await expect(page).toHaveURL(/\/email-code-sign-in$/);
  },
);

test(
  'sign in with a linked platform when two-factor is on: the second step, then the account',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const email = uniqueEmail(testInfo, 'psnguard');
    const { access_token: token } = await createAccount(request, email);
    const { secret } = await turnOnTwoFactor(request, email, token);
    await signInWithPassword(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/two-factor$/);
    await page.getByLabel('Authenticator code').fill(await totp(secret, 0));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/account$/);

    // Link PlayStation Network, then sign out.
    await page.goto('/linked-accounts');
    const psn = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'PlayStation Network' }) });
    const name = `Guarded${uniqueSuffix()}`;
    await signInInPlatformPopup(page, psn.getByRole('button', { name: 'Connect' }), 'PlayStation Network', name);
    await expect(psn.getByText(`Connected as ${name}`)).toBeVisible();
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/sign-in/);

    // Sign in with it: the platform still knows the player (its popup closes at once); two-factor next.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'PlayStation Network' }).click(),
    ]);
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect(page).toHaveURL(/\/two-factor$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible();
    await page.getByLabel('Authenticator code').fill(await totp(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  },
);
