// Linking platform accounts (issue 15), through the sandbox platforms the test server mounts (real
// OpenID Providers, platforms/sandbox): connect PlayStation Network in its popup, see it on
// /linked-accounts, sign out and sign in with it; disconnect a platform; a restricted one refused.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { KEYS } from '../src/lib/storage.ts';
import {
  DESKTOP_ONLY,
  apiHeaders,
  createAccount,
  expectNoAxeViolations,
  latestMail,
  PASSWORD,
  signInWithPassword,
  verifyEmailInDialog,
  uniqueEmail,
  uniqueSuffix,
} from './helpers.ts';
import {
  codeFromPlatformPage,
  openPlatformPopup,
  signInInPlatformPopup,
  signInOnPlatformPage,
} from './platform-sandbox.ts';
import { screenshot } from './screenshots.ts';
import { TEST_MS } from './time-limits.ts';

// Each test registers, signs in, proves the address and goes through a platform's pages: more steps
// than most, so more time on a busy two-core machine.
test.describe.configure({ timeout: 3 * TEST_MS });

/** Signs a new player in, proves the address on /linked-accounts, and stays there. */
async function onLinkedAccounts(page: Page, request: Parameters<typeof createAccount>[0], email: string) {
  await createAccount(request, email);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/linked-accounts');
  await verifyEmailInDialog(page, request, email);
  await expect(page.getByRole('heading', { level: 2, name: 'PlayStation Network' })).toBeVisible();
}

/** The card of a platform on /linked-accounts. */
function platformRow(page: Page, platform: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: platform }) });
}

/** Connects a platform through its sandbox popup as `username`. */
async function connect(page: Page, platform: string, username: string, label = 'Connect') {
  const row = platformRow(page, platform);
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
  // A game's device identifiers are no account of the player's: not offered.
  await expect(page.getByRole('heading', { level: 2, name: 'Apple Vendor ID' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Android App Set ID' })).toHaveCount(0);
  await screenshot(page, testInfo, 'linked-accounts-en');
  await expectNoAxeViolations(page);
  const name = `Kratos${uniqueSuffix()}`;
  const row = await connect(page, 'PlayStation Network', name);
  await expect(row.getByText(`Connected as ${name}`)).toBeVisible();
  await expect(row.getByText('Your PlayStation Network account is connected.')).toBeVisible();
  // A new way to sign in: the row offers to sign out the other devices (the registration's sign-in
  // through the API), ASVS 7.4.3; kept here.
  const offer = row.getByRole('status').filter({ hasText: 'You changed how your account is protected' });
  await expect(offer).toContainText('Other devices signed in to it: 1.');
  await offer.getByRole('button', { name: 'Keep them signed in' }).click();
  await expect(offer).toBeHidden();
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

test(
  'an unknown platform account signs nobody in, and says so, however long the player took at the platform',
  DESKTOP_ONLY,
  async ({ page }, testInfo) => {
    // The page's clock is the test's: the minutes a player may take at the platform pass at once.
    await page.clock.install();
    await page.goto('/sign-in?lang=en-US');
    const popup = await openPlatformPopup(page, page.getByRole('button', { name: 'Twitch', exact: true }), 'Twitch');
    // Two steps, so that whatever the page scheduled in the first (a wait on the window) runs in the second.
    await page.clock.fastForward('02:00');
    await page.clock.fastForward('01:00');
    await signInOnPlatformPage(popup, 'Twitch', `Nobody${uniqueSuffix()}`);
    await expect(page.getByRole('alert')).toHaveText('We could not find an account for that sign-in.');
    await expect(page).toHaveURL(/\/sign-in/);
    await screenshot(page, testInfo, 'unknown-identity');
  },
);

test(
  'a platform page cut off from the portal: the card waits for its answer however long the player takes, one popup at a time',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    // The page's clock is the test's: minutes at the platform pass at once, on any machine.
    await page.clock.install();
    await onLinkedAccounts(page, request, uniqueEmail(testInfo, 'wait'));
    const twitch = platformRow(page, 'Twitch');
    const popup = await openPlatformPopup(page, twitch.getByRole('button', { name: 'Connect' }), 'Twitch');
    // As identity providers' pages do, the platform's page isolates itself: the popup has lost its opener.
    expect(await popup.evaluate(() => window.opener === null)).toBe(true);
    const waiting = twitch.getByRole('status').filter({ hasText: 'Waiting for Twitch…' });
    await expect(waiting).toBeVisible();
    await expect(twitch.getByRole('button', { name: 'Cancel' })).toBeFocused();
    // One attempt at a time: no other popup opens meanwhile (the wait stands for the card's Connect).
    await expect(twitch.getByRole('button', { name: 'Connect' })).toHaveCount(0);
    await expect(platformRow(page, 'Discord').getByRole('button', { name: 'Connect' })).toBeDisabled();
    await screenshot(page, testInfo, 'waiting-for-twitch');
    await expectNoAxeViolations(page);
    // The player takes five minutes at the platform (time passes in two steps, so that whatever the
    // page scheduled in the first runs in the second): the card still waits, and takes the answer.
    await page.clock.fastForward('04:00');
    await page.clock.fastForward('01:00');
    await expect(waiting).toBeVisible();
    const name = `Patient${uniqueSuffix()}`;
    await signInOnPlatformPage(popup, 'Twitch', name);
    await expect(twitch.getByText(`Connected as ${name}`)).toBeVisible();
    await expect(twitch.getByText('Your Twitch account is connected.')).toBeVisible();
    await expect(waiting).toBeHidden();
    await expect(platformRow(page, 'Discord').getByRole('button', { name: 'Connect' })).toBeEnabled();
  },
);

test(
  'waiting for a platform at sign-in: Cancel stops it; ten minutes without an answer end it with a message',
  DESKTOP_ONLY,
  async ({ page }) => {
    await page.clock.install();
    await page.goto('/sign-in?lang=en-US');
    const twitch = page.getByRole('button', { name: 'Twitch', exact: true });
    const waiting = page.getByRole('status').filter({ hasText: 'Waiting for Twitch…' });
    const first = await openPlatformPopup(page, twitch, 'Twitch');
    await expect(waiting).toBeVisible();
    await expect(page.getByRole('button', { name: 'PlayStation Network', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(waiting).toBeHidden();
    await expect(twitch).toBeEnabled();
    // The focus goes back to the button that opened the popup.
    await expect(twitch).toBeFocused();
    await first.close();

    // Again, and the platform never answers: after ten minutes the page stops waiting and says so.
    await openPlatformPopup(page, twitch, 'Twitch');
    await expect(waiting).toBeVisible();
    await page.clock.fastForward('10:01');
    await expect(
      page.getByText('Twitch did not answer in time. If its window is still open, close it and try again.'),
    ).toBeVisible();
    await expect(waiting).toBeHidden();
    await expect(twitch).toBeEnabled();
  },
);

test('disconnect a platform after confirming; connected again it is locked for a while; a restricted one offers support instead', async ({
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
  // Connected again after a disconnect (Twitch still knows the player: its popup answers at once):
  // locked until a date in the player's format, and nothing offered that the server would refuse.
  const [again] = await Promise.all([
    page.waitForEvent('popup'),
    twitch.getByRole('button', { name: 'Connect' }).click(),
  ]);
  await expect.poll(() => again.isClosed()).toBe(true);
  await expect(twitch.getByText(/^Connected as Streamer/)).toBeVisible();
  await expect(
    twitch.getByText(
      /^Changed recently: you can change or disconnect it again on \d{2}\/\d{2}\/\d{4} \(in 30 days\)\.$/,
    ),
  ).toBeVisible();
  await expect(twitch.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
  await expect(twitch.getByRole('button', { name: 'Use another account' })).toHaveCount(0);

  // A restricted platform: only support disconnects or replaces it, and the card says so before any click.
  const psn = await connect(page, 'PlayStation Network', `Console${uniqueSuffix()}`);
  await expect(psn.getByText(/^Connected as Console/)).toBeVisible();
  await expect(
    psn.getByText('Only customer support can disconnect this PlayStation Network account or replace it with another.'),
  ).toBeVisible();
  await expect(psn.getByRole('link', { name: 'Customer support' })).toBeVisible();
  await expect(psn.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
  await expect(psn.getByRole('button', { name: 'Use another account' })).toHaveCount(0);
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

test('connect the platform a link names: /connect/epic-games, /connect/steam', async ({ page, request }, testInfo) => {
  await onLinkedAccounts(page, request, uniqueEmail(testInfo, 'connect'));
  await page.goto('/connect/epic-games');
  await expect(page.getByRole('heading', { level: 1, name: 'Connect a platform' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Epic Games']);
  const name = `Fortnite${uniqueSuffix()}`;
  const row = await connect(page, 'Epic Games', name);
  await expect(row.getByText(`Connected as ${name}`)).toBeVisible();
  await screenshot(page, testInfo, 'connect-epic-games');
  // Steam too names the account connected (its Web API's persona name: OpenID 2.0 gives none).
  await page.goto('/connect/steam');
  const gamer = `Gordon${uniqueSuffix()}`;
  const steam = await connect(page, 'Steam', gamer);
  await expect(steam.getByText(`Connected as ${gamer}`)).toBeVisible();
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
  // The wait for a platform's popup, in Arabic too.
  const psn = platformRow(page, 'PlayStation Network');
  const popup = await openPlatformPopup(
    page,
    psn.getByRole('button', { name: 'ربط', exact: true }),
    'PlayStation Network',
  );
  // (Names inside Arabic text are isolated: U+2068 ... U+2069.)
  await expect(psn.getByRole('status')).toContainText(/في انتظار \u2068?PlayStation Network\u2069?…/);
  await screenshot(page, testInfo, 'waiting-for-psn-ar');
  await expectNoAxeViolations(page);
  await psn.getByRole('button', { name: 'إلغاء', exact: true }).click();
  await expect(psn.getByRole('status')).toBeEmpty();
  await expect(psn.getByRole('button', { name: 'ربط', exact: true })).toBeFocused();
  await popup.close();
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

test(
  'Max shows its subscription; once its connection expires, the player is asked to reconnect it',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    // At least the token's 10 seconds, on top of the journey.
    test.setTimeout(120_000);
    await onLinkedAccounts(page, request, uniqueEmail(testInfo, 'max'));
    // A sandbox user name starting with "short" gets Max tokens of 10 seconds.
    const max = await connect(page, 'Max', `ShortViewer${uniqueSuffix()}`);
    await expect(max.getByText(/^Your Max subscription is active until /)).toBeVisible();
    // Waits (on the condition, not a fixed time) until Max no longer takes the token: the
    // subscription call then says the link needs a refresh.
    const token = await page.evaluate((key) => localStorage.getItem(key), KEYS.accessToken);
    const headers = await apiHeaders(request, token ?? undefined);
    await expect
      .poll(
        async () => {
          const answer = await request.get('/api/accounts/max/me/subscription', { headers });
          return ((await answer.json()) as { max_link?: { refresh_required?: boolean } }).max_link?.refresh_required;
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBe(true);
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
  },
);

test(
  'Max cannot tell the subscription: the card says so, and asks for no reconnect',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    await onLinkedAccounts(page, request, uniqueEmail(testInfo, 'max-down'));
    // A sandbox user name starting with "outage": Max's subscription API answers 503.
    const name = `OutageViewer${uniqueSuffix()}`;
    const max = await connect(page, 'Max', name);
    await expect(max.getByText(`Connected as ${name}`)).toBeVisible();
    await expect(max.getByText("We couldn't check your Max subscription right now. Try again later.")).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Reconnect Max' })).toHaveCount(0);
    await expect(max.getByText('Needs reconnecting')).toHaveCount(0);
  },
);
