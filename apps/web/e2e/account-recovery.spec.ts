// Reset a password, verify an email, unlock a soft-locked account, consent to new terms: as a
// player does it, following the links and codes of the dev outbox.
import { expect, test } from '@playwright/test';
import {
  createAccount,
  expectNoAxeViolations,
  latestMail,
  pathOf,
  PASSWORD,
  signInWithPassword,
  uniqueEmail,
  lockBySignIns,
} from './helpers.ts';
import { screenshot } from './screenshots.ts';

test('reset a forgotten password from the emailed link', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'reset');
  await createAccount(request, email);
  await page.goto('/reset-password?lang=en-US');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page).toHaveURL(/\/reset-password-message$/);
  await expect(page.getByText(`If ${email} has an account`)).toBeVisible();
  const mail = await latestMail(request, email, 'password_reset');
  await page.goto(pathOf(mail.link as string));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Tq8#vLp2-Renewed');
  await page.getByLabel('Confirm the password').fill('Tq8#vLp2-Renewed');
  await screenshot(page, testInfo, 'choose-password-en');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeVisible();
  // The link was used: it says so (not "expired"), and the player may just sign in.
  await page.goto(pathOf(mail.link as string));
  await expect(page.getByRole('alert')).toHaveText(
    'That link has already been used. If you still cannot sign in, ask for a new link.',
  );
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  // The link came to the address, so it is verified now: the security page opens without asking.
  await page.goto('/security');
  await expect(page.getByRole('heading', { level: 2, name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Verify your email address' })).toHaveCount(0);
});

test('verify the email address with the emailed code', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'verify');
  await createAccount(request, email);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/verify-email');
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  const mail = await latestMail(request, email, 'verify_email');
  await page.getByLabel('Code', { exact: true }).fill(mail.code as string);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your email address is verified' })).toBeVisible();
});

test('a soft-locked account is told with a link to reset the password, the address filled in', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'lockreset');
  await createAccount(request, email);
  await lockBySignIns(page, email);
  // 1220 with reset_password: the message, and in it the way out it names.
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Your account is locked');
  const reset = alert.getByRole('link', { name: 'Reset your password' });
  await expect(reset).toBeVisible();
  await expectNoAxeViolations(page);
  await reset.click();
  await expect(page).toHaveURL(/\/reset-password(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(`If ${email} has an account`)).toBeVisible();
  expect((await latestMail(request, email, 'password_reset')).link).toBeTruthy();
});

test('a soft-locked account is unlocked by the emailed link', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'lock');
  await createAccount(request, email);
  await lockBySignIns(page, email);
  await expect(page.getByRole('alert')).toContainText('Your account is locked');
  const mail = await latestMail(request, email, 'unlock');
  await page.goto(pathOf(mail.link as string));
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is unlocked' })).toBeVisible();
  await page.goto(pathOf(mail.link as string));
  await expect(page.getByRole('heading', { level: 1, name: 'Unable To Unlock Account' })).toBeVisible();
  await screenshot(page, testInfo, 'unlock-failed-en');
  await expectNoAxeViolations(page);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
});
