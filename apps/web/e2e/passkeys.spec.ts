// Passkeys (issue 31, ADR 036) against the real server, with Chromium's virtual authenticator (CDP
// WebAuthn domain) as the player's device: add a passkey on /security after typing the password, sign
// out, sign in with it by the button and by the email field's autofill, use it as the second step of
// a sign-in with two-factor on, and remove it after proving it is them with the passkey itself. The
// server runs on http://localhost (a relying party needs a domain). In English, and the card and the
// sign-in page in Arabic at phone width.
import { devices, expect } from '@playwright/test';
import type { CDPSession, Page } from '@playwright/test';
import {
  apiHeaders,
  createAccount,
  DESKTOP_ONLY,
  expectNoAxeViolations,
  fillPasswordSignIn,
  latestMail,
  PASSWORD,
  pageInNewContext,
  uniqueEmail,
} from './helpers.ts';
import { testWithOwnServer } from './own-server.ts';
import { screenshot } from './screenshots.ts';
import { totp } from './two-factor.ts';

const test = testWithOwnServer({}, { publicHost: 'localhost' });

/** A platform authenticator that verifies the user (as a fingerprint would) and answers at once. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

type Authenticator = Awaited<ReturnType<typeof virtualAuthenticator>>;

/**
 * The player's password manager syncs the passkey from one device to the other, as it is now. (A
 * synced passkey keeps no signature counter; Chromium's virtual one does, so the copy carries it.)
 */
async function sync(from: Authenticator, to: Authenticator) {
  const { credentials } = await from.cdp.send('WebAuthn.getCredentials', { authenticatorId: from.id });
  await to.cdp.send('WebAuthn.clearCredentials', { authenticatorId: to.id });
  for (const credential of credentials) {
    await to.cdp.send('WebAuthn.addCredential', { authenticatorId: to.id, credential });
  }
  return credentials.length;
}

async function signOut(page: Page) {
  await page.locator('.account-menu > button').click();
  await page.locator('.account-menu-list').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.locator('.account-menu')).toHaveCount(0);
}

async function verifyEmail(request: Parameters<typeof apiHeaders>[0], email: string, token: string) {
  const { 'content-type': _json, ...bare } = await apiHeaders(request, token);
  expect((await request.put('/api/accounts/me/send_verification_email', { headers: bare })).status()).toBe(200);
  const { code } = await latestMail(request, email, 'verify_email');
  const verified = await request.post('/api/accounts/verify_email', {
    headers: await apiHeaders(request, token),
    data: { code },
  });
  expect(verified.status()).toBe(200);
}

test('passkeys: add one, sign in with it (autofill and button), use it as the second step, remove it', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail(testInfo, 'passkey');
  const created = await createAccount(request, email);
  await verifyEmail(request, email, created.access_token);
  const laptop = await virtualAuthenticator(page);

  await page.goto('/sign-in?lang=en-US');
  await fillPasswordSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/security');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();

  // Adding one asks for the password first; a wrong one is said in the field and nothing is created.
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add a passkey' });
  await add.getByLabel('Passkey name (optional)').fill('My test key');
  await add.getByLabel('Current password').fill('Wrong#Passw0rd-1');
  await add.getByRole('button', { name: 'Create passkey' }).click();
  await expect(add.getByText('Your current password is incorrect.')).toBeVisible();
  await add.getByLabel('Current password').fill(PASSWORD);
  await add.getByRole('button', { name: 'Create passkey' }).click();
  await expect(add).toBeHidden();
  await expect(card.getByRole('status').filter({ hasText: 'added' })).toHaveText(
    'Passkey "My test key" added. You can now sign in with it.',
  );
  // The registration's sign-in (through the API) is another device: the card offers to sign it out.
  await expect(card.getByRole('status').filter({ hasText: 'You changed how your account is protected' })).toBeVisible();
  const rows = card.getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('My test key');
  await expect(rows.first()).toContainText('Not used yet');
  expect((await latestMail(request, email, 'passkey_added')).subject).toContain('A passkey was added');
  await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').first()).toContainText(
    'Added a passkey',
  );
  await screenshot(page, testInfo, 'passkeys-card-en');
  await expectNoAxeViolations(page);

  // Signed out, the sign-in page's email field offers the passkey (autofill); Chromium's virtual
  // authenticator picks it at once, as a player picking it from the list would.
  await signOut(page);
  await page.goto('/sign-in?lang=en-US');
  await expect(page).toHaveURL(/\/account$/);

  // Another device of the player (its password manager synced the passkey) whose browser offers no
  // autofill: the button signs in.
  const phone = await pageInNewContext(browser, testInfo, { baseURL });
  await phone.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
  const synced = await virtualAuthenticator(phone);
  expect(await sync(laptop, synced)).toBe(1);
  await phone.goto('/sign-in?lang=en-US');
  await expect(phone.getByLabel('Email address')).toHaveAttribute('autocomplete', 'username webauthn');
  await phone.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(phone).toHaveURL(/\/account$/);

  // With two-factor on, a passkey that verified the player is both steps: autofill signs in fully.
  const token = await page.evaluate(() => localStorage.getItem('portal.accessToken'));
  expect(token).not.toBeNull();
  const { 'content-type': _json, ...bare } = await apiHeaders(request, token ?? '');
  await request.put('/api/sessions/me/verify', {
    headers: await apiHeaders(request, token ?? ''),
    data: { code_type: 'password', password: PASSWORD },
  });
  const started = await request.post('/api/accounts/me/mfa', { headers: bare });
  const { secret } = (await started.json()) as { secret: string };
  const activated = await request.put('/api/accounts/me/mfa/activate', {
    headers: await apiHeaders(request, token ?? ''),
    data: { code: await totp(secret, -1) },
  });
  expect(activated.status()).toBe(200);
  await signOut(page);
  await sync(synced, laptop);
  await page.goto('/sign-in?lang=en-US');
  await expect(page).toHaveURL(/\/account$/);

  // A password sign-in's second step can be the passkey.
  await signOut(phone);
  await sync(laptop, synced);
  await phone.goto('/sign-in?lang=en-US');
  await fillPasswordSignIn(phone, email, PASSWORD);
  await expect(phone).toHaveURL(/\/two-factor$/);
  await phone.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(phone).toHaveURL(/\/account$/);

  // Removing it: proved with the passkey itself, then the page offers to sign out the other devices.
  await sync(synced, laptop);
  await page.goto('/security');
  await rows.first().getByRole('button', { name: 'Remove' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove "My test key"?' });
  await remove.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(remove.getByText('Confirmed with your passkey. You can go on.')).toBeVisible();
  await remove.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(remove).toBeHidden();
  await expect(card.getByRole('status').filter({ hasText: 'removed' })).toHaveText('Passkey "My test key" removed.');
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
  // The phone (another device) is still signed in: the page offers to sign it out.
  const offer = card.getByRole('status').filter({ hasText: 'You changed how your account is protected' });
  await expect(offer).toContainText('Other devices signed in to it:');
  await expect(offer.getByRole('button', { name: 'Sign out all other devices' })).toBeInViewport();
  expect((await latestMail(request, email, 'passkey_removed')).subject).toContain('A passkey was removed');

  // The other device still holds the passkey; the server refuses it, and the page says so.
  await signOut(phone);
  await phone.goto('/sign-in?lang=en-US');
  await phone.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(phone.getByRole('alert')).toHaveText(
    'This passkey is no longer linked to an account here. Sign in another way, and delete it from your device or password manager.',
  );
  await phone.context().close();
});

test(
  'passkeys in Arabic at phone width: the card and the sign-in page',
  DESKTOP_ONLY,
  async ({ browser, request, baseURL }, testInfo) => {
    const page = await pageInNewContext(browser, testInfo, { device: devices['Pixel 7'], baseURL });
    const email = uniqueEmail(testInfo, 'passkey-ar');
    const created = await createAccount(request, email);
    await verifyEmail(request, email, created.access_token);
    await virtualAuthenticator(page);
    await page.goto('/sign-in?lang=ar-AE');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('textbox').first().fill(email);
    await page.locator('form button[type="submit"]').click();
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/security');
    await page.locator('.passkeys button.button-secondary').last().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="password"]').fill(PASSWORD);
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'مفاتيح المرور' })).toBeVisible();
    await expect(page.locator('.passkeys .device-row')).toHaveCount(1);
    await expect(page.locator('.passkeys .device-row')).toContainText('Chrome · Android');
    // A name of one long word (64 characters) wraps: nothing runs off the side of a phone's screen.
    await page.locator('.passkeys .device-row button').first().click();
    const rename = page.getByRole('dialog');
    await rename.locator('input').fill('y'.repeat(64));
    await rename.locator('button[type="submit"]').click();
    await expect(rename).toBeHidden();
    await expect(page.locator('.passkeys .device-row')).toContainText('y'.repeat(64));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const part of ['.passkeys .device-title', '.passkeys .card-notice']) {
      const box = await page.locator(part).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= (page.viewportSize()?.width ?? 0), part).toBe(true);
    }
    await page.locator('.passkeys').scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'passkeys-card-ar-phone');
    await expectNoAxeViolations(page);
    // Signed out, the sign-in page (its autofill off, as in a browser without it) signs in by the button.
    await page.locator('.account-menu > button').click();
    await page.locator('.account-menu-list button').last().click();
    await expect(page.locator('.account-menu')).toHaveCount(0);
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    await page.goto('/sign-in?lang=ar-AE');
    await expect(page.locator('.passkey-sign-in button')).toHaveText('تسجيل الدخول بمفتاح مرور');
    await screenshot(page, testInfo, 'passkey-sign-in-ar-phone');
    await page.locator('.passkey-sign-in button').click();
    await expect(page).toHaveURL(/\/account$/);
    await page.context().close();
  },
);

test(
  'two tabs: a passkey removed in one is gone in the other; a cancelled passkey proof says so',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'passkey-tabs');
    const created = await createAccount(request, email);
    await verifyEmail(request, email, created.access_token);
    await virtualAuthenticator(page);
    await page.goto('/sign-in?lang=en-US');
    await fillPasswordSignIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/security');
    const card = page.getByRole('region', { name: 'Passkeys' });
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const add = page.getByRole('dialog', { name: 'Add a passkey' });
    await add.getByLabel('Passkey name (optional)').fill('Tab key');
    await add.getByLabel('Current password').fill(PASSWORD);
    await add.getByRole('button', { name: 'Create passkey' }).click();
    await expect(add).toBeHidden();

    // A second tab removes it (proved with the password).
    const other = await page.context().newPage();
    await other.goto('/security');
    const otherCard = other.getByRole('region', { name: 'Passkeys' });
    await otherCard.getByRole('button', { name: 'Remove' }).click();
    const remove = other.getByRole('dialog', { name: 'Remove "Tab key"?' });
    // This tab's authenticator holds no passkey for the site: the proof by passkey ends, and says so.
    await virtualAuthenticator(other);
    await remove.getByRole('button', { name: 'Use a passkey instead' }).click();
    await expect(remove.getByText('No passkey was used. Try again, or sign in another way.')).toBeVisible();
    await remove.getByLabel('Current password').fill(PASSWORD);
    await remove.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(otherCard.getByText('You have no passkeys yet.')).toBeVisible();
    await other.close();

    // The first tab still lists it: renaming it says it is gone, and the list is read again.
    await card.getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await expect(rename.getByLabel('Passkey name', { exact: true })).toHaveValue('Tab key');
    await rename.getByLabel('Passkey name', { exact: true }).fill('New name');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename).toBeHidden();
    await expect(card.getByRole('status').filter({ hasText: 'already' })).toHaveText(
      'Passkey "Tab key" was already removed.',
    );
    await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
  },
);

test(
  'a device code approved by a player who signs in with a passkey on the way',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'passkey-device');
    const created = await createAccount(request, email);
    await verifyEmail(request, email, created.access_token);
    await virtualAuthenticator(page);
    await page.goto('/sign-in?lang=en-US');
    await fillPasswordSignIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/security');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const add = page.getByRole('dialog', { name: 'Add a passkey' });
    await add.getByLabel('Current password').fill(PASSWORD);
    await add.getByRole('button', { name: 'Create passkey' }).click();
    await expect(add).toBeHidden();
    await signOut(page);

    // A console shows a code; the player approves it in this browser, signed out: the sign-in on the
    // way is the passkey (the email field's autofill), and the console is signed in.
    const started = await request.post('/api/sessions/device', {
      headers: await apiHeaders(request),
      data: { client_id: 'starfall-legends-pc', device_name: 'Living-room TV' },
    });
    const { user_code: userCode, device_code: deviceCode } = (await started.json()) as {
      user_code: string;
      device_code: string;
    };
    await page.goto(`/device?user_code=${userCode}&lang=en-US`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/device-success$/);
    const polled = await request.post('/api/sessions/auth/token', {
      headers: await apiHeaders(request),
      data: { grant_type: 'device_code', code: deviceCode },
    });
    expect(polled.status()).toBe(200);
    const { access_token: consoleToken } = (await polled.json()) as { access_token: string };
    const me = await request.get('/api/accounts/me', { headers: await apiHeaders(request, consoleToken) });
    expect(((await me.json()) as { email: string }).email).toBe(email);
  },
);
