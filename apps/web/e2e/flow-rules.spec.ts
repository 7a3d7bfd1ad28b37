// The continue-registration rules of spec 000 §4 that steer or end a flow, as a player meets them
// (issue 29): an email link opened in a new tab (rule 2), a password reset link (rule 3), a flagged
// sign-up (rule 12, then rule 14), and the query parameters redirect_url, ref and a game's registration
// defaults. New terms in a game's sign-in are in consent.spec.ts.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { KEYS } from '../src/lib/storage.ts';
import {
  apiHeaders,
  createAccount,
  createAccountWithMailedCode,
  DEMO,
  DESKTOP_ONLY,
  expectNoAxeViolations,
  fillPasswordSignIn,
  latestCode,
  latestMail,
  pathOf,
  PASSWORD,
  seedSignedInPlayer,
  signInWithPassword,
  uniqueEmail,
} from './helpers.ts';
import { testWithOwnServer } from './own-server.ts';
import { totp, turnOnTwoFactor } from './two-factor.ts';

const NEW_PASSWORD = 'Tq8#vLp2-Renewed';
/** The demo seed's shared campaign code of its open playtest (README "Playtests"). */
const DEMO_PLAYTEST_CODE = 'STARFALL-PLAYTEST';

/** A mailed link's path, in English. */
const inEnglish = (link: string) => {
  const url = new URL(pathOf(link), 'http://portal.test');
  url.searchParams.set('lang', 'en-US');
  return `${url.pathname}${url.search}`;
};

/** Asks for a reset link on /reset-password and opens it (as the player does from the mail). */
async function openResetLink(page: Page, request: APIRequestContext, email: string) {
  await page.goto('/reset-password?lang=en-US');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page).toHaveURL(/\/reset-password-message$/);
  const mail = await latestMail(request, email, 'password_reset');
  await page.goto(inEnglish(mail.link as string));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
}

async function saveNewPassword(page: Page) {
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm the password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeVisible();
}

test(
  'an email verification link opened in a new tab, without a session, ends on the verified page (rule 2)',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'r2link');
    const { access_token: token } = await createAccount(request, email);
    // The player asked for the mail while signed in elsewhere (calls without a body go bare).
    const { 'content-type': _json, ...bare } = await apiHeaders(request, token);
    expect((await request.put('/api/accounts/me/send_verification_email', { headers: bare })).status()).toBe(200);
    const mail = await latestMail(request, email, 'verify_email');
    // This page has no session: a new tab, another browser.
    await page.goto(inEnglish(mail.link as string));
    await expect(page).toHaveURL(/\/verify-email-success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your email address is verified' })).toBeVisible();
    await expect(page.getByText('Thank you. Your email address is confirmed.')).toBeVisible();
    await expectNoAxeViolations(page);
    const me = await request.get('/api/accounts/me', { headers: bare });
    expect((await me.json()).email_verified).toBe(true);
    // Signed out, the way on is to sign in.
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  },
);

test(
  'a reset link: the new password, its success page (kept through a reload), then the new password signs in (rule 3)',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'r3reset');
    await createAccount(request, email);
    await openResetLink(page, request, email);
    await expect(page).toHaveURL(/\/choose-password\?token=[^&]+/);
    const token = new URL(page.url()).searchParams.get('token');
    await saveNewPassword(page);
    const onSuccessPage = (url: URL) =>
      url.pathname === '/choose-password-success' && url.searchParams.get('token') === token;
    await expect(page).toHaveURL(onSuccessPage);
    await expect(page.getByText('You can now use your new password.', { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page).toHaveURL(onSuccessPage);
    await expect(page.getByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeVisible();
    // The link signed the player in: the account is a click away.
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    // Signed out, the new password signs in.
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/sign-in/);
    await signInWithPassword(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/account$/);
  },
);

test(
  'a reset link with two-factor on: the success page offers to finish the sign-in',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const email = uniqueEmail(testInfo, 'r3guard');
    const { access_token: token } = await createAccount(request, email);
    const { secret } = await turnOnTwoFactor(request, email, token);
    await openResetLink(page, request, email);
    await saveNewPassword(page);
    await expect(page).toHaveURL(/\/choose-password-success\?token=/);
    await expect(page.getByRole('link', { name: 'Go to your account' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Finish signing in' }).click();
    await expect(page).toHaveURL(/\/two-factor$/);
    await page.getByLabel('Authenticator code').fill(await totp(secret, 0));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/account$/);
  },
);

test(
  'redirect_url on /sign-in: a page of the portal after signing in; another site is ignored',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'qredirect');
    await createAccount(request, email);
    await page.goto('/sign-in?redirect_url=%2Fplaytests&lang=en-US');
    await fillPasswordSignIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/playtests$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Playtests' })).toBeVisible();

    let left = false;
    await page.route(
      (url) => url.hostname === 'evil.example',
      (route) => {
        left = true;
        return route.abort();
      },
    );
    for (const elsewhere of ['https://evil.example', '//evil.example/account']) {
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/sign-in/);
      await page.goto(`/sign-in?redirect_url=${encodeURIComponent(elsewhere)}&lang=en-US`);
      await fillPasswordSignIn(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/account$/);
    }
    expect(left).toBe(false);
  },
);

test(
  'a sign-up link with a playtest code (ref) ends on that playtest page once the account is made',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'qref');
    await page.goto(`/sign-up?ref=${DEMO_PLAYTEST_CODE}&lang=en-US`);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/age-and-location/);
    await page.getByLabel('Date of birth').fill('06/15/1995');
    await page.getByRole('button', { name: 'Continue' }).click();
    await createAccountWithMailedCode(page, request, email);
    await page.getByRole('button', { name: 'Update and continue' }).click();
    await expect(page).toHaveURL(new RegExp(`/playtests/${DEMO_PLAYTEST_CODE}$`));
    await expect(page.getByText('Starfall Legends Open Playtest').first()).toBeVisible();
  },
);

test(
  "a game's sign-up link with an age: the age step of a game asking for an age bracket has it chosen",
  DESKTOP_ONLY,
  async ({ page }, testInfo) => {
    // The demo game asking for an age bracket (13 and 18: under 13, 13 to 17, 18 or older).
    const game = DEMO.ageBracketsGame;
    await page.goto(`/sign-up?entry=${game.slug}&age=15&location=US-WA&lang=en-US`);
    await expect(page.getByText(`Welcome to ${game.name}`)).toBeVisible();
    await page.getByLabel('Email address').fill(uniqueEmail(testInfo, 'qage'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/age-and-location/);
    await expect(page.getByRole('radio', { name: '13 to 17' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Your location' })).toContainText('United States, Washington');
    // Nothing left to choose: the step goes on.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/email-registration$/);
  },
);

// --- The debug session settings (a registration-flagged sign-up) need debug mode (DEBUG=enabled): a
// server of its own, the one debug-mode.spec.ts uses. New terms in a game's sign-in are in
// consent.spec.ts (they ask every account of the server again).

const ownServer = testWithOwnServer({ DEBUG: 'enabled' });

ownServer(
  'a registration-flagged sign-up verifies its email, then still chooses its display name (rules 12 and 14)',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'r12flag');
    await page.goto('/sign-up?lang=en-US');
    // The debug session setting that treats the account as registration-flagged (the server flags
    // no new sign-up by itself; the demo's flagged players are made already).
    await page.evaluate(
      (key) => sessionStorage.setItem(key, JSON.stringify({ isRegistrationFlagged: true })),
      KEYS.debugSettings,
    );
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/age-and-location/);
    await page.getByLabel('Date of birth').fill('06/15/1995');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/email-registration$/);
    await page.getByLabel('Code', { exact: true }).fill(await latestCode(request, email));
    await page.getByLabel('I agree to the Terms of Use').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/verify-email\?account_flagged=true$/);
    await expect(
      page.getByText('For the safety of your account, please verify your email address to continue.'),
    ).toBeVisible();
    // The sign-up's emailed code proved the address already: nothing to send, the flow goes on.
    await page.getByRole('button', { name: 'Send the code' }).click();
    await expect(page).toHaveURL(/\/display-name$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your account has been created!' })).toBeVisible();
    await page.getByRole('button', { name: 'Update and continue' }).click();
    await expect(page).toHaveURL(/\/account$/);
  },
);

ownServer(
  "verifying the address lifts the debug setting's registration flag, as the server lifts the account's",
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'r12lift');
    await seedSignedInPlayer(page, request, email);
    await page.evaluate(
      (key) => sessionStorage.setItem(key, JSON.stringify({ isRegistrationFlagged: true })),
      KEYS.debugSettings,
    );
    await page.goto('/account?lang=en-US');
    await expect(page).toHaveURL(/\/verify-email\?account_flagged=true$/);
    await page.getByRole('button', { name: 'Send the code' }).click();
    await page.getByLabel('Code', { exact: true }).fill((await latestMail(request, email, 'verify_email')).code ?? '');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your email address is verified' })).toBeVisible();
    // The account opens now, instead of asking for the address again.
    await page.getByRole('main').getByRole('link', { name: 'Go to your account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  },
);
