// The connection flow (issue 15; spec 000 §2 "Connection", §4 rules 18-20): a game sends the player
// to connect one platform (a device flow whose user flow is twitch, or a /connection link), or the
// player picks one; the platform's sign-in (sandbox popup or short code), the sign-out offer of a
// platform that asks for it, the success page, and back where the flow came from.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  DESKTOP_ONLY,
  apiHeaders,
  createAccount,
  expectNoAxeViolations,
  PASSWORD,
  signInWithPassword,
  switchLanguage,
  uniqueEmail,
  uniqueSuffix,
  verifyEmailInDialog,
} from './helpers.ts';
import { codeFromPlatformPage, signInInPlatformPopup } from './platform-sandbox.ts';
import { screenshot } from './screenshots.ts';
import { TEST_MS } from './time-limits.ts';

test.describe.configure({ timeout: 3 * TEST_MS });

/** The confirmation page asks for the address to be proved first: the mailed code proves it. */
async function proveAddress(page: Page, request: APIRequestContext, email: string) {
  await verifyEmailInDialog(page, request, email);
  await expect(page.getByRole('dialog', { name: 'Verify your email address' })).toBeHidden();
}

/** Signs in to a sandbox platform in the popup the button opens, as `username`. */
async function signInAtPlatform(page: Page, button: string, platform: string, username: string) {
  await signInInPlatformPopup(page, page.getByRole('button', { name: button }), platform, username);
}

async function signInHere(page: Page, email: string) {
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test(
  "a game's device flow with user_flow=twitch: the device is authorized once Twitch is connected",
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'conndevice');
    await createAccount(request, email);
    const headers = await apiHeaders(request);
    const started = await (
      await request.post('/api/sessions/device', {
        headers,
        data: {
          client_id: 'starfall-legends-pc',
          device_name: 'Streaming PC',
          user_flow: 'twitch',
          user_flow_options: { is_required: true },
        },
      })
    ).json();
    const poll = () =>
      request.post('/api/sessions/auth/token', {
        headers,
        data: { grant_type: 'device_code', code: started.device_code },
      });

    await page.goto(`/device?user_code=${started.user_code}&lang=en-US`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await signInHere(page, email);
    await expect(page).toHaveURL(/\/connection\/twitch\/confirmation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm the connection' })).toBeVisible();
    await proveAddress(page, request, email);
    await expect(page.getByText('You need to connect your Twitch account to continue.')).toBeVisible();
    // The game requires it: no way past it but connecting.
    await expect(page.getByRole('button', { name: 'Not now' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'connection-confirmation-en');
    // Not authorized yet: the device still waits.
    expect((await (await poll()).json()).body.error).toBe('authorization_pending');

    const streamer = `Streamer${uniqueSuffix()}`;
    await signInAtPlatform(page, 'Connect Twitch', 'Twitch', streamer);
    await expect(page).toHaveURL(/\/connection\/connection-success$/);
    // The game's own success message for its video streaming link (the demo seed's).
    await expect(page.getByRole('status')).toHaveText('Your video streaming account is connected.');
    await expect(page.getByRole('link', { name: "Open the game's page" })).toHaveAttribute(
      'href',
      'https://video.example.com/starfall',
    );
    await screenshot(page, testInfo, 'connection-success-en');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/device-success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your device is signed in' })).toBeVisible();

    const tokens = await poll();
    expect(tokens.ok()).toBe(true);
    const me = await request.get('/api/accounts/me', {
      headers: await apiHeaders(request, (await tokens.json()).access_token),
    });
    const account = await me.json();
    expect(account.email).toBe(email);
    expect(account.links.twitch.last_seen_username).toBe(streamer);
  },
);

test(
  "a game's link for PlayStation Network, signed out: sign in, connect, sign out of the platform, go back",
  DESKTOP_ONLY,
  async ({ page, request, context }, testInfo) => {
    const email = uniqueEmail(testInfo, 'connpsn');
    await createAccount(request, email);
    await page.goto('/connection?platform=psn&entry=starfall-legends&redirect_uri=/linked-accounts&lang=en-US');
    // Signed out: sign in first, with the game's welcome.
    await expect(page.getByText('Welcome to Starfall Legends')).toBeVisible();
    await signInHere(page, email);
    await expect(page).toHaveURL(/\/connection\/psn\/confirmation$/);
    await proveAddress(page, request, email);
    await page.getByRole('button', { name: 'Not now' }).waitFor();
    // On a shared computer someone else may be signed in: another account signs in and the flow goes on.
    await expect(page.getByText(/^Signed in as/)).toBeVisible();
    await page.getByRole('button', { name: 'Not you? Use another account' }).click();
    await signInHere(page, email);
    await expect(page).toHaveURL(/\/connection\/psn\/confirmation$/);
    const name = `Kratos${uniqueSuffix()}`;
    await signInAtPlatform(page, 'Connect PlayStation Network', 'PlayStation Network', name);

    // PlayStation Network asks to offer its sign-out (a shared computer).
    await expect(page).toHaveURL(/\/connection\/sign-out-confirmation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign out of the platform' })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'connection-sign-out-en');
    const [platformPage] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Sign out of PlayStation Network (opens in a new tab)' }).click(),
    ]);
    await expect(platformPage.getByText('Sign out of PlayStation Network in this browser?')).toBeVisible();
    await platformPage.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(platformPage.getByText('You are signed out of PlayStation Network.')).toBeVisible();
    await platformPage.close();

    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/connection\/connection-success$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    // The flow ends where the game's link said.
    await expect(page).toHaveURL(/\/linked-accounts$/);
    await expect(page.getByText(`Connected as ${name}`)).toBeVisible();
  },
);

test('the player picks the platform; the fan club connects with its code; a platform may be skipped (phone, Arabic)', async ({
  page,
  request,
  context,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail(testInfo, 'connpick');
  await createAccount(request, email);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);

  await page.goto('/connection');
  await expect(page).toHaveURL(/\/connection\/select-platform$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a platform' })).toBeVisible();
  await expectNoAxeViolations(page);
  await switchLanguage(page, 'ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await screenshot(page, testInfo, 'connection-select-ar');
  await switchLanguage(page, 'en-US');
  await page.getByRole('button', { name: 'Wizarding World' }).click();

  // The fan club's own page: its site shows a code, typed here.
  await expect(page).toHaveURL(/\/connection\/fan-club$/);
  await proveAddress(page, request, email);
  await page.getByRole('button', { name: 'Connect Wizarding World' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Wizarding World' });
  const name = `Hedwig${uniqueSuffix()}`;
  const code = await codeFromPlatformPage(
    context,
    dialog.getByRole('link', { name: 'Get a code from Wizarding World (opens in a new tab)' }),
    'Wizarding World',
    name,
  );
  await dialog.getByLabel('Code from Wizarding World').fill(code);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/connection\/connection-success$/);
  await screenshot(page, testInfo, 'connection-success-phone');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // Already connected: the fan-club page says so and only goes on.
  await page.goto('/connection?platform=wizarding-world');
  await expect(page.getByText(`Your Wizarding World account ${name} is already connected.`)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // A platform the game does not require can be skipped.
  await page.goto('/connection?platform=discord');
  await expect(page).toHaveURL(/\/connection\/discord\/confirmation$/);
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // A platform that is not one, or not offered: said in words.
  await page.goto('/connection?platform=myspace');
  await expect(page.getByRole('alert')).toHaveText(/can't be connected here/);
});
