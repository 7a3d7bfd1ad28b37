// The recent activity of /security (issue 19), against the real server: a wrong password, then the
// right one, show as a warning and a sign-in from this browser; a password changed in the modal
// shows at the top at once, without a reload; the card in English and Arabic, desktop and phone.
import { expect, test } from '@playwright/test';
import {
  createAccount,
  expectNoAxeViolations,
  PASSWORD,
  signInWithPassword,
  uniqueEmail,
  verifyEmailInDialog,
} from './helpers.ts';
import { screenshot } from './screenshots.ts';

const NEW_PASSWORD = 'Nw9#pass-Word';

// The browser's own User-Agent (headless Chromium on Linux: "HeadlessChrome/..., X11; Linux"), not
// the Windows or Android one of the projects' device descriptors: an empty override keeps Chromium's.
test.use({ userAgent: '' });

test('recent activity: sign-ins, a wrong password and a password change, in English and Arabic', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const email = uniqueEmail(testInfo, 'activity');
  await createAccount(request, email);

  // A wrong password first, then the right one.
  await signInWithPassword(page, email, 'Wrong#Pass-1');
  await expect(page.getByRole('alert')).toBeVisible();
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/security');
  await verifyEmailInDialog(page, request, email);

  const card = page.getByRole('region', { name: 'Recent activity' });
  await expect(card.getByRole('heading', { level: 2, name: 'Recent activity' })).toBeVisible();
  await expect(card.getByText(/in the last year.*change your password\.$/)).toBeVisible();
  const rows = card.getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);

  // Newest first: the sign-in, from headless Chromium on Linux (the server names it Chrome).
  const signIn = rows.nth(0);
  await expect(signIn).toContainText('Signed in with your password');
  await expect(signIn).toContainText('Chrome · Linux');
  await expect(signIn.locator('bdi[dir="ltr"]')).toHaveText(/^[0-9a-f.:]+$/);
  const time = signIn.locator('time');
  const when = new Date((await time.getAttribute('datetime')) ?? '');
  expect(Math.abs(Date.now() - when.getTime())).toBeLessThan(5 * 60_000);
  await expect(time).toContainText(
    `${String(when.getMonth() + 1).padStart(2, '0')}/${String(when.getDate()).padStart(2, '0')}/${when.getFullYear()} at `,
  );
  await expect(signIn.getByRole('img', { name: 'Warning' })).toHaveCount(0);

  // The wrong password, marked as a warning by its icon, not only its colour.
  const failed = rows.nth(1);
  await expect(failed).toContainText('Sign-in failed: wrong password');
  await expect(failed.getByRole('img', { name: 'Warning' })).toBeVisible();
  await expect(failed).toContainText('Chrome · Linux');

  await screenshot(page, testInfo, 'recent-activity-en');
  await expectNoAxeViolations(page);

  // A password change shows at the top at once, without a reload.
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByLabel('New password').fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm the password').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Your password was changed.' })).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Password changed');
  await expect(rows.nth(0)).toContainText('Chrome · Linux');
  await expect(rows.nth(1)).toContainText('Signed in with your password');

  // In Arabic, right to left: the card translated, the address still reads left to right.
  await page.goto('/security?lang=ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabic = page.getByRole('region', { name: 'النشاط الأخير' });
  const arabicRows = arabic.getByRole('list').getByRole('listitem');
  await expect(arabicRows).toHaveCount(3);
  await expect(arabicRows.nth(0)).toContainText('تم تغيير كلمة المرور');
  await expect(arabicRows.nth(2).getByRole('img', { name: 'تحذير' })).toBeVisible();
  await expect(arabicRows.nth(0).locator('bdi[dir="ltr"]')).toHaveCSS('direction', 'ltr');
  await screenshot(page, testInfo, 'recent-activity-ar');
  await expectNoAxeViolations(page);
});
