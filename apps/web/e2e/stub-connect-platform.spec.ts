// Spec 000 §4 rule 6 (issue 29): a console without an account (a stub, examples/game-cli console)
// whose game asks for a platform first (the passwordless code's user_flow, here Twitch). The player
// types the code at /connect, lands on /connect/twitch with the game's welcome, connects Twitch in the
// sandbox popup, goes on to /prompt-sign-in and creates the account from the stub, which keeps the
// Twitch link. A reload on /connect/twitch keeps the flow. The Arabic screen at phone width.
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { runGame } from './example-game.ts';
import { expectNoAxeViolations, latestCode, uniqueEmail, uniqueSuffix } from './helpers.ts';
import { signInInPlatformPopup } from './platform-sandbox.ts';
import { screenshot } from './screenshots.ts';

const GAME = { slug: 'starfall-legends', name: 'Starfall Legends' };

/** The example game as a console whose game asks for Twitch first. */
const runConsole = (portal: string, user: string, level: number) =>
  runGame(['console', '--portal', portal, '--user', user, '--level', String(level), '--user-flow', 'twitch'], 30_000);

async function typeCode(page: Page, code: string, lang = 'en-US') {
  await page.goto(`/connect?lang=${lang}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('textbox').fill(code);
  await page.getByRole('button', { name: lang === 'en-US' ? 'Continue' : 'متابعة', exact: true }).click();
}

/** /connect/twitch of rule 6: the game as entry, /prompt-sign-in to go on to. */
const CONNECT_TWITCH = /\/connect\/twitch\?entry=starfall-legends&redirect_uri=%2Fprompt-sign-in$/;

test('a console whose game asks for Twitch first: connect Twitch, then create the account, which keeps the link', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the phone project takes the Arabic screens');
  test.slow();
  const streamer = `Streamer${uniqueSuffix()}`;
  const email = uniqueEmail(testInfo, 'stub-twitch');
  const game = runConsole(baseURL as string, `Kratos${uniqueSuffix()}`, 21);
  try {
    const [, code] = await game.line(/^Code: ([A-Z0-9-]+)$/m);
    await typeCode(page, code as string);
    // Not sent to sign-in: the stub's session opens the game's platform connection, with its welcome.
    await expect(page).toHaveURL(CONNECT_TWITCH);
    const welcome = page.locator(`.game-welcome[data-game="${GAME.slug}"]`);
    await expect(welcome).toContainText(GAME.name);
    await expect(page.getByRole('heading', { level: 2, name: 'Twitch' })).toBeVisible();
    await expect(page.getByText('You need to connect your Twitch account to continue.')).toBeVisible();
    // A stub has no dashboard: no section links, no link to every linked account.
    await expect(page.getByRole('link', { name: 'All linked accounts' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'stub-connect-twitch-en');
    // A reload keeps the flow (and the stub's session).
    await page.reload();
    await expect(page).toHaveURL(CONNECT_TWITCH);
    await expect(welcome).toContainText(GAME.name);

    await signInInPlatformPopup(page, page.getByRole('button', { name: 'Connect', exact: true }), 'twitch', streamer);
    await expect(page).toHaveURL(/\/prompt-sign-in$/);
    await expect(page.getByRole('button', { name: 'Create a new account' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The stub becomes a new account.
    await page.getByRole('button', { name: 'Create a new account' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/age-and-location$/);
    await page.getByLabel('Date of birth').fill('04/01/1990');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/email-registration$/);
    await page.getByLabel('Code', { exact: true }).fill(await latestCode(request, email));
    await page.getByLabel('I agree to the Terms of Use').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/display-name$/);
    await page.getByRole('button', { name: 'Update and continue' }).click();
    await expect(page).toHaveURL(/\/connect-success/);
    // The console signs in to the new account.
    await game.line(/^Signed in as /m);
    expect(await game.exited).toBe(0);
    expect(game.output()).toContain(email);

    // The account has the Twitch link the stub made.
    await page.goto('/linked-accounts');
    const twitch = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Twitch' }) });
    await expect(twitch.getByText(`Connected as ${streamer}`)).toBeVisible();
  } finally {
    game.stop();
  }
});

test('the platform connection of a stub in Arabic, right to left, at phone width', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'once, at phone width');
  const game = runConsole(baseURL as string, `Layla${uniqueSuffix()}`, 4);
  try {
    const [, code] = await game.line(/^Code: ([A-Z0-9-]+)$/m);
    await typeCode(page, code as string, 'ar-AE');
    await expect(page).toHaveURL(CONNECT_TWITCH);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator(`.game-welcome[data-game="${GAME.slug}"]`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Twitch' })).toBeVisible();
    await expectNoAxeViolations(page);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, testInfo, 'stub-connect-twitch-ar');
  } finally {
    game.stop();
  }
});
