// The recent activity of /security (issue 19), against the real server: a wrong password, then the
// right one, show as a warning and a sign-in from this browser; a password changed in the modal
// shows at the top at once, without a reload; the card in English and Arabic, desktop and phone.
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  DESKTOP_ONLY,
  apiHeaders,
  createAccount,
  expectNoAxeViolations,
  latestMail,
  PASSWORD,
  signInWithPassword,
  uniqueEmail,
  verifyEmailInDialog,
} from './helpers.ts';
import { screenshot } from './screenshots.ts';

/** The authenticator code of a secret, `steps` 30-second steps from now (each step is taken once). */
async function authenticatorCode(secret: string, steps = 0): Promise<string> {
  // Not in the last two seconds of a step, so that the code does not go stale on its way.
  while (Date.now() % 30_000 > 28_000) await new Promise((resolve) => setTimeout(resolve, 250));
  const generator = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return generator.generate({ timestamp: Date.now() + steps * 30_000 });
}

const NEW_PASSWORD = 'Nw9#pass-Word';

// The browser's own User-Agent (headless Chromium on Linux: "HeadlessChrome/..., X11; Linux"), not
// the Windows or Android one of the projects' device descriptors: an empty override keeps Chromium's.
test.use({ userAgent: '' });

test('recent activity: sign-ins, a wrong password and a password change, in English and Arabic', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
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

test(
  'recent activity names the second step of a two-factor sign-in, and an email change asked for then done',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, 'steps');
    const created = await createAccount(request, email);
    const headers = await apiHeaders(request, created.access_token);
    // Through the API: the address verified, then two-factor turned on (its backup codes kept).
    expect((await request.put('/api/accounts/me/send_verification_email', { headers })).status()).toBe(200);
    const verifyCode = (await latestMail(request, email, 'verify_email')).code;
    expect((await request.post('/api/accounts/verify_email', { headers, data: { code: verifyCode } })).status()).toBe(
      200,
    );
    const proved = await request.put('/api/sessions/me/verify', {
      headers,
      data: { code_type: 'password', password: PASSWORD },
    });
    expect(proved.status()).toBe(200);
    const { secret } = (await (await request.post('/api/accounts/me/mfa', { headers })).json()) as { secret: string };
    const activated = await request.put('/api/accounts/me/mfa/activate', {
      headers,
      data: { code: await authenticatorCode(secret) },
    });
    expect(activated.status()).toBe(200);
    const backupCode = ((await activated.json()) as { backup_codes: { code: string }[] }).backup_codes[0]?.code ?? '';

    // The player signs in through the pages: the password, then a backup code.
    await signInWithPassword(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/two-factor$/);
    await page.getByRole('button', { name: 'Try another way' }).click();
    await page.getByRole('link', { name: 'Use a backup code' }).click();
    await page.getByRole('textbox', { name: 'Backup code' }).fill(backupCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/account$/);

    // And again, finished with a code sent by email ("try another way").
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/sign-in/);
    await signInWithPassword(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/two-factor$/);
    await page.getByRole('button', { name: 'Try another way' }).click();
    await page
      .getByRole('region', { name: 'Other ways to sign in' })
      .getByRole('button', { name: 'Email me a code' })
      .click();
    // The page's one form now takes the code sent by email.
    await page.getByLabel('Code', { exact: true }).fill((await latestMail(request, email, 'sign_in_code')).code ?? '');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL(/\/account$/);

    await page.goto('/security');
    const card = page.getByRole('region', { name: 'Recent activity' });
    const rows = card.getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Signed in with a code sent by email');
    await expect(rows.nth(1)).toContainText('Signed in with a backup code');
    await expect(rows.nth(2)).toContainText('Two-factor authentication turned on');

    // An email change (through the API, proven again with the authenticator first): asked for, then done.
    const proven = await request.put('/api/sessions/me/verify', {
      headers,
      data: { code_type: 'mfa_code', code: await authenticatorCode(secret, 1) },
    });
    expect(proven.status()).toBe(200);
    const moved = uniqueEmail(testInfo, 'moved');
    expect((await request.put('/api/accounts/me/email', { headers, data: { email: moved } })).status()).toBe(200);
    await page.reload();
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText('Email address change requested');
    const movedCode = (await latestMail(request, moved, 'verify_email')).code;
    expect((await request.post('/api/accounts/verify_email', { headers, data: { code: movedCode } })).status()).toBe(
      200,
    );
    await page.reload();
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0)).toContainText('Email address changed');
    await expect(rows.nth(0)).not.toContainText('requested');
    await expect(rows.nth(1)).toContainText('Email address change requested');
    await expect(rows.nth(2)).toContainText('Signed in with a code sent by email');
    await screenshot(page, testInfo, 'recent-activity-steps-en');
  },
);
