// The served checks the web app makes while a player types or is refused (issue 29 item 8): whether
// a display name is free (the sign-up's name step and the account page's rename), and the unlock
// link sent again to a soft-locked account. Against the real server; nothing of ours is faked.
import { expect, test } from '@playwright/test';
import {
  createAccount,
  createAccountWithMailedCode,
  expectNoAxeViolations,
  latestMail,
  pathOf,
  seedSignedInPlayer,
  uniqueEmail,
  uniqueUsername,
  DESKTOP_ONLY,
  lockBySignIns,
} from './helpers.ts';

test('the sign-up name step says whether the name typed is free, and the server still decides', async ({
  page,
  request,
}, testInfo) => {
  const taken = uniqueUsername('Taken');
  await createAccount(request, uniqueEmail(testInfo, 'holder'), { username: taken });
  const email = uniqueEmail(testInfo, 'namecheck');
  await page.goto('/sign-up?lang=en-US');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/age-and-location/);
  await page.getByLabel('Date of birth').fill('06/15/1995');
  await page.getByRole('button', { name: 'Continue' }).click();
  await createAccountWithMailedCode(page, request, email);

  const field = page.getByLabel('Display name');
  const status = page.getByRole('status').filter({ hasText: /available|letters/ });
  await field.fill(taken);
  await expect(status).toHaveText(`${taken} is not available.`);
  await field.fill('abc');
  await expect(status).toHaveText('That name is too short: use at least 4 letters or numbers.');
  const free = uniqueUsername('Free');
  await field.fill(free);
  await expect(status).toHaveText(`${free} is available.`);
  await expectNoAxeViolations(page);
  // Taken again: the page does not hold the submit back, the server refuses it.
  await field.fill(taken);
  await expect(status).toHaveText(`${taken} is not available.`);
  await field.fill(free);
  await page.getByRole('button', { name: 'Update and continue' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('button', { name: free })).toBeVisible();
});

test(
  'the rename on the account page says whether the name is free, in the user language',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const taken = uniqueUsername('Held');
    await createAccount(request, uniqueEmail(testInfo, 'holder'), { username: taken });
    const me = await seedSignedInPlayer(page, request, uniqueEmail(testInfo, 'renamecheck'));
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Change', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Change your display name' });
    const field = dialog.getByLabel('Display name');
    const status = dialog.getByRole('status');
    // The player's own name is no news: nothing is said.
    await expect(field).toHaveValue(me.account.username);
    await expect(status).toHaveText('');
    await field.fill(taken);
    await expect(status).toHaveText(`${taken} is not available.`);
    const free = uniqueUsername('Mine');
    await field.fill(free);
    await expect(status).toHaveText(`${free} is available.`);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(profile.getByText(free)).toBeVisible();

    await page.goto('/account?lang=de-DE');
    await page
      .getByRole('region', { name: 'Profil' })
      .getByRole('button', { name: 'Ändern', exact: true })
      .first()
      .click();
    const german = page.getByRole('dialog');
    await german.getByRole('textbox').fill(taken);
    await expect(german.getByRole('status')).toHaveText(`${taken} ist nicht verfügbar.`);
  },
);

test(
  'a soft-locked account asks for the unlock link again, and the new link unlocks it',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'relock');
    await createAccount(request, email);
    await lockBySignIns(page, email);
    await expect(page.getByRole('alert')).toContainText('Your account is locked');
    const first = await latestMail(request, email, 'unlock');
    const resend = page.getByRole('button', { name: 'Send the unlock link again' });
    await resend.click();
    await expect(page.getByRole('status')).toHaveText(`If ${email} is locked, we sent it a new unlock link.`);
    await expectNoAxeViolations(page);
    let second = first;
    await expect
      .poll(async () => {
        second = await latestMail(request, email, 'unlock');
        return second.link !== first.link;
      })
      .toBe(true);
    await page.goto(pathOf(second.link as string));
    await expect(page.getByRole('heading', { level: 1, name: 'Your account is unlocked' })).toBeVisible();
  },
);
