// A game's say in how a console player's new account is made (spec 000 §4 "Registration steps",
// the display-name screen of §2), with the example game as the console (examples/game-cli console):
// - Tide Runners (demo seed) registers without credentials: the stub becomes an account with an age
//   and a location only, keeps the name it was given (is_username_editable false), and the console
//   signs in to it;
// - Starfall Legends asks for an email and lets the player change the name; both show their
//   account_creation_success_message and offer to return to the game (their success_redirect).
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { runGame } from './example-game.ts';
import {
  DESKTOP_ONLY,
  expectNoAxeViolations,
  latestCode,
  switchLanguage,
  uniqueEmail,
  uniqueSuffix,
  uniqueUsername,
} from './helpers.ts';

const TIDE = { slug: 'tide-runners', client: 'tide-runners-console', key: 'ag-tiderunners-dev-key-0001' };

/** The example game as a console of a game (Starfall Legends unless told). */
const runConsole = (portal: string, user: string, level: number, game?: typeof TIDE) =>
  runGame(
    [
      'console',
      ...['--portal', portal, '--user', user, '--level', String(level)],
      ...(game ? ['--api-key', game.key, '--client', game.client, '--game', game.slug] : []),
    ],
    30_000,
  );

/** Types the console's code at /connect and goes on to the sign-in prompt. */
async function openPrompt(page: Page, code: string) {
  await page.goto('/connect?lang=en-US');
  await page.getByRole('textbox').fill(code);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/landing-page$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/prompt-sign-in$/);
}

test('a console player of a game without credentials becomes an account with an age and a location only', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  const game = runConsole(baseURL as string, `Marin${uniqueSuffix()}`, 9, TIDE);
  try {
    const [, code] = await game.line(/^Code: ([A-Z0-9-]+)$/m);
    await openPrompt(page, code as string);
    await expect(page.getByText('no email address needed')).toBeVisible();
    await page.getByRole('button', { name: 'Create a new account' }).click();
    // No email, no code, no password: age and location, then the name.
    await expect(page).toHaveURL(/\/age-and-location$/);
    await page.getByLabel('Date of birth').fill('04/01/1990');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/display-name$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your account has been created!' })).toBeVisible();
    await expect(
      page.getByText('Your Tide Runners account is ready. Your progress from the console is saved to it.'),
    ).toBeVisible();
    // The game keeps the generated name: shown, not editable.
    const name = (await page.getByRole('definition').textContent())?.trim() ?? '';
    expect(name).toMatch(/^\S{4,}$/);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Suggest another name' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Return to Tide Runners' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('display-name-fixed.png'), fullPage: true });
    if (testInfo.project.name === 'phone') {
      // Right to left, with the game's message in Arabic.
      await switchLanguage(page, 'ar-AE');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByText('حسابك في Tide Runners جاهز.', { exact: false })).toBeVisible();
      await expect(page.getByRole('definition')).toHaveText(name);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath('display-name-fixed-ar.png'), fullPage: true });
      await switchLanguage(page, 'en-US');
    }
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/connect-success/);
    // The console signs in to the new account, under that name, without an email address.
    const [, signedInAs] = await game.line(/^Signed in as (\S+) <null>/m);
    expect(signedInAs).toBe(name);
    expect(await game.exited).toBe(0);
    expect(game.output()).toMatch(/"level": 9/);
  } finally {
    game.stop();
  }
});

test(
  'a game that lets the player rename shows the field, its message, and returns to the game',
  DESKTOP_ONLY,
  async ({ page, request, baseURL }, testInfo) => {
    test.slow();
    const game = runConsole(baseURL as string, `Nami${uniqueSuffix()}`, 4);
    const email = uniqueEmail(testInfo, 'stub-rename');
    try {
      const [, code] = await game.line(/^Code: ([A-Z0-9-]+)$/m);
      await openPrompt(page, code as string);
      await page.getByRole('button', { name: 'Create a new account' }).click();
      // Starfall Legends requires credentials: the email first.
      await expect(page).toHaveURL(/\/sign-up$/);
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/age-and-location$/);
      await page.getByLabel('Date of birth').fill('04/01/1990');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Code', { exact: true }).fill(await latestCode(request, email));
      await page.getByLabel('I agree to the Terms of Use').check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page).toHaveURL(/\/display-name$/);
      await expect(
        page.getByText('Your account is ready. Your Starfall Legends progress is now saved to it.'),
      ).toBeVisible();
      const name = uniqueUsername('Nami');
      await page.getByLabel('Display name').fill(name);
      await page.getByRole('button', { name: 'Return to Starfall Legends' }).click();
      // The game's success_redirect (the demo's: the portal's own home page); the name is kept.
      await expect(page).toHaveURL(`${baseURL as string}/home`);
      // The console signs in once the stub became the account (before the name is chosen): that
      // account, the name it has now.
      await game.line(/^Signed in as /m);
      expect(game.output()).toMatch(new RegExp(`Signed in as \\S+ <${email.replace(/[.+]/g, '\\$&')}>`));
      await page.goto('/account?lang=en-US');
      await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
    } finally {
      game.stop();
    }
  },
);
