// The query parameters spec 000 §2 lists as read by the app, whose meaning the spec leaves open
// (ADR 005 "Query parameters the app reads"): each opens or shows what its screen names, on a real
// server with a seeded player; a value that names nothing is ignored (never an error page, never a
// navigation away from the portal).
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { seedSignedInPlayer, uniqueEmail, uniqueSuffix, verifyEmailInDialog, DESKTOP_ONLY } from './helpers.ts';
import { signInInPlatformPopup } from './platform-sandbox.ts';
import { TEST_MS } from './time-limits.ts';

test.describe.configure({ timeout: 2 * TEST_MS });

const DEMO_PLAYTEST = 'Starfall Legends Open Playtest';
const DEMO_TWITCH_BENEFIT = 'starfall-launch-drop';

function playtestCard(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

test(
  'password and active2fa on /security open the password change and the two-factor setup',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'qsecurity');
    await seedSignedInPlayer(page, request, email, { path: '/security?password=1&lang=en-US' });
    // The address is proved first (the page asks for it); then what the link asked for opens.
    await verifyEmailInDialog(page, request, email);
    const password = page.getByRole('dialog', { name: 'Change password' });
    await expect(password).toBeVisible();
    await password.getByRole('button', { name: 'Cancel' }).click();
    await expect(password).toBeHidden();

    await page.goto('/security?active2fa');
    await expect(page.getByRole('dialog', { name: 'Turn on two-factor authentication' })).toBeVisible();

    for (const search of ['?password=no', '?active2fa=%3Cscript%3E', '?password=0&active2fa=false']) {
      await page.goto(`/security${search}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Password and security' })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  },
);

test(
  'disconnect on /linked-accounts opens the disconnect of that platform; pn_state leads to PlayStation Network',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'qlinked');
    await seedSignedInPlayer(page, request, email, { path: '/linked-accounts?pn_state=connect&lang=en-US' });
    await verifyEmailInDialog(page, request, email);
    const psn = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'PlayStation Network' }) });
    await expect(psn.getByRole('button', { name: 'Connect' })).toBeFocused();

    const twitch = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Twitch' }) });
    // Not linked: nothing to disconnect, the page as usual.
    await page.goto('/linked-accounts?disconnect=twitch');
    await expect(twitch.getByText('Not connected')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await signInInPlatformPopup(page, twitch.getByRole('button', { name: 'Connect' }), 'Twitch', `Q${uniqueSuffix()}`);
    await expect(twitch.getByText(/^Connected as /)).toBeVisible();

    await page.goto('/linked-accounts?disconnect=twitch');
    await expect(page.getByRole('dialog', { name: 'Disconnect Twitch?' })).toBeVisible();
    for (const value of ['nintendo-switch', 'https://evil.test', '']) {
      await page.goto(`/linked-accounts?disconnect=${encodeURIComponent(value)}&pn_state=${encodeURIComponent(value)}`);
      await expect(twitch.getByText(/^Connected as /)).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  },
);

test('beta_id, slug, hidden and twitch on /playtests', DESKTOP_ONLY, async ({ page, request }, testInfo) => {
  await seedSignedInPlayer(page, request, uniqueEmail(testInfo, 'qplaytests'), { path: '/playtests?lang=en-US' });
  const card = playtestCard(page, DEMO_PLAYTEST);
  const register = card.getByRole('link', { name: `Register for ${DEMO_PLAYTEST}` });
  const betaId = (await register.getAttribute('href'))!.split('/').pop()!;

  // beta_id: that playtest's card is the one selected, in view and focused.
  await page.goto(`/playtests?beta_id=${betaId}`);
  await expect(card).toHaveAttribute('aria-current', 'true');
  await expect(card.getByRole('heading', { name: DEMO_PLAYTEST })).toBeFocused();
  await page.goto('/playtests?beta_id=no-such-playtest');
  await expect(card).toBeVisible();
  await expect(page.locator('article[aria-current]')).toHaveCount(0);

  // slug: only the playtests of that game, and a way back to all of them.
  await page.goto('/playtests?slug=starfall-legends');
  await expect(page.getByText('Showing the playtests of Starfall Legends.')).toBeVisible();
  await expect(card).toBeVisible();
  await page.getByRole('link', { name: 'Show all playtests' }).click();
  await expect(page).toHaveURL(/\/playtests$/);
  await expect(page.getByText('Showing the playtests of Starfall Legends.')).toHaveCount(0);
  await page.goto('/playtests?slug=..%2F..%2Fadmin');
  await expect(card).toBeVisible();
  await expect(page.getByRole('link', { name: 'Show all playtests' })).toHaveCount(0);

  // hidden: the sections named are not shown.
  await page.goto('/playtests?hidden=mine');
  await expect(page.getByRole('heading', { level: 2, name: 'Available playtests' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'My playtests' })).toHaveCount(0);
  await page.goto('/playtests?hidden=available');
  await expect(page.getByRole('heading', { level: 2, name: 'My playtests' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Available playtests' })).toHaveCount(0);
  await page.goto('/playtests?hidden=everything');
  await expect(page.getByRole('heading', { level: 2, name: 'Available playtests' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'My playtests' })).toBeVisible();

  // twitch: the Twitch connect page of that benefit.
  await page.goto(`/playtests?twitch=${DEMO_TWITCH_BENEFIT}`);
  await expect(page).toHaveURL(new RegExp(`/playtests/twitch/${DEMO_TWITCH_BENEFIT}/connect$`));
  await page.goto(`/playtests?twitch=${encodeURIComponent('//evil.test/x')}`);
  await expect(page).toHaveURL(/\/playtests\?twitch=/);
  await expect(card).toBeVisible();
});
