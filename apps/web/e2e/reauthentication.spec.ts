// Proving it is the player before a change that protects the account (issue 31, ASVS 7.5.1), and the
// offer to sign out the other devices after one (7.4.3), against the real server: a player who signed
// up with emailed codes sets a first password after a mailed code; new backup codes are followed by
// the offer; turning two-factor on asks for the password first (account-settings.spec.ts), as does
// deleting the account.
import { expect, test } from '@playwright/test';
import {
  createAccount,
  createAccountWithMailedCode,
  DESKTOP_ONLY,
  expectNoAxeViolations,
  latestMail,
  PASSWORD,
  signInWithPassword,
  uniqueEmail,
} from './helpers.ts';
import { screenshot } from './screenshots.ts';
import { totp, turnOnTwoFactor } from './two-factor.ts';

test(
  'a first password needs a mailed code first; it then signs in',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'firstpass');
    await page.goto('/sign-up?lang=en-US');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/age-and-location/);
    await page.getByLabel('Date of birth').fill('06/15/1995');
    await page.getByRole('button', { name: 'Continue' }).click();
    await createAccountWithMailedCode(page, request, email);
    await page.getByRole('button', { name: 'Update and continue' }).click();
    await expect(page).toHaveURL(/\/(account|home)$/);

    await page.goto('/security?lang=en-US');
    await expect(page.getByText('Your account has no password')).toBeVisible();
    await page.getByRole('button', { name: 'Set a password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set a password' });
    await dialog.getByLabel('New password', { exact: true }).fill('Fresh#Pass-42x');
    await dialog.getByLabel('Confirm the password').fill('Fresh#Pass-42x');
    // Not without the code: the field says so.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter the 6-digit code.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Email me a code' }).click();
    await expect(dialog.getByRole('status')).toContainText('We sent a 6-digit code');
    await dialog
      .getByLabel('Code', { exact: true })
      .fill((await latestMail(request, email, 'sign_in_code')).code ?? '');
    await screenshot(page, testInfo, 'first-password-reauth');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('You sign in with your email address and password.')).toBeVisible();

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInWithPassword(page, email, 'Fresh#Pass-42x');
    await expect(page).toHaveURL(/\/account$/);
  },
);

test(
  'new backup codes: the page offers to sign out the other devices',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'newcodes');
    const created = await createAccount(request, email);
    // The registration's own sign-in stays: the "other device".
    const { secret } = await turnOnTwoFactor(request, email, created.access_token);
    await signInWithPassword(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/two-factor$/);
    await page.getByLabel('Authenticator code').fill(await totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/security?lang=en-US');
    await page.getByRole('button', { name: 'New backup codes' }).click();
    const renew = page.getByRole('dialog', { name: 'Your new backup codes' });
    await renew.getByLabel('Authenticator code').fill(await totp(secret, 1));
    await renew.getByRole('button', { name: 'Make new codes' }).click();
    await renew.getByRole('button', { name: 'I saved my codes' }).click();
    const offer = page.getByRole('status').filter({ hasText: 'You changed how your account is protected' });
    await expect(offer).toContainText('Other devices signed in to it: 1.');
    await offer.getByRole('button', { name: 'Sign out all other devices' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Other devices signed out: 1.' })).toBeVisible();
  },
);
