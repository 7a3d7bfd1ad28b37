// The signed-in player's own pages (issue 5): display name, email, password, two-factor from
// enrolment to sign-in and removal, deleting the account, and opting out of friend-request mails.
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import {
  DESKTOP_ONLY,
  createAccount,
  expectNoAxeViolations,
  latestMail,
  PASSWORD,
  pathOf,
  sendFriendRequest,
  signInWithPassword,
  uniqueEmail,
  verifyEmailInDialog,
} from './helpers.ts';
import { screenshot } from './screenshots.ts';
import { totp, turnOnTwoFactor } from './two-factor.ts';

/** Signs in a new account (created through the API) and opens a dashboard page. */
async function signedInAs(page: Page, email: string, path = '/account') {
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  if (path !== '/account') await page.goto(path);
}

async function signOut(page: Page) {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/sign-in/);
}

/** A wrong current password is told on its field (1049), not as an error of the whole form. */
async function expectWrongCurrentPassword(dialog: Locator, message: string, label = 'Current password') {
  const field = dialog.getByLabel(label);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  await expect(dialog.getByRole('alert').filter({ hasText: message })).toHaveCount(0);
}

test('change the display name: the rule with its numbers, a free first change, then a wait with the date', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'rename');
  await createAccount(request, email);
  await signedInAs(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await screenshot(page, testInfo, 'account-en');
  await expectNoAxeViolations(page);
  const suffix = `${Date.now() % 100000}${testInfo.project.name === 'phone' ? 'P' : 'D'}`;
  const profile = page.getByRole('region', { name: 'Profile' });
  const changeName = profile.getByRole('button', { name: 'Change', exact: true }).first();
  await changeName.click();
  const dialog = page.getByRole('dialog', { name: 'Change your display name' });
  // The first change is free, and the field states the rule with the server's numbers.
  await expect(dialog.getByText("Your first change is free: it doesn't start the 30-day wait")).toBeVisible();
  const field = dialog.getByLabel('Display name');
  await expect(field).toHaveAccessibleDescription(
    /4 to 16 letters and numbers, with no spaces or special characters\./,
  );
  await field.fill('abc');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(field).toHaveAccessibleDescription(/That name is too short: use at least 4 letters or numbers\./);
  await field.fill('Abcdefghijklmnopq');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(field).toHaveAccessibleDescription(/That name is too long: use at most 16 letters or numbers\./);
  await field.fill('has spaces!');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(field).toHaveAccessibleDescription(
    /Use letters and numbers only, with no spaces or special characters\./,
  );
  await expectNoAxeViolations(page);
  await field.fill(`Renamed${suffix}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(profile.getByText(`Renamed${suffix}`)).toBeVisible();

  // Free: the name may change again at once. That change starts the 30-day wait.
  await expect(changeName).toBeEnabled();
  await changeName.click();
  await expect(dialog.getByText('You can change it once every 30 days.')).toBeVisible();
  await field.fill(`Again${suffix}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(profile.getByText(`Again${suffix}`)).toBeVisible();
  const next = new Date(Date.now() + 30 * 86_400_000);
  const dd = String(next.getDate()).padStart(2, '0');
  const mm = String(next.getMonth() + 1).padStart(2, '0');
  const reason = `You can change your display name once every 30 days. You can change it again on ${mm}/${dd}/${next.getFullYear()}.`;
  await expect(profile.getByText(reason)).toBeVisible();
  await expect(changeName).toBeDisabled();
  await expect(changeName).toHaveAccessibleDescription(reason);
  await screenshot(page, testInfo, 'account-name-locked-en');

  // In the user's language and its date format.
  await page.goto('/account?lang=de-DE');
  const german = page.getByRole('region', { name: 'Profil' });
  await expect(german.getByText(`am ${dd}.${mm}.${next.getFullYear()} wieder ändern.`)).toBeVisible();
  await expect(german.getByRole('button', { name: 'Ändern', exact: true }).first()).toBeDisabled();
});

test('change the email address: pending until the code sent to it is entered', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'mover');
  const next = uniqueEmail(testInfo, 'moved');
  await createAccount(request, email);
  // A new account's address is unverified: verify it first, with the code from the outbox.
  await signedInAs(page, email, '/security');
  await verifyEmailInDialog(page, request, email);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.goto('/account');
  const profile = page.getByRole('region', { name: 'Profile' });
  const change = profile.getByRole('button', { name: 'Change', exact: true }).nth(1);
  await change.click();
  const dialog = page.getByRole('dialog', { name: 'Change your email address' });
  // Not with a code to the current address alone: the password first (issue 28).
  await dialog.getByLabel('Email address').fill(next);
  await dialog.getByRole('button', { name: 'Send the code' }).click();
  await expect(dialog.getByText('Enter your current password.')).toBeVisible();
  await dialog.getByLabel('Current password').fill('Wrong#Passw0rd');
  await dialog.getByRole('button', { name: 'Send the code' }).click();
  await expectWrongCurrentPassword(dialog, 'Your current password is incorrect.');
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByLabel('Email address').fill(email.toUpperCase());
  await dialog.getByRole('button', { name: 'Send the code' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'The new email address must be different from your current one.',
  );
  await dialog.getByLabel('Email address').fill(next);
  await dialog.getByRole('button', { name: 'Send the code' }).click();
  await expect(dialog).toBeHidden();
  const pending = page.getByRole('region', { name: 'Email change waiting for verification' });
  await expect(pending).toContainText(next);
  // The code field takes the focus, in view (not "Change", with the field below the fold).
  await expect(pending.getByLabel('Code', { exact: true })).toBeFocused();
  await expect(pending.getByLabel('Code', { exact: true })).toBeInViewport();
  await expect(change).not.toBeFocused();
  await page.reload();
  await expect(pending).toContainText(next);
  await screenshot(page, testInfo, 'email-pending-en');
  await pending.getByLabel('Code', { exact: true }).fill((await latestMail(request, next, 'verify_email')).code ?? '');
  await pending.getByRole('button', { name: 'Verify' }).click();
  await expect(pending).toBeHidden();
  await expect(profile.getByText(next)).toBeVisible();
  await expect((await latestMail(request, email, 'email_changed')).link).toBeNull();
  // The address that recovers the account changed: the page offers to sign out the other devices
  // (the registration's own sign-in, through the API), ASVS 7.4.3.
  const offer = page.getByRole('status').filter({ hasText: 'You changed how your account is protected' });
  await expect(offer).toContainText('Other devices signed in to it: 1.');
  await offer.getByRole('button', { name: 'Sign out all other devices' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Other devices signed out: 1.' })).toBeVisible();
  await expect(offer).toBeHidden();
});

test(
  'change the password, signing out other sessions, and sign in with the new one',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'keys');
    await createAccount(request, email);
    await signedInAs(page, email, '/security');
    await verifyEmailInDialog(page, request, email);
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill('Wrong#Pass-1');
    await dialog.getByLabel('New password').fill('Nw9#pass-Word');
    await dialog.getByLabel('Confirm the password').fill('Nw9#pass-Word');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectWrongCurrentPassword(dialog, 'Your current password is incorrect.');
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password was changed.' })).toBeVisible();
    await signOut(page);
    await signInWithPassword(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toBeVisible();
    await signInWithPassword(page, email, 'Nw9#pass-Word');
    await expect(page).toHaveURL(/\/account$/);
  },
);

test(
  "a wrong current password is told on its field in the player's language",
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'wrongde');
    await createAccount(request, email);
    await signedInAs(page, email, '/security');
    await verifyEmailInDialog(page, request, email);
    await page.goto('/security?lang=de-DE');
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passwort ändern' });
    await dialog.getByLabel('Aktuelles Passwort').fill('Wrong#Pass-1');
    await dialog.getByLabel('Neues Passwort').fill('Nw9#pass-Word');
    await dialog.getByLabel('Passwort bestätigen').fill('Nw9#pass-Word');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expectWrongCurrentPassword(dialog, 'Dein aktuelles Passwort ist falsch.', 'Aktuelles Passwort');
  },
);

test('two-factor: turn on, sign in with an authenticator code, then a backup code once, then turn off', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail(testInfo, 'otp');
  await createAccount(request, email);
  await signedInAs(page, email, '/security');
  await verifyEmailInDialog(page, request, email);

  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await screenshot(page, testInfo, 'security-en');
  await page.getByRole('button', { name: 'Turn on' }).click();
  const enable = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
  // The password first (issue 31), said wrong in its field.
  await enable.getByLabel('Current password').fill('Wrong#Passw0rd-1');
  await enable.getByRole('button', { name: 'Continue' }).click();
  await expect(enable.getByText('Your current password is incorrect.')).toBeVisible();
  await enable.getByLabel('Current password').fill(PASSWORD);
  await enable.getByRole('button', { name: 'Continue' }).click();
  await expect(enable.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = ((await enable.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // On a phone there is nothing to scan: the key opens in the authenticator app from a link.
  await expect(enable.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute(
    'href',
    new RegExp(`^otpauth://totp/.+secret=${secret}`),
  );
  await screenshot(page, testInfo, 'mfa-enable-en');
  await expectNoAxeViolations(page);
  await enable.getByLabel('Authenticator code').fill('000000');
  await enable.getByRole('button', { name: 'Turn on' }).click();
  await expect(enable.getByRole('alert')).toContainText('That code is not valid.');
  await enable.getByLabel('Authenticator code').fill(await totp(secret, -1));
  await enable.getByRole('button', { name: 'Turn on' }).click();
  const codesDialog = page.getByRole('dialog', { name: 'Your new backup codes' });
  await expect(codesDialog.getByTestId('backup-codes').locator('li')).toHaveCount(10);
  const codes = (await codesDialog.getByTestId('backup-codes').locator('li').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await codesDialog.getByRole('button', { name: 'I saved my codes' }).click();
  await expect(page.getByText('Unused backup codes: 10.')).toBeVisible();

  // Sign in again: the authenticator code finishes the sign-in.
  await signOut(page);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/two-factor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible();
  await screenshot(page, testInfo, 'two-factor-en');
  await expectNoAxeViolations(page);
  await page.getByLabel('Authenticator code').fill(await totp(secret, 0));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // And a backup code, which works once only.
  for (const attempt of ['first', 'second']) {
    await signOut(page);
    await signInWithPassword(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/two-factor$/);
    await page.getByRole('button', { name: 'Try another way' }).click();
    await page.getByRole('link', { name: 'Use a backup code' }).click();
    await page.getByRole('textbox', { name: 'Backup code' }).fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    if (attempt === 'first') await expect(page).toHaveURL(/\/account$/);
    else await expect(page.getByRole('alert')).toContainText('That code is not valid.');
  }
  await page.getByRole('textbox', { name: 'Backup code' }).fill(codes[1] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // Turn it off, confirmed with a code.
  await page.goto('/security');
  await expect(page.getByText('Unused backup codes: 8.')).toBeVisible();
  await page.getByRole('button', { name: 'Turn off' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-factor authentication' });
  await off.getByLabel('Authenticator code').fill(await totp(secret, 1));
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Two-factor authentication is off.' })).toBeVisible();
  await signOut(page);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
});

test('delete the account, then fail to sign in with it', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'leaver');
  await createAccount(request, email);
  await signedInAs(page, email);
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await expect(dialog).toContainText('your friends and blocked players');
  // The password first (issue 31), then the mailed code.
  await dialog.getByRole('button', { name: 'Send the code' }).click();
  await expect(dialog.getByText('Enter your current password.')).toBeVisible();
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Send the code' }).click();
  // A signed-in player is told plainly where the code went (not "If … has an account").
  await expect(dialog.getByText(`We sent a 6-digit code to ${email[0]}…@example.com. Enter it below.`)).toBeVisible();
  await dialog
    .getByLabel('Code', { exact: true })
    .fill((await latestMail(request, email, 'delete_account')).code ?? '');
  await screenshot(page, testInfo, 'delete-account-en');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  const done = page.getByRole('dialog', { name: 'Your account is deleted' });
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  // No account has this address any more: the email-code path answers like for any unknown address,
  // and no code can sign in.
  await expect(page).toHaveURL(/\/email-code-sign-in$/);
  await page.getByLabel('Code', { exact: true }).fill('123456');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/email-code-sign-in$/);
});

test('opt out of friend-request mails from the link in a mail', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'quiet');
  const { account } = await createAccount(request, email);
  await sendFriendRequest(request, testInfo, account.id);
  const mails = await (await request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const mail = mails.find((m: { template: string }) => m.template === 'friend_request');
  const link = /https?:\/\/\S+\/email-notifications\?token=\S+/.exec(mail.text)?.[0] ?? '';
  await page.goto(`${pathOf(link)}&lang=en-US`);
  const box = page.getByLabel('Email me when someone sends me a friend request');
  await expect(box).toBeChecked();
  await screenshot(page, testInfo, 'email-notifications-en');
  await expectNoAxeViolations(page);
  await box.uncheck();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page).toHaveURL(/\/email-notifications-success$/);
  await expect(page.getByRole('heading', { name: 'Your email preferences are saved' })).toBeVisible();
  // Turned off: the next friend request sends no mail.
  await sendFriendRequest(request, testInfo, account.id);
  const after = await (await request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  expect(after.filter((m: { template: string }) => m.template === 'friend_request')).toHaveLength(1);
  // A made-up link. The error messages load after the first screen: here they arrive after the
  // answer, as on a slow machine, and the alert shows the message then (it kept its key before).
  const errorMessages = /\/assets\/english-[\w-]+\.js$/;
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route(errorMessages, async (route) => {
    asked++;
    await held;
    await route.continue();
  });
  await page.goto('/email-notifications?token=lt_made-up-token-0000000000&lang=en-US');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect.poll(() => asked).toBe(1);
  release();
  await expect(page.getByRole('alert')).toContainText('That link has expired. Please try again');
});

test('the account and security pages in Arabic, right to left', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'rtl');
  await createAccount(request, email);
  await signedInAs(page, email);
  await page.goto('/account?lang=ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Account settings');
  await screenshot(page, testInfo, 'account-ar');
  await expectNoAxeViolations(page);
});

test(
  'change avatar, country, date of birth, language and email choices',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'prefs');
    await createAccount(request, email);
    await signedInAs(page, email);
    const profile = page.getByRole('region', { name: 'Profile' });

    await profile.getByRole('button', { name: 'Change avatar' }).click();
    const avatars = page.getByRole('dialog', { name: 'Choose your avatar' });
    await avatars.getByRole('radio').nth(5).check({ force: true });
    await avatars.getByRole('button', { name: 'Save' }).click();
    await expect(avatars).toBeHidden();
    await expect(profile.getByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', '/avatars/night-moon.png');

    await profile.getByRole('button', { name: 'Change', exact: true }).nth(2).click();
    const country = page.getByRole('dialog', { name: 'Change your country or region' });
    await country.getByLabel('Country or region').selectOption('FR');
    await country.getByRole('button', { name: 'Save' }).click();
    await expect(country).toBeHidden();
    await expect(profile.getByText('France')).toBeVisible();

    await profile.getByRole('button', { name: 'Change', exact: true }).nth(3).click();
    const dob = page.getByRole('dialog', { name: 'Correct your date of birth' });
    await dob.getByLabel('Date of birth').fill('31/02/1990');
    await dob.getByRole('button', { name: 'Save' }).click();
    await expect(dob.getByText('Enter a real date as MM/DD/YYYY.')).toBeVisible();
    const young = new Date();
    young.setFullYear(young.getFullYear() - 14);
    const mmdd = (d: Date) =>
      `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
    await dob.getByLabel('Date of birth').fill(mmdd(young));
    await dob.getByRole('button', { name: 'Save' }).click();
    await expect(dob.getByRole('alert')).toContainText('You are not eligible for an account at this time.');
    await dob.getByLabel('Date of birth').fill('07/15/1988');
    await dob.getByRole('button', { name: 'Save' }).click();
    await expect(profile.getByText('07/15/1988')).toBeVisible();

    const emails = page.getByRole('region', { name: 'Emails' });
    await emails.getByLabel('Send me news and offers about Aurora Games by email.').check();
    await expect(emails.getByRole('status')).toHaveText('Your choice is saved.');
    await page.reload();
    await expect(page.getByLabel('Send me news and offers about Aurora Games by email.')).toBeChecked();

    await page.getByLabel('Language of the site and of our emails').selectOption('de-DE');
    await expect(page.getByRole('heading', { level: 1, name: 'Kontoeinstellungen' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  },
);

test(
  'two-factor: the mailbox alone never passes it, after an emailed code or after a password reset',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, 'mailbox');
    const { access_token: token } = await createAccount(request, email);
    const { secret, backupCodes } = await turnOnTwoFactor(request, email, token);
    const otherWays = page.getByRole('region', { name: 'Other ways to sign in' });
    const notByEmail = otherWays.getByText("so a code sent by email can't be your second step");

    // First step: a code sent by email. The second is the authenticator, a backup code or support.
    await page.goto('/sign-in?lang=en-US');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Email me a sign-in code instead' }).click();
    await expect(page).toHaveURL(/\/email-code-sign-in$/);
    await page.getByLabel('Code', { exact: true }).fill((await latestMail(request, email, 'sign_in_code')).code ?? '');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/two-factor$/);
    await page.getByRole('button', { name: 'Try another way' }).click();
    await expect(notByEmail).toBeVisible();
    await expect(otherWays.getByRole('button', { name: 'Email me a code' })).toHaveCount(0);
    await expect(otherWays.getByRole('link', { name: 'Use a backup code' })).toBeVisible();
    await screenshot(page, testInfo, 'two-factor-no-email-step-en');
    await expectNoAxeViolations(page);
    await page.getByLabel('Authenticator code').fill(await totp(secret, 0));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/account$/);

    // First step: a password reset from the mailed link. Its sign-in waits for a second step too.
    await signOut(page);
    await page.goto('/reset-password?lang=en-US');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page).toHaveURL(/\/reset-password-message$/);
    await page.goto(pathOf((await latestMail(request, email, 'password_reset')).link ?? ''));
    await page.getByLabel('New password', { exact: true }).fill('Tq8#vLp2-Renewed');
    await page.getByLabel('Confirm the password').fill('Tq8#vLp2-Renewed');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('link', { name: 'Finish signing in' }).click();
    await expect(page).toHaveURL(/\/two-factor$/);
    await page.getByRole('button', { name: 'Try another way' }).click();
    await expect(notByEmail).toBeVisible();
    await expect(otherWays.getByRole('button', { name: 'Email me a code' })).toHaveCount(0);
    await otherWays.getByRole('link', { name: 'Use a backup code' }).click();
    await page.getByRole('textbox', { name: 'Backup code' }).fill(backupCodes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/account$/);
  },
);

test('two-factor: after a password, a code by email finishes it: one Verify button, the address masked', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'emailstep');
  const { access_token: token } = await createAccount(request, email);
  await turnOnTwoFactor(request, email, token);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/two-factor$/);
  const verify = page.getByRole('button', { name: 'Verify' });
  await expect(verify).toHaveCount(1);
  await page.getByRole('button', { name: 'Try another way' }).click();
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${email[0]}…@example.com. Enter it below.`)).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expect(verify).toHaveCount(1);
  await screenshot(page, testInfo, 'two-factor-email-step-en');
  await page.getByLabel('Code', { exact: true }).fill((await latestMail(request, email, 'sign_in_code')).code ?? '');
  await verify.click();
  await expect(page).toHaveURL(/\/account$/);
});

test(
  'two-factor: a reload, back and forward, and a second tab keep the pending sign-in',
  DESKTOP_ONLY,
  async ({ page, context, request }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, 'pending');
    const { access_token: token } = await createAccount(request, email);
    const { secret } = await turnOnTwoFactor(request, email, token);
    const heading = (tab: Page) => tab.getByRole('heading', { level: 1, name: 'Two-factor authentication' });

    // A reload, then back and forward: still pending, and the code finishes it.
    await signInWithPassword(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/two-factor$/);
    await page.reload();
    await expect(heading(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/password-sign-in$/);
    await page.goForward();
    await expect(heading(page)).toBeVisible();
    await page.getByLabel('Authenticator code').fill(await totp(secret, 0));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/account$/);

    // A second tab opens the same pending sign-in; finished there, this tab goes on too.
    await signOut(page);
    await signInWithPassword(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/two-factor$/);
    const second = await context.newPage();
    await second.goto('/two-factor?lang=en-US');
    await expect(heading(second)).toBeVisible();
    await second.getByLabel('Authenticator code').fill(await totp(secret, 1));
    await second.getByRole('button', { name: 'Verify' }).click();
    await expect(second).toHaveURL(/\/account$/);
    await expect(page).toHaveURL(/\/account$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await second.close();
  },
);

test('every account section is in sight, at phone width too, left to right and right to left', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'sections');
  await createAccount(request, email);
  await signedInAs(page, email);
  for (const [lang, label, current] of [
    ['en-US', 'Account sections', 'Account settings'],
    ['ar-AE', 'أقسام الحساب', 'إعدادات الحساب'],
  ] as const) {
    await page.goto(`/account?lang=${lang}`);
    const sections = page.getByRole('navigation', { name: label });
    await expect(sections.getByRole('link', { name: current })).toHaveAttribute('aria-current', 'page');
    const links = sections.getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(5);
    // Each one wholly on the screen, none hidden in a row that scrolls sideways.
    for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
    expect(
      await sections.getByRole('list').evaluate((list) => list.scrollWidth <= list.clientWidth + 1),
      `${lang}: the sections do not scroll sideways`,
    ).toBe(true);
    await screenshot(page, testInfo, `account-sections-${lang}`);
  }
  await expectNoAxeViolations(page);
});
