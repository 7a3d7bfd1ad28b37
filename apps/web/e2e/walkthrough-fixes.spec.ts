// What a blind walkthrough of the portal found (issue 29), each as the player met it: console
// progress kept when the account that first refused it is replaced by a new one, the console code
// typed again after Back, a reload of the device confirmation, a signed-in player's playtest link,
// a way out of the embargo page, a date of birth in the future, and a game's rules kept when Continue
// is pressed before its details have arrived.
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { runGame } from './example-game.ts';
import {
  apiHeaders,
  createAccount,
  createAccountWithMailedCode,
  DEMO,
  DESKTOP_ONLY,
  fillPasswordSignIn,
  PASSWORD,
  seedSignedInPlayer,
  uniqueEmail,
  uniqueSuffix,
} from './helpers.ts';
import { KEYS } from '../src/lib/storage.ts';

/** The demo seed's playtest campaign (flow-rules.spec.ts). */
const DEMO_PLAYTEST_CODE = 'STARFALL-PLAYTEST';

/** The example game as a console playing as a sandbox PlayStation Network user (stub.spec.ts). */
const runConsole = (portal: string, user: string, level: number) =>
  runGame(['console', '--portal', portal, '--user', user, '--level', String(level)], 30_000);

const consoleCode = async (game: ReturnType<typeof runConsole>) =>
  (await game.line(/^Code: ([A-Z0-9-]+)$/m))[1] as string;

async function typeConsoleCode(page: Page, code: string) {
  await page.goto('/connect?lang=en-US');
  await page.getByRole('textbox').fill(code);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test(
  'a console refused by an account with another PSN identity keeps its progress in a new account',
  DESKTOP_ONLY,
  async ({ page, request, baseURL }, testInfo) => {
    test.slow();
    // An account that already has its own PlayStation Network identity (from a first console).
    const email = uniqueEmail(testInfo, 'wf-psn-owner');
    await createAccount(request, email);
    const first = runConsole(baseURL as string, `Mine${uniqueSuffix()}`, 1);
    try {
      await typeConsoleCode(page, await consoleCode(first));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Sign in to my account' }).click();
      await fillPasswordSignIn(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/connect-success/);
      await first.exited;
    } finally {
      first.stop();
    }
    // A second console player signs in to that account by mistake, then creates a new one instead.
    const game = runConsole(baseURL as string, `Other${uniqueSuffix()}`, 9);
    const newEmail = uniqueEmail(testInfo, 'wf-psn-new');
    try {
      await typeConsoleCode(page, await consoleCode(game));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Sign in to my account' }).click();
      await fillPasswordSignIn(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/connect-fail/);
      await page.getByRole('button', { name: 'Create a new account' }).click();
      await expect(page).toHaveURL(/\/sign-up$/);
      await page.getByLabel('Email address').fill(newEmail);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/age-and-location$/);
      await page.getByLabel('Date of birth').fill('04/01/1990');
      await page.getByRole('button', { name: 'Continue' }).click();
      await createAccountWithMailedCode(page, request, newEmail);
      await page.getByRole('button', { name: 'Update and continue' }).click();
      await expect(page).toHaveURL(/\/connect-success/);
      // The console signs in to the new account, with its progress.
      await game.line(new RegExp(`^Signed in as .* <${escaped(newEmail)}>`, 'm'));
      expect(await game.exited).toBe(0);
      expect(game.output()).toMatch(/"level": 9/);
      // The new account has the console's PlayStation Network identity.
      const token = await page.evaluate((key) => localStorage.getItem(key), KEYS.accessToken);
      const me = await (
        await request.get('/api/accounts/me', { headers: await apiHeaders(request, token ?? '') })
      ).json();
      expect(me.email).toBe(newEmail);
      expect(me.links.psn).toBeTruthy();
    } finally {
      game.stop();
    }
  },
);

test(
  'Back to /connect and the same console code again goes on with the console flow',
  DESKTOP_ONLY,
  async ({ page, baseURL }) => {
    const game = runConsole(baseURL as string, `Back${uniqueSuffix()}`, 4);
    try {
      const code = await consoleCode(game);
      await typeConsoleCode(page, code);
      await expect(page).toHaveURL(/\/landing-page$/);
      await page.goBack();
      await expect(page).toHaveURL(/\/connect/);
      await page.getByRole('textbox').fill(code);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page).toHaveURL(/\/(landing-page|prompt-sign-in)$/);
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Account connection error/i);
    } finally {
      game.stop();
    }
  },
);

test(
  'a reload of the device confirmation keeps the code and the confirmation',
  DESKTOP_ONLY,
  async ({ page, request }) => {
    const started = await (
      await request.post('/api/sessions/device', {
        headers: await apiHeaders(request),
        data: { client_id: 'starfall-legends-pc', device_name: 'Living-room PS5' },
      })
    ).json();
    await page.goto('/device?lang=en-US');
    await page.getByRole('textbox', { name: 'Device code' }).fill(started.user_code);
    await page.getByRole('button', { name: 'Continue' }).click();
    const confirmation = page.getByRole('heading', { level: 1, name: 'Connect your account to this device?' });
    await expect(confirmation).toBeVisible();
    await page.reload();
    await expect(confirmation).toBeVisible();
    await expect(page.getByText('Living-room PS5')).toBeVisible();
  },
);

test(
  'a signed-in player opening a sign-up link with a playtest code lands on that playtest',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    await seedSignedInPlayer(page, request, uniqueEmail(testInfo, 'wf-ref'));
    await page.goto(`/sign-up?ref=${DEMO_PLAYTEST_CODE}&lang=en-US`);
    await expect(page).toHaveURL(new RegExp(`/playtests/${DEMO_PLAYTEST_CODE}$`));
    await expect(page.getByText('Starfall Legends Open Playtest').first()).toBeVisible();
  },
);

/** Sign-up up to the age and location step. */
async function toAgeAndLocation(page: Page, email: string) {
  await page.goto('/sign-up?lang=en-US');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/age-and-location/);
}

test('the embargo page has a way back to the home page', DESKTOP_ONLY, async ({ page }, testInfo) => {
  await toAgeAndLocation(page, uniqueEmail(testInfo, 'wf-embargo'));
  await page.getByLabel('Date of birth').fill('06/15/1995');
  await page.locator('a[href^="/select-country"]').click();
  await page.getByRole('searchbox').fill('KP');
  await page.locator('input[name=country][value=KP]').check();
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/age-and-location\?location=KP$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/embargoed-country$/);
  await expect(page.getByRole('heading', { level: 1, name: "We're sorry" })).toBeVisible();
  // In the page itself, not the header's logo.
  const main = page.getByRole('main');
  const wayOut = main
    .locator('a[href="/home"], a[href="/"]')
    .or(main.getByRole('link', { name: /home/i }))
    .or(main.getByRole('button', { name: /home/i }));
  await expect(wayOut.first()).toBeVisible();
  await wayOut.first().click();
  await expect(page).toHaveURL(/\/(home)?$/);
});

test('a date of birth in the future is refused on the date field', DESKTOP_ONLY, async ({ page }, testInfo) => {
  await toAgeAndLocation(page, uniqueEmail(testInfo, 'wf-future'));
  const field = page.getByLabel('Date of birth');
  await field.fill('01/01/2090');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/Enter a real date/);
  await expect(page).toHaveURL(/\/age-and-location/);
});

test(
  "Continue pressed before a game's details have arrived keeps its rules: Pocket Planets asks for an age bracket",
  DESKTOP_ONLY,
  async ({ page }, testInfo) => {
    const game = DEMO.ageBracketsGame;
    // A slow connection: the server's own answer about the game, five seconds late.
    await page.route(new RegExp(`/api/games/${game.slug}([?]|$)`), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      await route.continue();
    });
    await page.goto(`/sign-up?entry=${game.slug}&location=US&lang=en-US`);
    await page.getByLabel('Email address').fill(uniqueEmail(testInfo, 'wf-slow-game'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/age-and-location/);
    await expect(page.getByRole('group', { name: 'How old are you?' }).getByRole('radio')).toHaveCount(3);
    await expect(page.getByLabel('Date of birth')).toHaveCount(0);
  },
);
