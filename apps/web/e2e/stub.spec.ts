// The console story of platform-first players (issue 16), with the example game as the console
// (examples/game-cli console): it plays at once as a sandbox PlayStation Network user (a stub
// account), saves progress and shows a code. In the browser the player types it at /connect, then
// moves the stub into their account, choosing one of two saves of the game, or creates a new account
// from a second stub. The console then signs in to that account. Every stub screen is checked by axe.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { runGame } from './example-game.ts';
import {
  DESKTOP_ONLY,
  PASSWORD,
  createAccount,
  expectNoAxeViolations,
  fillPasswordSignIn,
  latestCode,
  uniqueEmail,
  uniqueSuffix,
} from './helpers.ts';

const GAME_KEY = 'ag-starfall-dev-key-0001';
const GAME = { slug: 'starfall-legends', client: 'starfall-legends-pc', name: 'Starfall Legends' };

/** Runs the example game as a console; its output lines can be awaited. */
const runConsole = (portal: string, user: string, level: number) =>
  runGame(['console', '--portal', portal, '--user', user, '--level', String(level)], 30_000);

/** The player's account already has a save of the game: recorded by the game after a device sign-in. */
async function accountWithSave(request: APIRequestContext, email: string, level: number) {
  await createAccount(request, email);
  const { apiKey } = await (await request.get('/config.json')).json();
  const web = await request.post('/api/sessions/auth/password', {
    headers: { 'x-hydra-api-key': apiKey, 'content-type': 'application/json' },
    data: { email, password: PASSWORD },
  });
  const webToken = (await web.json()).access_token as string;
  const game = { 'x-hydra-api-key': GAME_KEY, 'content-type': 'application/json' };
  const started = await (
    await request.post('/api/sessions/device', { headers: game, data: { client_id: GAME.client } })
  ).json();
  const approved = await request.put(`/api/sessions/device/${started.user_code}/authorize`, {
    headers: { 'x-hydra-api-key': apiKey, 'x-hydra-access-token': webToken },
  });
  expect(approved.ok()).toBe(true);
  let token = '';
  await expect
    .poll(async () => {
      const polled = await request.post('/api/sessions/auth/token', {
        headers: game,
        data: { grant_type: 'device_code', code: started.device_code },
      });
      token = polled.ok() ? ((await polled.json()).access_token as string) : '';
      return token !== '';
    })
    .toBe(true);
  const saved = await request.put(`/api/accounts/me/game_progress/${GAME.slug}`, {
    headers: { ...game, 'x-hydra-access-token': token },
    data: { platform: 'pc_steam', details: { level } },
  });
  expect(saved.ok()).toBe(true);
}

/** Axe on a screen once it shows (its chunk may still be loading when the address changed). */
async function checkA11y(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
}

async function typeCode(page: Page, code: string, lang = 'en-US') {
  await page.goto(`/connect?lang=${lang}`);
  await checkA11y(page);
  await page.getByRole('textbox').fill(code);
  await page.getByRole('button', { name: lang === 'en-US' ? 'Continue' : 'متابعة', exact: true }).click();
}

test(
  'a console stub moves into an existing account, keeping the chosen save; a second becomes a new account',
  DESKTOP_ONLY,
  async ({ page, request, baseURL }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, 'stub-owner');
    await accountWithSave(request, email, 3);
    const user = `Kratos${uniqueSuffix()}`;
    const game = runConsole(baseURL as string, user, 40);
    try {
      const [, code] = await game.line(/^Code: ([A-Z0-9-]+)$/m);
      await typeCode(page, code as string);
      // The landing page names the game and the platform played on.
      await expect(page).toHaveURL(/\/landing-page$/);
      await expect(
        page.getByText('You played Starfall Legends on PlayStation Network without an account.'),
      ).toBeVisible();
      await checkA11y(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/prompt-sign-in$/);
      await checkA11y(page);
      await page.getByRole('button', { name: 'Sign in to my account' }).click();
      await expect(page).toHaveURL(/\/sign-in/);
      await fillPasswordSignIn(page, email, PASSWORD);
      // Both have a save of the game: warned, then Game 1 of 1 with both saves side by side.
      await expect(page).toHaveURL(/\/game-conflicts-warning$/);
      await expect(page.getByText('This cannot be undone')).toBeVisible();
      await checkA11y(page);
      await page.getByRole('button', { name: 'Choose the saves to keep' }).click();
      await expect(page).toHaveURL(/\/choose-game$/);
      await expect(page.getByText('Game 1 of 1')).toBeVisible();
      const fromConsole = page.getByRole('radio', { name: 'The save from PlayStation Network' });
      const fromAccount = page.getByRole('radio', { name: 'The save on your account' });
      await expect(fromConsole).toBeVisible();
      await expect(fromAccount).toBeVisible();
      await expect(page.getByText('PlayStation 5')).toBeVisible();
      await expect(page.getByText('PC (Steam)')).toBeVisible();
      await checkA11y(page);
      await fromConsole.check();
      await page.screenshot({ path: testInfo.outputPath('choose-game.png'), fullPage: true });
      // A reload keeps the choice.
      await page.reload();
      await expect(page.getByRole('radio', { name: 'The save from PlayStation Network' })).toBeChecked();
      await page.getByRole('button', { name: 'Review my choices' }).click();
      await expect(page.getByRole('heading', { name: 'Confirm your choices' })).toBeVisible();
      await expect(page.getByText('Starfall Legends: the save from PlayStation Network')).toBeVisible();
      await checkA11y(page);
      await page.getByRole('button', { name: 'Confirm and link' }).click();
      await expect(page).toHaveURL(/\/connect-success\?game=Starfall/);
      await expect(page.getByText('Your Starfall Legends progress is now part of your account.')).toBeVisible();
      await checkA11y(page);
      // The console signs in to the account, with the save from the console.
      await game.line(/^Signed in as /m);
      expect(await game.exited).toBe(0);
      expect(game.output()).toContain(email);
      expect(game.output()).toMatch(/"level": 40/);
    } finally {
      game.stop();
    }

    // A second console player has no account: the stub becomes one.
    await page.context().clearCookies();
    await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
    const second = runConsole(baseURL as string, `Atreus${uniqueSuffix()}`, 7);
    const newEmail = uniqueEmail(testInfo, 'stub-new');
    try {
      const [, code] = await second.line(/^Code: ([A-Z0-9-]+)$/m);
      await typeCode(page, code as string);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Create a new account' }).click();
      await expect(page).toHaveURL(/\/sign-up$/);
      await page.getByLabel('Email address').fill(newEmail);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/age-and-location$/);
      await page.getByLabel('Date of birth').fill('04/01/1990');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/email-registration$/);
      await page.getByLabel('Code', { exact: true }).fill(await latestCode(request, newEmail));
      await page.getByLabel('I agree to the Terms of Use').check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page).toHaveURL(/\/display-name$/);
      await page.getByRole('button', { name: 'Update and continue' }).click();
      await expect(page).toHaveURL(/\/connect-success/);
      await second.line(/^Signed in as /m);
      expect(await second.exited).toBe(0);
      expect(second.output()).toContain(newEmail);
      expect(second.output()).toMatch(/"level": 7/);
    } finally {
      second.stop();
    }
  },
);

test('the failure page: the account links the platform with another identity', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'once');
  const email = uniqueEmail(testInfo, 'stub-fail');
  await createAccount(request, email);
  // The account's own PSN identity, linked through the same sandbox by the console of another game session.
  const first = runConsole(baseURL as string, `Mine${uniqueSuffix()}`, 1);
  const [, firstCode] = await first.line(/^Code: ([A-Z0-9-]+)$/m);
  await typeCode(page, firstCode as string);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Sign in to my account' }).click();
  await fillPasswordSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/connect-success/);
  await first.exited;
  // A second PSN identity cannot join the same account.
  const second = runConsole(baseURL as string, `Other${uniqueSuffix()}`, 2);
  try {
    const [, code] = await second.line(/^Code: ([A-Z0-9-]+)$/m);
    await typeCode(page, code as string);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Sign in to my account' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await fillPasswordSignIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/connect-fail\?errorCode=1069/);
    // No personal data in the address (it stays in history, logs and referrers).
    expect(decodeURIComponent(page.url())).not.toMatch(/email|@/);
    // What happened, in words, and who can change it (PlayStation Network is restricted in the sandbox).
    await expect(page.getByRole('alert')).toHaveText(
      "Your account already has a different PlayStation Network account linked. An account can have only one, so the PlayStation Network account you played with can't be added to it.",
    );
    await expect(
      page.getByText('Only customer support can change which PlayStation Network account is linked to yours.'),
    ).toBeVisible();
    await expect(page.getByText(`Linking can't continue with the account for ${email}.`)).toBeVisible();
    await expect(page.getByText('PlayStation Network', { exact: true })).toBeVisible();
    // A reload still names the account (the signed-in one's address, not the URL's).
    await page.reload();
    await expect(page.getByText(`Linking can't continue with the account for ${email}.`)).toBeVisible();
    for (const option of ['Sign in to a different account', 'Create a new account', 'Cancel linking']) {
      await expect(page.getByRole('button', { name: option })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('connect-fail.png'), fullPage: true });
    await checkA11y(page);
    await page.getByRole('button', { name: 'Cancel linking' }).click();
    await expect(page).toHaveURL(/\/home$/);
  } finally {
    second.stop();
  }
});

test('a console code typed at /device leads to the same stub flow', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'once');
  const game = runConsole(baseURL as string, `Aloy${uniqueSuffix()}`, 2);
  try {
    const [, code] = await game.line(/^Code: ([A-Z0-9-]+)$/m);
    await page.goto(`/device?user_code=${code as string}&lang=en-US`);
    await expect(page).toHaveURL(/\/landing-page$/);
    await expect(
      page.getByText('You played Starfall Legends on PlayStation Network without an account.'),
    ).toBeVisible();
  } finally {
    game.stop();
  }
});

test('the stub screens in Arabic, right to left, at phone width', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'once, at phone width');
  const game = runConsole(baseURL as string, `Layla${uniqueSuffix()}`, 5);
  try {
    const [, code] = await game.line(/^Code: ([A-Z0-9-]+)$/m);
    await typeCode(page, code as string, 'ar-AE');
    await expect(page).toHaveURL(/\/landing-page$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await checkA11y(page);
    await page.screenshot({ path: testInfo.outputPath('landing-ar.png'), fullPage: true });
    await page.getByRole('button', { name: 'متابعة', exact: true }).click();
    await expect(page).toHaveURL(/\/prompt-sign-in$/);
    await checkA11y(page);
    await page.screenshot({ path: testInfo.outputPath('prompt-ar.png'), fullPage: true });
  } finally {
    game.stop();
  }
});
