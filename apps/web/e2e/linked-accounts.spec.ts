// Linking platform accounts (issue 15), through the sandbox platforms the test server mounts (real
// OpenID Providers, platforms/sandbox): connect PlayStation Network in its popup, see it on
// /linked-accounts, sign out and sign in with it; disconnect a platform; a restricted one refused.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  createAccount,
  expectNoAxeViolations,
  latestMail,
  PASSWORD,
  signInWithPassword,
  verifyEmailInDialog,
  uniqueEmail,
  uniqueSuffix,
} from './helpers.ts';
import { codeFromPlatformPage, signInInPlatformPopup } from './platform-sandbox.ts';
import { screenshot } from './screenshots.ts';

// Each test registers, signs in, proves the address and goes through a platform's pages: more steps
// than most, so more time on a busy two-core machine.
test.describe.configure({ timeout: 60_000 });

/** Signs a new player in, proves the address on /linked-accounts, and stays there. */
async function onLinkedAccounts(page: Page, request: Parameters<typeof createAccount>[0], email: string) {
  await createAccount(request, email);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/linked-accounts');
  await verifyEmailInDialog(page, request, email);
  await expect(page.getByRole('heading', { level: 2, name: 'PlayStation Network' })).toBeVisible();
}

/** Connects a platform through its sandbox popup as `username`. */
async function connect(page: Page, platform: string, username: string, label = 'Connect') {
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: platform }) });
  await signInInPlatformPopup(page, row.getByRole('button', { name: label }), platform, username);
  return row;
}

test('connect PlayStation Network in its popup, then sign out and sign in with it', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'link');
  await onLinkedAccounts(page, request, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Linked accounts' })).toBeVisible();
  await screenshot(page, testInfo, 'linked-accounts-en');
  await expectNoAxeViolations(page);
  const name = `Kratos${uniqueSuffix()}`;
  const row = await connect(page, 'PlayStation Network', name);
  await expect(row.getByText(`Connected as ${name}`)).toBeVisible();
  await expect(row.getByText('Your PlayStation Network account is connected.')).toBeVisible();
  // The account page read afresh shows it too.
  await page.reload();
  await expect(page.getByText(`Connected as ${name}`)).toBeVisible();
  // A security notice went to the player.
  expect((await latestMail(request, email, 'platform_linked')).template).toBe('platform_linked');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/sign-in/);
  // The platform still knows the player (its own session, as a real platform's): its popup signs
  // in without asking again, closes, and the portal signs the player in.
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'PlayStation Network' }).click(),
  ]);
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
  await screenshot(page, testInfo, 'signed-in-with-psn');
});

test('an unknown platform account signs nobody in, and says so', async ({ page }, testInfo) => {
  await page.goto('/sign-in?lang=en-US');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Twitch' }).click()]);
  await popup.getByLabel('User name on Twitch').fill(`Nobody${uniqueSuffix()}`);
  await popup.getByRole('button', { name: 'Sign in' }).click({ noWaitAfter: true });
  await expect(page.getByRole('alert')).toHaveText('We could not find an account for that sign-in.');
  await expect(page).toHaveURL(/\/sign-in/);
  await screenshot(page, testInfo, 'unknown-identity');
});

test('disconnect a platform after confirming; a restricted one goes to support', async ({
  page,
  request,
}, testInfo) => {
  await onLinkedAccounts(page, request, uniqueEmail(testInfo, 'unlink'));
  const twitch = await connect(page, 'Twitch', `Streamer${uniqueSuffix()}`);
  await expect(twitch.getByText(/^Connected as Streamer/)).toBeVisible();
  await twitch.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Twitch?' });
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(dialog.getByText('Tick the box to confirm.')).toBeVisible();
  await dialog.getByLabel('I understand, disconnect my Twitch account').check();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(twitch.getByText('Not connected')).toBeVisible();

  const psn = await connect(page, 'PlayStation Network', `Console${uniqueSuffix()}`);
  await psn.getByRole('button', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disconnect PlayStation Network?' });
  await confirm.getByLabel('I understand, disconnect my PlayStation Network account').check();
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  const restricted = page.getByRole('dialog', { name: 'PlayStation Network cannot be disconnected here' });
  await expect(restricted.getByRole('link', { name: 'Customer support' })).toBeVisible();
  await screenshot(page, testInfo, 'restricted-disconnect');
});

test('use another account for a platform: confirm it, then see until when it is locked', async ({
  page,
  request,
}, testInfo) => {
  await onLinkedAccounts(page, request, uniqueEmail(testInfo, 'replace'));
  const first = `First${uniqueSuffix()}`;
  const row = await connect(page, 'Twitch', first);
  await expect(row.getByText(`Connected as ${first}`)).toBeVisible();
  // "Use another account" makes the platform ask who signs in, though it remembers the first one.
  const second = `Second${uniqueSuffix()}`;
  await connect(page, 'Twitch', second, 'Use another account');
  await expect(row.getByText(`${second} will replace your linked Twitch account once you confirm.`)).toBeVisible();
  await row.getByRole('button', { name: 'Confirm' }).click();
  await expect(row.getByText(`Connected as ${second}`)).toBeVisible();
  await expect(row.getByText(/you can change or disconnect it again on .+ \(in 30 days\)/)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Use another account' })).toHaveCount(0);
  await screenshot(page, testInfo, 'replaced-locked');
});

test('connect the platform a link names: /connect/epic-games', async ({ page, request }, testInfo) => {
  await onLinkedAccounts(page, request, uniqueEmail(testInfo, 'connect'));
  await page.goto('/connect/epic-games');
  await expect(page.getByRole('heading', { level: 1, name: 'Connect a platform' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Epic Games']);
  const name = `Fortnite${uniqueSuffix()}`;
  const row = await connect(page, 'Epic Games', name);
  await expect(row.getByText(`Connected as ${name}`)).toBeVisible();
  await screenshot(page, testInfo, 'connect-epic-games');
  await page.getByRole('link', { name: 'All linked accounts' }).click();
  await expect(page).toHaveURL(/\/linked-accounts$/);
});

test('linked accounts in Arabic, right to left', async ({ page, request }, testInfo) => {
  await onLinkedAccounts(page, request, uniqueEmail(testInfo, 'rtl'));
  await page.goto('/linked-accounts?lang=ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 2, name: 'PlayStation Network' })).toBeVisible();
  // The page's own texts are Arabic; the platforms keep their names.
  await expect(page.getByRole('heading', { level: 1, name: 'Linked accounts' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toHaveCount(0);
  await screenshot(page, testInfo, 'linked-accounts-ar');
  await expectNoAxeViolations(page);
});

test('connect Wizarding World with the code it shows', async ({ page, request, context }, testInfo) => {
  await onLinkedAccounts(page, request, uniqueEmail(testInfo, 'code'));
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Wizarding World' }) });
  await row.getByRole('button', { name: 'Connect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Wizarding World' });
  // A code that cannot be one is refused on the spot, in words.
  await dialog.getByLabel('Code from Wizarding World').fill('?');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByText('Enter the code Wizarding World showed you, like WW-ABCD2345.')).toBeVisible();
  // The platform's page (a new tab) shows a code for a user name.
  const name = `Hedwig${uniqueSuffix()}`;
  const code = await codeFromPlatformPage(
    context,
    dialog.getByRole('link', { name: 'Get a code from Wizarding World (opens in a new tab)' }),
    'Wizarding World',
    name,
  );
  await dialog.getByLabel('Code from Wizarding World').fill(code);
  await screenshot(page, testInfo, 'short-code');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(row.getByText(`Connected as ${name}`)).toBeVisible();
});

test('Max shows its subscription; once its connection expires, the player is asked to reconnect it', async ({
  page,
  request,
}, testInfo) => {
  await onLinkedAccounts(page, request, uniqueEmail(testInfo, 'max'));
  // A sandbox user name starting with "short" gets Max tokens of 10 seconds.
  const max = await connect(page, 'Max', `ShortViewer${uniqueSuffix()}`);
  await expect(max.getByText(/^Your Max subscription is active until /)).toBeVisible();
  await page.waitForTimeout(11_000);
  await page.reload();
  const modal = page.getByRole('dialog', { name: 'Reconnect Max' });
  await expect(modal.getByText('Your Max connection has expired')).toBeVisible();
  await expect(max.getByText('Needs reconnecting')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'max-refresh');
  // Max still knows the player: its popup signs in at once and closes.
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    modal.getByRole('button', { name: 'Reconnect' }).click(),
  ]);
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(modal).toBeHidden();
  await expect(max.getByText(/^Your Max subscription is active until /)).toBeVisible();
});
