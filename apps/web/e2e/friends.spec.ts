// Friends and blocking (issue 17) with two real players, each signed in in a browser context of
// their own: search by display name, send a request, the mail's link to the requests tab, accept,
// unfriend, block (the blocked player no longer finds the blocker), unblock; the friends-search
// privacy on /account; Arabic at phone width. Every screen is checked by axe.
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import {
  apiHeaders,
  expectNoAxeViolations,
  latestMail,
  pathOf,
  seedSignedInPlayer,
  uniqueEmail,
  uniqueUsername,
  pageInNewContext,
} from './helpers.ts';

interface Player {
  email: string;
  name: string;
  page: Page;
  token: string;
}

/** A new player with a display name, signed in in a browser context of their own. */
async function player(browser: Browser, request: APIRequestContext, testInfo: TestInfo, tag: string): Promise<Player> {
  const email = uniqueEmail(testInfo, tag);
  const name = uniqueUsername(tag);
  const page = await pageInNewContext(browser, testInfo);
  const { access_token: token } = await seedSignedInPlayer(page, request, email, { username: name });
  return { email, name, page, token };
}

/** Verifies the player's address with the mailed code (only a verified address can be searched for). */
async function verifyEmail(request: APIRequestContext, who: Player) {
  const headers = await apiHeaders(request, who.token);
  expect((await request.put('/api/accounts/me/send_verification_email', { headers })).ok()).toBe(true);
  const code = (await latestMail(request, who.email, 'verify_email')).code ?? '';
  expect((await request.post('/api/accounts/verify_email', { headers, data: { code } })).ok()).toBe(true);
}

async function openFriends(page: Page, query = '') {
  await page.goto(`/friends?lang=en-US${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
}

async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Find a player' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** Confirms the open "confirm friend action" modal with its action button. */
async function confirm(page: Page, label: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('two players: search, request, accept, unfriend, block and unblock', async ({ browser, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'two contexts once; the phone layout is checked below');
  test.slow();
  const ana = await player(browser, request, testInfo, 'ana');
  const ben = await player(browser, request, testInfo, 'ben');

  // Ana finds Ben by his exact display name and sends a request.
  await openFriends(ana.page);
  await expect(ana.page.getByText('You have no friends yet.')).toBeVisible();
  await expectNoAxeViolations(ana.page);
  await searchFor(ana.page, ben.name.slice(0, -1));
  await expect(ana.page.getByText('No player found with that name or email.')).toBeVisible();
  await searchFor(ana.page, ben.name);
  await ana.page.getByRole('button', { name: `Send request to ${ben.name}` }).click();
  await expect(ana.page.getByText(`Friend request sent to ${ben.name}.`)).toBeVisible();
  await expect(ana.page.getByRole('tab', { name: 'Sent (1)' })).toBeVisible();
  await ana.page.screenshot({ path: testInfo.outputPath('friends-sent.png'), fullPage: true });

  // Ben's mail leads to the requests tab (/friend-request), where he accepts.
  const link = (await latestMail(request, ben.email, 'friend_request')).link ?? '';
  expect(link).toMatch(/\/friend-request/);
  await ben.page.goto(`${pathOf(link)}${link.includes('?') ? '&' : '?'}lang=en-US`);
  await expect(ben.page).toHaveURL(/\/friends\?.*tab=incoming/);
  await expect(ben.page.getByRole('tab', { name: 'Requests (1)' })).toHaveAttribute('aria-selected', 'true');
  await expectNoAxeViolations(ben.page);
  await ben.page.getByRole('button', { name: `Accept ${ana.name}'s request` }).click();
  await expect(ben.page.getByText(`You and ${ana.name} are now friends.`)).toBeVisible();
  await ben.page.getByRole('tab', { name: 'Friends (1)' }).click();
  await expect(ben.page.getByRole('tabpanel').getByText(ana.name)).toBeVisible();

  // Ana sees Ben among her friends, and unfriends him.
  await openFriends(ana.page);
  await expect(ana.page.getByRole('tab', { name: 'Friends (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(ana.page.getByRole('tabpanel').getByText(/Friends since/)).toBeVisible();
  await ana.page.screenshot({ path: testInfo.outputPath('friends-list.png'), fullPage: true });
  await ana.page.getByRole('button', { name: `Unfriend ${ben.name}` }).click();
  await expect(ana.page.getByRole('dialog')).toContainText(`Unfriend ${ben.name}?`);
  await expectNoAxeViolations(ana.page);
  await confirm(ana.page, 'Unfriend');
  await expect(ana.page.getByText(`You are no longer friends with ${ben.name}.`)).toBeVisible();
  await expect(ana.page.getByRole('tab', { name: 'Friends (0)' })).toBeVisible();

  // Ben asks again; Ana blocks him from her requests. He no longer finds her.
  await openFriends(ben.page);
  await searchFor(ben.page, ana.name);
  await ben.page.getByRole('button', { name: `Send request to ${ana.name}` }).click();
  await expect(ben.page.getByText(`Friend request sent to ${ana.name}.`)).toBeVisible();
  await openFriends(ana.page, '&tab=incoming');
  await ana.page.getByRole('button', { name: `Block ${ben.name}` }).click();
  await confirm(ana.page, 'Block');
  await expect(ana.page.getByText(`You blocked ${ben.name}.`)).toBeVisible();
  await ana.page.getByRole('tab', { name: 'Blocked (1)' }).click();
  await expect(ana.page.getByRole('tabpanel').getByText(/Blocked on/)).toBeVisible();
  await openFriends(ben.page);
  await searchFor(ben.page, ana.name);
  await expect(ben.page.getByText('No player found with that name or email.')).toBeVisible();

  // Ana unblocks him; he finds her again.
  await openFriends(ana.page, '&tab=blocked');
  await ana.page.getByRole('button', { name: `Unblock ${ben.name}` }).click();
  await confirm(ana.page, 'Unblock');
  await expect(ana.page.getByText(`You unblocked ${ben.name}.`)).toBeVisible();
  await expect(ana.page.getByText('You have not blocked anyone.')).toBeVisible();
  await searchFor(ben.page, ana.name);
  await expect(ben.page.getByRole('button', { name: `Send request to ${ana.name}` })).toBeVisible();
  await ana.page.context().close();
  await ben.page.context().close();
});

test('players choose whether the search finds them by email', async ({ browser, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'once');
  const ana = await player(browser, request, testInfo, 'anaprivacy');
  const ben = await player(browser, request, testInfo, 'benprivacy');
  await openFriends(ana.page);
  await searchFor(ana.page, ben.email);
  await expect(ana.page.getByText('No player found with that name or email.')).toBeVisible();
  // Ben verifies his address and allows it on his account page.
  await verifyEmail(request, ben);
  await ben.page.goto('/account?lang=en-US');
  const byEmail = ben.page.getByLabel('Let players find me by my email address');
  await expect(byEmail).not.toBeChecked();
  await expect(ben.page.getByLabel('Let players find me by my display name')).toBeChecked();
  await byEmail.check();
  await expect(ben.page.getByText('Your choice is saved.').first()).toBeVisible();
  await ben.page.reload();
  await expect(ben.page.getByLabel('Let players find me by my email address')).toBeChecked();
  await expectNoAxeViolations(ben.page);
  await ben.page.screenshot({ path: testInfo.outputPath('account-friends-search.png'), fullPage: true });
  await searchFor(ana.page, ben.email);
  await expect(ana.page.getByRole('button', { name: `Send request to ${ben.name}` })).toBeVisible();
  await ana.page.context().close();
  await ben.page.context().close();
});

test('the friends page in Arabic, right to left, at phone width, by keyboard', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'once, at phone width');
  await seedSignedInPlayer(page, request, uniqueEmail(testInfo, 'friendsar'), {
    username: uniqueUsername('Layla'),
    path: '/friends?lang=ar-AE',
  });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('tablist')).toBeVisible();
  await expectNoAxeViolations(page);
  // The tabs move with the arrow keys.
  const tabs = page.getByRole('tab');
  await tabs.first().focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: testInfo.outputPath('friends-ar-phone.png'), fullPage: true });
});
