// A console or TV signing in by code (spec 000 §4 "Device flow"): the game starts a device
// authorization, the player enters its code at /device, signs in (or registers) if needed and
// approves or denies; the game's polling gets its tokens or access_denied. And the error screens.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  DESKTOP_ONLY,
  apiHeaders,
  bornYearsAgo,
  createAccount,
  createAccountWithMailedCode,
  DEMO,
  expectNoAxeViolations,
  PASSWORD,
  signInNewPlayer,
  switchLanguage,
  uniqueEmail,
} from './helpers.ts';
import { screenshot } from './screenshots.ts';

interface DemoGame {
  clientId: string;
  name: string;
}
/** The demo game (a 5-second countdown after sign-in), and the adult-only one (60 seconds). */
const STARFALL: DemoGame = { clientId: 'starfall-legends-pc', name: 'Starfall Legends' };
const ASHEN: DemoGame = DEMO.matureGame;
const DEVICE_NAME = 'Living-room PS5';

interface Started {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
}

/** The game starts a device authorization (POST /api/sessions/device). */
async function startDevice(
  request: APIRequestContext,
  extra: Record<string, unknown> = {},
  game: DemoGame = STARFALL,
): Promise<Started> {
  const answer = await request.post('/api/sessions/device', {
    headers: await apiHeaders(request),
    data: { client_id: game.clientId, device_name: DEVICE_NAME, ...extra },
  });
  expect(answer.ok()).toBe(true);
  return answer.json();
}

/** One poll of the device (grant_type device_code). */
async function poll(request: APIRequestContext, deviceCode: string) {
  const answer = await request.post('/api/sessions/auth/token', {
    headers: await apiHeaders(request),
    data: { grant_type: 'device_code', code: deviceCode },
  });
  return { ok: answer.ok(), body: await answer.json() };
}

/** After approval, the device's poll gets tokens for the account of `email`. */
async function expectDeviceSignedIn(request: APIRequestContext, deviceCode: string, email: string) {
  const polled = await poll(request, deviceCode);
  expect(polled.ok).toBe(true);
  expect(polled.body.access_token).toEqual(expect.any(String));
  const me = await request.get('/api/accounts/me', { headers: await apiHeaders(request, polled.body.access_token) });
  expect((await me.json()).email).toBe(email);
}

const grouped = (code: string) => `${code.slice(0, 3)}-${code.slice(3, 6)}-${code.slice(6)}`;

async function enterCode(page: Page, typed: string) {
  await page.getByRole('textbox', { name: 'Device code' }).fill(typed);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function expectDetails(page: Page, userCode: string, game: DemoGame = STARFALL) {
  await expect(page.getByRole('heading', { level: 1, name: 'Connect your account to this device?' })).toBeVisible();
  await expect(page.getByText(DEVICE_NAME)).toBeVisible();
  await expect(page.getByText(game.name, { exact: true })).toBeVisible();
  await expect(page.getByText(grouped(userCode))).toBeVisible();
  await expect(
    page.getByText(`Enter the code shown on your screen to sign in to ${game.name} on your device.`),
  ).toBeVisible();
}

async function signInHere(page: Page, email: string, game: DemoGame = STARFALL) {
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByText(`Welcome to ${game.name}`)).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function bothLanguages(page: Page, testInfo: Parameters<typeof screenshot>[1], name: string) {
  await screenshot(page, testInfo, `${name}-en`);
  await switchLanguage(page, 'ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await screenshot(page, testInfo, `${name}-ar`);
  await switchLanguage(page, 'en-US');
}

test('a signed-out player types the code (lower case, with hyphens), signs in, approves; the device gets tokens', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'device');
  await createAccount(request, email);
  // The adult-only demo game counts down 60 s, not 5: the success page stays for its screenshots.
  const started = await startDevice(request, {}, ASHEN);
  expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{9}$/);
  await page.goto('/device?lang=en-US');
  await expect(page.getByRole('textbox', { name: 'Device code' })).toHaveAttribute('autocomplete', 'off');
  await expect(page.getByRole('textbox', { name: 'Device code' })).toHaveAttribute('autocapitalize', 'characters');
  await expect(page.getByText('9 letters, as shown on your screen')).toBeVisible();
  await enterCode(page, grouped(started.user_code).toLowerCase());
  await expectDetails(page, started.user_code, ASHEN);
  await expect(page.getByText("You'll sign in or create an account first.")).toBeVisible();
  await expectNoAxeViolations(page);
  await bothLanguages(page, testInfo, 'device-details');
  await page.getByRole('button', { name: 'Approve' }).click();
  await signInHere(page, email, ASHEN);
  await expect(page).toHaveURL(/\/device-success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your device is signed in' })).toBeVisible();
  await expect(page.getByText('Your device is signed in. You can go back to Ashen Crown.')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/Returning you in \d+ seconds…/);
  // The demo games return to the portal's own address (PUBLIC_URL), whatever port it runs on.
  await expect(page.getByRole('link', { name: 'Go now' })).toHaveAttribute('href', `${baseURL}/home`);
  await expectNoAxeViolations(page);
  await bothLanguages(page, testInfo, 'device-success');
  await expectDeviceSignedIn(request, started.device_code, email);
  // The flow is over: back does not return to the authorising page.
  await page.goBack();
  await expect(page).toHaveURL(/\/device-success$/);
});

test(
  'the success page counts down and then goes to the game success_redirect',
  DESKTOP_ONLY,
  async ({ page, request, baseURL }, testInfo) => {
    const email = uniqueEmail(testInfo, 'devicego');
    await signInNewPlayer(page, request, email);
    const started = await startDevice(request);
    // Typed without hyphens, in lower case.
    await page.goto('/device?lang=en-US');
    await enterCode(page, started.user_code.toLowerCase());
    await expectDetails(page, started.user_code);
    await expect(page.getByText(/^Signed in as/)).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/device-success$/);
    await expect(page.getByRole('timer')).toHaveText(/Returning you in [1-5] seconds?…/);
    // The countdown's five seconds, and slack for a busy machine. The demo game's success_redirect is
    // the portal's own home page (PUBLIC_URL), which answers: the player lands on a page, not a refusal.
    await page.waitForURL(`${baseURL}/home`, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectDeviceSignedIn(request, started.device_code, email);
  },
);

test(
  'the link of the device (?user_code=) shows the device at once; Deny tells the device no',
  DESKTOP_ONLY,
  async ({ page, request }) => {
    const started = await startDevice(request);
    const link = new URL(started.verification_uri_complete);
    expect(link.pathname).toBe('/device');
    await page.goto(`${link.pathname}${link.search}&lang=en-US`);
    await expectDetails(page, started.user_code);
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign-in denied' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'We told the device not to sign in.' })).toBeVisible();
    const polled = await poll(request, started.device_code);
    expect(polled.ok).toBe(false);
    expect(polled.body.body.error).toBe('access_denied');
  },
);

test(
  'a new player registers on the way, with the device registration defaults prefilled',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'devicenew');
    const started = await startDevice(request, { registration_defaults: { dob: '1995-06-15', location: 'US-CA' } });
    await page.goto(`/device?user_code=${started.user_code}&lang=en-US`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByRole('link', { name: 'Create account' }).click();
    await expect(page.getByText('Welcome to Starfall Legends')).toBeVisible();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/age-and-location$/);
    await expect(page.getByLabel('Date of birth')).toHaveValue('06/15/1995');
    // The format in words people use, not the pattern's tokens (MM/dd/yyyy).
    await expect(page.getByText('Format: MM/DD/YYYY')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Your location' })).toContainText('United States, California');
    await page.getByRole('button', { name: 'Continue' }).click();
    await createAccountWithMailedCode(page, request, email);
    await page.getByRole('button', { name: 'Update and continue' }).click();
    await expect(page).toHaveURL(/\/device-success$/);
    await expectDeviceSignedIn(request, started.device_code, email);
  },
);

test('codes that cannot be right are refused under the field, saying what is wrong', async ({ page }, testInfo) => {
  await page.goto('/device?lang=en-US');
  const field = page.getByRole('textbox', { name: 'Device code' });
  const SHORT = 'This code is too short: a device code has 9 letters.';
  const LONG = 'This code is too long: a device code has 9 letters.';
  const CHARACTERS =
    'Device codes have only letters, never digits, symbols or the letters A, E, I, O, U and Y. Check the code on your screen.';
  await enterCode(page, 'BCD-FGH');
  await expect(page.getByText(SHORT)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await enterCode(page, 'BCDFGHJKLMNP');
  await expect(page.getByText(LONG)).toBeVisible();
  // Letters the codes never have, digits or symbols: the characters are wrong, whatever the length.
  for (const typed of ['BCD!FGHJK', 'AEI-FGH-JKL', '1234-5678']) {
    await enterCode(page, typed);
    await expect(page.getByText(CHARACTERS)).toBeVisible();
  }
  await expect(page.getByText(/than 9 digits/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await bothLanguages(page, testInfo, 'device-entry');
  // Well formed but no such code: the server says so.
  await enterCode(page, 'ZZZZZZZZZ');
  await expect(page.getByText('That device code is not valid.')).toBeVisible();
  await expect(field).toBeFocused();
});

test('a used or expired code shows Account Connection Error', async ({ page, request }, testInfo) => {
  const used = await startDevice(request);
  const refused = await request.put(`/api/sessions/device/${used.user_code}/error`, {
    headers: await apiHeaders(request),
    data: { error: 'access_denied' },
  });
  expect(refused.ok()).toBe(true);
  await page.goto(`/device?user_code=${used.user_code}&lang=en-US`);
  await expect(page.getByRole('heading', { level: 1, name: 'Account Connection Error' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired.');
  await expect(page.getByText('Return to your game to get a new code, then close this window.')).toBeVisible();
  await page.getByRole('button', { name: 'Enter a different code' }).click();
  await expect(page.getByRole('textbox', { name: 'Device code' })).toHaveValue('');

  // A code that ran out (the demo seed's): the server answers 1103 for it.
  const lookedUp = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/sessions/device/${DEMO.expiredUserCode}`,
  );
  await enterCode(page, DEMO.expiredUserCode);
  expect((await (await lookedUp).json()).code).toBe('device_token_expired');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Connection Error' })).toBeVisible();
  await screenshot(page, testInfo, 'device-expired-en');
});

test(
  'a code used while the player signed in ends on /device-code with Account Connection Error',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'devicelate');
    await createAccount(request, email);
    const started = await startDevice(request);
    await page.goto(`/device?user_code=${started.user_code}&lang=en-US`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    // Meanwhile the code is refused elsewhere.
    await request.put(`/api/sessions/device/${started.user_code}/error`, {
      headers: await apiHeaders(request),
      data: { error: 'access_denied' },
    });
    await signInHere(page, email);
    await expect(page).toHaveURL(/\/device-code$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Connection Error' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expectNoAxeViolations(page);
    await bothLanguages(page, testInfo, 'device-code-error');
    // The flow is over: signing in again later does not come back here.
    await page.getByRole('button', { name: 'Enter a different code' }).click();
    await expect(page).toHaveURL(/\/device$/);
  },
);

test(
  'a lookup that fails for another reason says "Something went wrong." and tries again',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const started = await startDevice(request);
    const lookup = (url: URL) => url.pathname === `/api/sessions/device/${started.user_code}`;
    await page.route(lookup, (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }));
    await page.goto(`/device?user_code=${started.user_code}&lang=en-US`);
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong.' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText("We couldn't connect your device.");
    await bothLanguages(page, testInfo, 'device-failed');
    await page.unroute(lookup);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectDetails(page, started.user_code);
  },
);

test('an age-gated player is told so, and the device is told no', async ({ page, request }, testInfo) => {
  // Fifteen: old enough for an account in the US, not for the demo's adult-only game.
  const email = uniqueEmail(testInfo, 'deviceage');
  await signInNewPlayer(page, request, email, { dateOfBirth: bornYearsAgo(15) });
  const started = await startDevice(request, {}, ASHEN);
  await page.goto(`/device?user_code=${started.user_code}&lang=en-US`);
  const devicePath = `/api/sessions/device/${started.user_code}`;
  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === `${devicePath}/authorize`);
  const reported = page.waitForResponse((r) => new URL(r.url()).pathname === `${devicePath}/error`);
  await page.getByRole('button', { name: 'Approve' }).click();
  expect((await (await refused).json()).code).toBe('age_gated');
  await expect(page).toHaveURL(/\/device-code$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    "Because of its age rating, Ashen Crown can't be connected to your account.",
  );
  // The page reported it (PUT .../error age_gated): the device stops waiting.
  expect((await reported).ok()).toBe(true);
  const polled = await poll(request, started.device_code);
  expect(polled.body.body).toMatchObject({ error: 'access_denied', reason: 'age_gated' });
});
