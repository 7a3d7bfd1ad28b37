// Where the player is signed in and which games hold access (issue 31), against the real server: a
// player signed in on a laptop and on a phone (two browser contexts) and in a game on a console ends
// the phone's sign-in from /security, and the phone is signed out at its next action; removing the
// game's access makes the game's refresh fail at once. The cards in English and Arabic.
import { createHash, randomBytes } from 'node:crypto';
import { devices, expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import {
  apiHeaders,
  createAccount,
  DESKTOP_ONLY,
  expectNoAxeViolations,
  pageInNewContext,
  PASSWORD,
  signInWithPassword,
  uniqueEmail,
  verifyEmailInDialog,
} from './helpers.ts';
import { screenshot } from './screenshots.ts';

const CLIENT_ID = 'starfall-legends-pc';
const REDIRECT = 'http://127.0.0.1/callback';
const PS5 = 'Mozilla/5.0 (PlayStation; PlayStation 5/6.50) AppleWebKit/605.1.15 (KHTML, like Gecko)';

/**
 * The game signs the player in as a game does (an authorization code with PKCE, redeemed from the
 * console); answers the game's tokens.
 */
async function gameSignsIn(request: APIRequestContext, playerToken: string) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorized = await request.post('/api/sessions/authorize', {
    headers: await apiHeaders(request, playerToken),
    data: {
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      response_type: 'code',
      code_method: 'S256',
      scope: 'openid profile',
    },
  });
  expect(authorized.status()).toBe(200);
  const redeemed = await request.post('/api/sessions/auth/token', {
    headers: { ...(await apiHeaders(request)), 'user-agent': PS5 },
    data: {
      grant_type: 'authorization_code',
      code: ((await authorized.json()) as { auth_code: string }).auth_code,
      code_verifier: verifier,
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT,
    },
  });
  expect(redeemed.status()).toBe(200);
  return (await redeemed.json()) as { access_token: string; refresh_token: string };
}

test('signed-in devices and connected games: sign out the phone, remove a game, in English and Arabic', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail(testInfo, 'devices');
  const created = await createAccount(request, email);
  const game = await gameSignsIn(request, created.access_token);
  // The registration's own sign-in (the API call's) ends: the player's are the browsers below.
  expect(
    (await request.delete('/api/sessions', { headers: await apiHeaders(request, created.access_token) })).status(),
  ).toBe(200);

  // A phone signs in (another browser context: its own storage), then this browser.
  const phone = await pageInNewContext(browser, testInfo, { device: devices['iPhone 13'] });
  await signInWithPassword(phone, email, PASSWORD);
  await expect(phone).toHaveURL(/\/account$/);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/security?lang=en-US');
  await verifyEmailInDialog(page, request, email);

  const devicesCard = page.getByRole('region', { name: "Where you're signed in" });
  const rows = devicesCard.getByRole('list', { name: "Where you're signed in" }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  // Latest used first: this browser, the phone, then the game on its console.
  await expect(rows.nth(0)).toContainText('This device');
  await expect(rows.nth(0).getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  const phoneRow = rows.filter({ hasText: 'iOS' });
  await expect(phoneRow).toContainText('Safari · iOS');
  await expect(phoneRow).toContainText('iPhone');
  await expect(phoneRow).toContainText('Last active');
  const gameRow = rows.filter({ hasText: 'Starfall Legends' });
  await expect(gameRow).toContainText('PlayStation 5');

  const gamesCard = page.getByRole('region', { name: 'Connected games' });
  const gameEntry = gamesCard.getByRole('listitem').filter({ hasText: 'Starfall Legends' });
  await expect(gameEntry).toContainText('Can see: your account ID, your display name and language');
  await expect(gameEntry).toContainText('Signed in now: 1');
  await screenshot(page, testInfo, 'signed-in-devices-en');
  await expectNoAxeViolations(page);

  // The phone is signed out from here: it asks first, then says so.
  await phoneRow.getByRole('button', { name: 'Sign out' }).click();
  const confirm = page.getByRole('dialog', { name: /^Sign out Safari · iOS\?$/ });
  await expect(confirm).toContainText('signed out at its next action');
  await confirm.getByRole('button', { name: 'Sign out' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Safari · iOS is signed out.' })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').first()).toContainText(
    'Signed out a device',
  );

  // The phone's next action that reaches the server (its friends) finds it signed out, and says so.
  await phone.getByRole('link', { name: 'Friends' }).first().click();
  await expect(phone).toHaveURL(/\/sign-in/);
  await expect(
    phone.getByRole('status').filter({ hasText: 'You were signed out: this sign-in was ended from another device' }),
  ).toHaveText(
    'You were signed out: this sign-in was ended from another device, or it expired. Sign in again to continue.',
  );
  await screenshot(phone, testInfo, 'signed-out-elsewhere');
  // Said once: the next visit of the sign-in page is a plain one.
  await phone.reload();
  await expect(phone.getByLabel('Email address')).toBeVisible();
  await expect(phone.getByText('You were signed out')).toHaveCount(0);
  await phone.context().close();

  // Removing the game's access: the game's refresh fails at once, and the list says so.
  await gameEntry.getByRole('button', { name: 'Remove access' }).click();
  // Named by its client: a game can have several (a third party's app among them).
  const remove = page.getByRole('dialog', { name: 'Remove access for Starfall Legends for PC?' });
  await remove.getByRole('button', { name: 'Remove access' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Starfall Legends for PC no longer has access' }),
  ).toBeVisible();
  await expect(gamesCard.getByText('No game has access to your account.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  const refused = await request.post('/api/sessions/auth/token', {
    headers: await apiHeaders(request),
    data: { grant_type: 'refresh_token', refresh_token: game.refresh_token },
  });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { code: string }).code).toBe('auth_expired');
  await expect(page.getByRole('button', { name: 'Sign out all other devices' })).toHaveCount(0);
  await expect(devicesCard).toContainText('No other device is signed in to your account.');

  // In Arabic, right to left.
  await page.goto('/security?lang=ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('region', { name: 'الألعاب المرتبطة' })).toBeVisible();
  await expect(page.locator('.device-row')).toHaveCount(1);
  const width = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(width).toBeLessThanOrEqual(0);
  await screenshot(page, testInfo, 'signed-in-devices-ar');
  await expectNoAxeViolations(page);
});

test(
  'signs out every other device at once, and a tab left open behind finds it done',
  DESKTOP_ONLY,
  async ({ page, browser, request }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, 'others');
    const created = await createAccount(request, email);
    const other = await pageInNewContext(browser, testInfo, { device: devices['iPhone 13'] });
    await signInWithPassword(other, email, PASSWORD);
    await expect(other).toHaveURL(/\/account$/);
    await signInWithPassword(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/security?lang=en-US');
    await verifyEmailInDialog(page, request, email);
    const rows = page.locator('.device-row');
    await expect(rows).toHaveCount(3);

    // A second tab of this browser, opened before the phone is signed out in the first.
    const stale = await page.context().newPage();
    await stale.goto('/security?lang=en-US');
    await expect(stale.locator('.device-row')).toHaveCount(3);
    await rows.filter({ hasText: 'Safari · iOS' }).getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(rows).toHaveCount(2);
    // The tab behind signs out the same phone: done all the same, not an error.
    await stale.bringToFront();
    await stale
      .locator('.device-row')
      .filter({ hasText: 'Safari · iOS' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    const staleDialog = stale.getByRole('dialog');
    await staleDialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(staleDialog).toBeHidden();
    await expect(stale.locator('.card-notice p')).toHaveText('Safari · iOS is signed out.');
    await expect(stale.locator('.card-notice p')).toBeFocused();
    await expect(stale.locator('.device-row')).toHaveCount(2);
    await stale.close();

    await page.getByRole('button', { name: 'Sign out all other devices' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out all other devices?' });
    await confirm.getByRole('button', { name: 'Sign out all other devices' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Other devices signed out: 1.' })).toBeVisible();
    await expect(rows).toHaveCount(1);
    // The registration's sign-in and the phone are both over.
    expect(
      (await request.get('/api/accounts/me', { headers: await apiHeaders(request, created.access_token) })).status(),
    ).toBe(401);
    await other.reload();
    await expect(other).toHaveURL(/\/sign-in/);
    await other.context().close();
  },
);
