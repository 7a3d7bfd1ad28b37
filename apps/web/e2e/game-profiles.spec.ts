// Game profiles (issue 6): a game signs the player in through the real OAuth code flow (PKCE S256)
// and records progress with its own token; /game-profiles shows the game, and removing it ends the
// game's sign-in and leaves the empty state.
import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { DESKTOP_ONLY, expectNoAxeViolations, seedSignedInPlayer, uniqueEmail } from './helpers.ts';
import { screenshot } from './screenshots.ts';

const GAME = 'starfall-legends';
const CLIENT = 'starfall-legends-pc';
const REDIRECT = 'http://127.0.0.1/callback';

/** A new player signed in in the page; answers the web app's access token. */
async function signedIn(page: Page, request: APIRequestContext, email: string): Promise<string> {
  await seedSignedInPlayer(page, request, email);
  const token = await page.evaluate(() => localStorage.getItem('portal.accessToken'));
  expect(token).toMatch(/^at_/);
  return token as string;
}

/** What the game does: asks the portal for a code for the signed-in player and redeems it. */
async function gameToken(request: APIRequestContext, webToken: string): Promise<string> {
  const { apiKey } = await (await request.get('/config.json')).json();
  const headers = { 'x-hydra-api-key': apiKey, 'content-type': 'application/json' };
  const verifier = randomBytes(32).toString('base64url');
  const authorized = await request.post('/api/sessions/authorize', {
    headers: { ...headers, 'x-hydra-access-token': webToken },
    data: {
      client_id: CLIENT,
      redirect_uri: REDIRECT,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      response_type: 'code',
      code_method: 'S256',
    },
  });
  expect(authorized.status()).toBe(200);
  const tokens = await request.post('/api/sessions/auth/token', {
    headers,
    data: {
      grant_type: 'authorization_code',
      code: (await authorized.json()).auth_code,
      code_verifier: verifier,
      client_id: CLIENT,
      redirect_uri: REDIRECT,
    },
  });
  expect(tokens.status()).toBe(200);
  return (await tokens.json()).access_token;
}

async function recordProgress(request: APIRequestContext, token: string, body: object) {
  const { apiKey } = await (await request.get('/config.json')).json();
  const res = await request.put(`/api/accounts/me/game_progress/${GAME}`, {
    headers: { 'x-hydra-api-key': apiKey, 'x-hydra-access-token': token, 'content-type': 'application/json' },
    data: body,
  });
  expect(res.status()).toBe(200);
}

test('shows the game a player played, and removing it ends its sign-in', async ({ page, request }, testInfo) => {
  const webToken = await signedIn(page, request, uniqueEmail(testInfo, 'gamer'));
  const game = await gameToken(request, webToken);
  await recordProgress(request, game, { platform: 'pc_steam', details: { level: 41 } });
  await recordProgress(request, game, {
    platform: 'ps_5',
    details: { level: 42, play_time_hours: 1234.5, guild: 'Night Owls', hardcore: true },
    logged_in: true,
  });

  // The account menu leads to the page (the demo turns game_page on).
  await page.locator('.account-menu > button').click();
  await page.locator('.account-menu-list').getByRole('link', { name: 'Game profiles' }).click();
  await expect(page).toHaveURL(/\/game-profiles$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Game profiles' })).toBeVisible();

  const card = page.getByRole('article', { name: 'Starfall Legends' });
  await expect(card.getByRole('img', { name: 'Starfall Legends cover art' })).toBeVisible();
  await expect(card.getByText(/^Last played on \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  const platforms = card.getByRole('list').filter({ hasText: 'PC (Steam)' });
  await expect(platforms.getByRole('listitem')).toHaveText(['PC (Steam)', 'PlayStation 5']);
  const fact = (label: string) => card.locator(`dt:text-is("${label}") + dd`);
  await expect(fact('Last platform')).toHaveText('PlayStation 5');
  await expect(fact('Level')).toHaveText('42');
  await expect(fact('Play time hours')).toHaveText('1,234.5');
  await expect(fact('Guild')).toHaveText('Night Owls');
  await expect(fact('Hardcore')).toHaveText('Yes');
  await screenshot(page, testInfo, 'game-profiles-en');
  await expectNoAxeViolations(page);

  await page.goto('/game-profiles?lang=ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('article')).toHaveCount(1);
  await screenshot(page, testInfo, 'game-profiles-ar');
  // The shared confirmation modal, right to left: its buttons mirrored, the confirm one at the start.
  await page.getByRole('article').getByRole('button').last().click();
  const rtlDialog = page.getByRole('dialog');
  await expect(rtlDialog).toHaveAccessibleName(/^هل تريد إزالة .*Starfall Legends.* من حسابك؟$/);
  const rtlButtons = rtlDialog.getByRole('button');
  await expect(rtlButtons).toHaveCount(2);
  const [cancelBox, confirmBox] = [await rtlButtons.nth(0).boundingBox(), await rtlButtons.nth(1).boundingBox()];
  expect(confirmBox!.x).toBeLessThan(cancelBox!.x);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(rtlDialog).toBeHidden();
  await page.goto('/game-profiles?lang=en-US');

  // Removing asks first, in the shared confirmation modal: titled and described by its text, the
  // safe choice focused first, the focus kept inside; Escape and Cancel keep the game.
  await card.getByRole('button', { name: 'Remove game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Starfall Legends from your account?' });
  await expect(dialog).toHaveAccessibleDescription(/signed out of your account on every device/);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Remove game' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await screenshot(page, testInfo, 'game-profiles-remove-en');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Remove game' })).toBeFocused();
  await card.getByRole('button', { name: 'Remove game' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Remove game' })).toBeFocused();

  await card.getByRole('button', { name: 'Remove game' }).click();
  await dialog.getByRole('button', { name: 'Remove game' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText('Starfall Legends was removed from your account.');
  await expect(page.getByRole('status')).toBeFocused();
  await expect(page.getByText("You haven't played any of our games yet")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Discover our games' })).toHaveAttribute('href', '/home');
  await screenshot(page, testInfo, 'game-profiles-empty-en');

  // The game's sign-in ended; the player's own did not.
  const { apiKey } = await (await request.get('/config.json')).json();
  const me = await request.get('/api/accounts/me', {
    headers: { 'x-hydra-api-key': apiKey, 'x-hydra-access-token': game },
  });
  expect((await me.json()).code).toBe('auth_expired');
  await page.reload();
  await expect(page.getByText("You haven't played any of our games yet")).toBeVisible();
  await page.goto('/game-profiles?lang=ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('note')).toBeVisible();
  await screenshot(page, testInfo, 'game-profiles-empty-ar');
  await page.goto('/game-profiles?lang=en-US');
});

test(
  'says when the game profiles cannot be loaded, and tries again',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    await signedIn(page, request, uniqueEmail(testInfo, 'offline'));
    await page.route('**/api/accounts/me/game_progress?*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'The service is not available.',
          key: 'error.service_unavailable',
          body: null,
          hydraErrorCode: 1021,
          code: 'service_unavailable',
        }),
      }),
    );
    await page.goto('/game-profiles');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The service is temporarily unavailable. Please try again later.');
    await screenshot(page, testInfo, 'game-profiles-error-en');
    await page.unrouteAll();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText("You haven't played any of our games yet")).toBeVisible();
  },
);
