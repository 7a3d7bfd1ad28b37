// The example game (examples/game-cli) signs a player in while the browser does the player's part:
// by device code (the game polls while the player enters the code, signs in and approves) and by
// PKCE (the game listens on a loopback port; the browser comes back to it with the code).
// What the game prints and does is the point, not the layout: each test runs once, at desktop width.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { runGame } from './example-game.ts';
import { DESKTOP_ONLY, PASSWORD, createAccount, signInWithPassword, uniqueEmail } from './helpers.ts';
import { testWithOwnServer } from './own-server.ts';
import { TEST_MS } from './time-limits.ts';

test(
  'a console game signs in by device code while the player approves in the browser',
  DESKTOP_ONLY,
  async ({ page, request, baseURL }, testInfo) => {
    const email = uniqueEmail(testInfo, 'cli-device');
    await createAccount(request, email);
    const game = runGame(['device', '--portal', baseURL as string, '--name', 'Living-room TV']);
    try {
      const [, code] = await game.line(/^Code: ([A-Z-]+)$/m);
      await game.line(/Waiting for you to approve/);
      await signInWithPassword(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/account/);
      await page.goto('/device?lang=en-US');
      await page.getByLabel('Device code', { exact: true }).fill((code as string).toLowerCase());
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('Living-room TV')).toBeVisible();
      await page.getByRole('button', { name: 'Approve' }).click();
      await expect(page).toHaveURL(/\/device-success/);
      await game.line(/^Signed in as /m);
      expect(await game.exited).toBe(0);
      expect(game.output()).toContain(email);
    } finally {
      game.stop();
    }
  },
);

test(
  'the example game explains itself: --help prints its usage, an unknown option a reason, never a stack trace',
  DESKTOP_ONLY,
  async () => {
    const help = runGame(['--help']);
    expect(await help.exited).toBe(0);
    expect(help.output()).toMatch(/^Usage: .*device\|pkce\|console/m);
    expect(help.output()).not.toMatch(/\n\s+at /);
    const wrong = runGame(['device', '--colour', 'red']);
    expect(await wrong.exited).toBe(2);
    expect(wrong.output()).toMatch(/--colour/);
    expect(wrong.output()).toMatch(/^Usage: /m);
    expect(wrong.output()).not.toMatch(/\n\s+at /);
  },
);

test(
  'a PC game signs in with PKCE through a loopback redirect',
  DESKTOP_ONLY,
  async ({ page, request, baseURL }, testInfo) => {
    const email = uniqueEmail(testInfo, 'cli-pkce');
    await createAccount(request, email);
    const game = runGame(['pkce', '--portal', baseURL as string]);
    try {
      const [, address] = await game.line(/^Open: (\S+)$/m);
      await page.goto(address as string);
      // Signed out: the portal asks the player to sign in first, showing the game.
      await expect(page).toHaveURL(/\/sign-in/);
      await expect(page.getByText('Starfall Legends').first()).toBeVisible();
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(
        page.getByText('You are signed in. You can close this window and return to the game.'),
      ).toBeVisible();
      await game.line(/^Signed in as /m);
      expect(await game.exited).toBe(0);
      expect(game.output()).toContain(email);
    } finally {
      game.stop();
    }
  },
);

/** The player approves the device of `code` in the browser, signed in already. */
async function approveDevice(page: Page, code: string) {
  await page.goto('/device?lang=en-US');
  await page.getByLabel('Device code', { exact: true }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Living-room TV')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/device-success/);
}

/** What the example game says when the portal answers 429 (examples/game-cli/retry-after.ts). */
const TOLD_TO_WAIT = /The portal is busy with requests from this address: trying again in (\d+) seconds/;

// Eight sign-ins a minute per address (a home network: the console and the player's phone), and
// clients behind a proxy told apart by X-Forwarded-For.
const limitedTest = testWithOwnServer({ SIGN_IN_PER_MINUTE: '8', RATE_LIMIT_PER_MINUTE: '300', TRUST_PROXY: 'true' });

limitedTest(
  "a console polling every second beside the player's sign-ins from its address is never refused",
  DESKTOP_ONLY,
  async ({ page, request, baseURL }, testInfo) => {
    const email = uniqueEmail(testInfo, 'cli-busy');
    await createAccount(request, email);
    const game = runGame(['device', '--portal', baseURL as string, '--name', 'Living-room TV']);
    try {
      const [, code] = await game.line(/^Code: ([A-Z-]+)$/m);
      await game.line(/Waiting for you to approve/);
      // The console polls every second (DEVICE_POLL_INTERVAL_SECONDS of the tests): far more than
      // eight times a minute. Someone else at home fails to sign in twice meanwhile, then the player
      // signs in and approves, all from the console's address.
      for (const password of ['Wrong-password-1!', 'Wrong-password-2!']) {
        const failed = await request.post('/api/sessions/auth/password', {
          headers: { 'x-hydra-api-key': (await (await request.get('/config.json')).json()).apiKey },
          data: { email, password },
        });
        expect(failed.status()).not.toBe(429);
      }
      await signInWithPassword(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/account/);
      await approveDevice(page, code as string);
      await game.line(/^Signed in as /m);
      expect(await game.exited).toBe(0);
      expect(game.output()).not.toMatch(TOLD_TO_WAIT);
      expect(game.output()).toContain(email);
    } finally {
      game.stop();
    }
  },
);

limitedTest(
  'a console told to wait (429 with Retry-After) waits, then signs in once the player approved',
  DESKTOP_ONLY,
  async ({ browser, request, baseURL }, testInfo) => {
    // The wait is the rest of the address's minute: up to 60 s of the clock, whatever the machine.
    limitedTest.setTimeout(TEST_MS + 60_000);
    const email = uniqueEmail(testInfo, 'cli-wait');
    await createAccount(request, email);
    const game = runGame(['device', '--portal', baseURL as string, '--name', 'Living-room TV'], 90_000);
    // The player's browser is on another network than the console (another address).
    const player = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.61' } });
    try {
      const [, code] = await game.line(/^Code: ([A-Z-]+)$/m);
      await game.line(/Waiting for you to approve/);
      // Whatever else runs at the console's address uses up all its requests of this minute.
      let status = 0;
      for (let sent = 0; status !== 429 && sent < 1000; sent++)
        status = (await request.get('/api/settings/public')).status();
      expect(status).toBe(429);
      const [, seconds] = await game.line(TOLD_TO_WAIT);
      expect(Number(seconds)).toBeGreaterThan(0);
      const page = await player.newPage();
      await signInWithPassword(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/account/);
      await approveDevice(page, code as string);
      // It waited as told rather than giving up, then polled again and got its tokens.
      await game.line(/^Signed in as /m);
      expect(await game.exited).toBe(0);
      expect(game.output()).toContain(email);
    } finally {
      game.stop();
      await player.close();
    }
  },
);
