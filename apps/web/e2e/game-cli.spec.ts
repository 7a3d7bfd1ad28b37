// The example game (examples/game-cli) signs a player in while the browser does the player's part:
// by device code (the game polls while the player enters the code, signs in and approves) and by
// PKCE (the game listens on a loopback port; the browser comes back to it with the code).
import { expect, test } from '@playwright/test';
import { runGame } from './example-game.ts';
import { PASSWORD, createAccount, signInWithPassword, uniqueEmail } from './helpers.ts';

test('a console game signs in by device code while the player approves in the browser', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
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
});

test('a PC game signs in with PKCE through a loopback redirect', async ({ page, request, baseURL }, testInfo) => {
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
    await expect(page.getByText('You are signed in. You can close this window and return to the game.')).toBeVisible();
    await game.line(/^Signed in as /m);
    expect(await game.exited).toBe(0);
    expect(game.output()).toContain(email);
  } finally {
    game.stop();
  }
});
