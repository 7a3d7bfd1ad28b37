// Playtests (issue 18). An operator creates a playtest, imports Steam keys and makes a campaign code
// with the real command line (npm run admin) on the server's database between two starts of the
// server; a player registers (speed check, platforms, terms), redeems the code, gets a Steam key and
// shares a referral code that a second player redeems from its link. A Twitch drop is claimed through
// the sandbox Twitch (the player links Twitch in its popup first). Arabic at phone width once. Every
// screen is checked by axe.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test as base } from '@playwright/test';
import {
  DESKTOP_ONLY,
  createAccount,
  expectNoAxeViolations,
  PASSWORD,
  signInWithPassword,
  uniqueEmail,
  uniqueSuffix,
  verifyEmailInDialog,
  pageInNewContext,
} from './helpers.ts';
import { admin } from './admin-cli.ts';
import { startPortalServer } from './peers/portal-server.ts';
import { signInInPlatformPopup } from './platform-sandbox.ts';
import { screenshot } from './screenshots.ts';
import { OWN_SERVER_FIXTURE_MS } from './time-limits.ts';

const TITLE = 'Starfall Legends Closed Playtest';
const KEYS = ['SFCPT-AAAAA-00001', 'SFCPT-AAAAA-00002', 'SFCPT-AAAAA-00003'];

interface Operated {
  url: string;
  campaignCode: string;
}

/**
 * A portal whose operators set up a playtest: the server starts once (it migrates and seeds the demo
 * game), stops, the command line adds the playtest, its keys and a campaign code, and it starts again.
 */
const test = base.extend<object, { operated: Operated }>({
  operated: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-playtests-'));
      const first = await startPortalServer({}, { dataDir });
      await first.stop();
      const file = (name: string, content: string) => {
        const path = join(dataDir, name);
        writeFileSync(path, content);
        return path;
      };
      const definition = {
        key: 'starfall-closed-playtest',
        game: 'starfall-legends',
        title: TITLE,
        description: 'Try the new Starfall Legends raid before it ships.',
        landing_page_text: 'A friend invited you to the Starfall Legends Closed Playtest.',
        redemption_agreement: 'The build is confidential.',
        license_messaging_text: 'Do not stream the playtest build.',
        platforms: ['pc_steam', 'xbox_series_xs'],
        registration: { start: '2026-01-01T00:00:00Z', end: '2031-01-01T00:00:00Z' },
        redemption: { start: '2026-01-01T00:00:00Z', end: '2031-01-01T00:00:00Z' },
        speed_check: true,
        platform_survey: true,
        referral_max_count: 2,
      };
      expect(admin(dataDir, 'betas', 'put', file('playtest.json', JSON.stringify(definition)))).toMatch(
        /^added playtest starfall-closed-playtest/,
      );
      expect(
        admin(dataDir, 'betas', 'codes', 'import', definition.key, 'pc_steam', file('keys.txt', KEYS.join('\n'))),
      ).toBe('imported 3 pc_steam key(s) into starfall-closed-playtest');
      const campaignCode = admin(dataDir, 'betas', 'campaign-codes', definition.key, '1');
      expect(campaignCode).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
      const server = await startPortalServer({}, { dataDir, port: Number(new URL(first.url).port) });
      await use({ url: server.url, campaignCode });
      await server.stop();
    },
    { scope: 'worker', timeout: OWN_SERVER_FIXTURE_MS },
  ],
  baseURL: async ({ operated }, use) => use(operated.url),
});

/** A new player signed in through the sign-in pages, in a browser context of their own, on their account page. */
async function playerPage(browser: Browser, testInfo: TestInfo, url: string) {
  const page = await pageInNewContext(browser, testInfo, { baseURL: url });
  const email = uniqueEmail(testInfo, 'tester');
  await createAccount(page.request, email);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  return page;
}

const card = (page: Page) => page.getByRole('article', { name: TITLE });

/** The registration form: a speed band, Steam, and the terms. */
async function fillRegistration(page: Page) {
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await page.getByRole('radio', { name: '50–100 Mbps' }).check();
  await page.getByRole('checkbox', { name: 'PC (Steam)' }).check();
  await page.getByRole('checkbox', { name: 'I accept the playtest terms.' }).check();
}

test(
  'an operator sets up a playtest; a player registers, redeems, gets a Steam key and refers a friend',
  DESKTOP_ONLY,
  async ({ page, browser, operated }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, 'playtester');
    await createAccount(page.request, email);
    await signInWithPassword(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/account$/);

    await page.goto('/playtests?lang=en-US');
    await expect(page.getByRole('heading', { level: 1, name: 'Playtests' })).toBeVisible();
    await expect(card(page).getByText('Not registered')).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'playtests-available');
    await card(page)
      .getByRole('link', { name: `Register for ${TITLE}` })
      .click();

    // Registration: submitting without the terms shows the field error, then it goes through.
    await expect(page).toHaveURL(/\/playtests\/register\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('region', { name: 'Playtest licence' })).toContainText(
      'Do not stream the playtest build.',
    );
    await expect(page.getByRole('region', { name: 'Playtest terms' })).toContainText('The build is confidential.');
    await page.getByRole('radio', { name: '50–100 Mbps' }).check();
    await page.getByRole('checkbox', { name: 'PC (Steam)' }).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Please accept the playtest terms to continue.')).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'playtest-register');
    await page.getByRole('checkbox', { name: 'I accept the playtest terms.' }).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText(`You are registered for ${TITLE}.`)).toBeVisible();
    await page.getByRole('link', { name: 'Go to my playtests' }).click();

    // Redeem the operator's campaign code.
    await expect(card(page).getByText('Pre-registered')).toBeVisible();
    await card(page)
      .getByRole('button', { name: `Redeem a code for ${TITLE}` })
      .click();
    const redeem = page.getByRole('dialog');
    await redeem.getByLabel('Code').fill('NOT-A-REAL-CODE');
    await redeem.getByRole('checkbox', { name: 'I accept the playtest terms.' }).check();
    await redeem.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(redeem.getByText('That code is not valid or has already been used.')).toBeVisible();
    await redeem.getByLabel('Code').fill(operated.campaignCode.toLowerCase());
    await redeem.getByRole('button', { name: 'Redeem', exact: true }).click();
    // The modal closes and the card says so.
    await expect(card(page).getByRole('status').getByText(`Code redeemed. You have access to ${TITLE}.`)).toBeVisible();
    await expect(redeem).toBeHidden();
    await expect(card(page).getByText('Active')).toBeVisible();

    // The Steam key, with the Steam instructions; it stays after a reload.
    await card(page).getByRole('radio', { name: 'PC (Steam)' }).check();
    await card(page).getByRole('button', { name: 'Get my key' }).click();
    const key = card(page).getByText(/^SFCPT-AAAAA-0000[123]$/);
    await expect(key).toBeVisible();
    await expect(card(page).getByText('Select Games, then Activate a Product on Steam…')).toBeVisible();
    await page.reload();
    await expect(card(page).getByText(/^SFCPT-AAAAA-0000[123]$/)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'playtest-key');

    // A referral code for a friend: made, not used yet ("0 of 2 used" until a friend redeems it).
    await card(page)
      .getByRole('button', { name: `Referral codes for ${TITLE}` })
      .click();
    const referrals = page.getByRole('dialog');
    await expect(referrals.getByText('You have not made a referral code yet.')).toBeVisible();
    await referrals.getByRole('button', { name: 'Create a code' }).click();
    await expect(referrals.getByText(/^Code [A-Z0-9-]+ created\.$/)).toBeVisible();
    await expect(referrals.getByText('0 of 2 used')).toBeVisible();
    const created = (await referrals.getByText(/^Code [A-Z0-9-]+ created\.$/).textContent()) ?? '';
    const referral = /^Code ([A-Z0-9-]+) created\.$/.exec(created)?.[1] ?? '';
    expect(referral).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'playtest-referrals');

    // The friend opens the code's link, registers and is in at once.
    const friend = await playerPage(browser, testInfo, operated.url);
    await friend.goto(`/playtests/${referral}?lang=en-US`);
    await expect(friend.getByText('A friend invited you to the Starfall Legends Closed Playtest.')).toBeVisible();
    await expectNoAxeViolations(friend);
    await friend.getByRole('link', { name: 'Register and redeem' }).click();
    await fillRegistration(friend);
    await friend.getByRole('button', { name: 'Register and redeem' }).click();
    await expect(friend.getByText('Your code is redeemed too: you have access to the playtest.')).toBeVisible();
    await friend.goto('/playtests?lang=en-US');
    await expect(card(friend).getByText('Active')).toBeVisible();
    await friend.context().close();

    await page.reload();
    await card(page)
      .getByRole('button', { name: `Referral codes for ${TITLE}` })
      .click();
    await expect(page.getByRole('dialog').getByText(/^Redeemed on /)).toBeVisible();
    // Used once the friend redeemed it (issue 28).
    await expect(page.getByRole('dialog').getByText('1 of 2 used')).toBeVisible();
  },
);

test('a Twitch drop: link Twitch in its popup, then claim the playtest', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'viewer');
  await createAccount(page.request, email);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/playtests/twitch/starfall-launch-drop/connect?lang=en-US');
  await expect(page.getByText('Your Twitch drop gives you access to a playtest of Starfall Legends.')).toBeVisible();
  // Linking a platform asks for a proved address first.
  await verifyEmailInDialog(page, page.request, email);
  await expectNoAxeViolations(page);
  const username = `viewer${uniqueSuffix()}`;
  await signInInPlatformPopup(page, page.getByRole('button', { name: 'Connect Twitch' }), 'Twitch', username);
  await expect(page).toHaveURL(/\/playtests\/twitch\/starfall-launch-drop\/claim/);
  // Back on the connect page, the player is told Twitch is linked.
  await page.goto('/playtests/twitch/starfall-launch-drop/connect?lang=en-US');
  await expect(page.getByText('Your Twitch account is connected.')).toBeVisible();
  await page.getByRole('link', { name: 'Continue to claim' }).click();

  // Before watching a stream with drops, there is nothing to claim.
  await page.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(/We could not find this drop on your Twitch account/)).toBeVisible();
  // The sandbox Twitch grants the drop, as watching a stream would.
  const granted = await page.request.post('/dev/platforms/twitch/drops/grant', {
    data: { username, benefit_id: 'starfall-launch-drop' },
  });
  expect(granted.status()).toBe(201);
  await page.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText('Drop claimed. You have access to Starfall Legends Open Playtest.')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'playtest-twitch-claimed');
  await page.goto('/playtests?lang=en-US');
  await expect(page.getByRole('article', { name: 'Starfall Legends Open Playtest' }).getByText('Active')).toBeVisible();
});

test('in Arabic, right to left, at phone width', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'once, at phone width');
  const email = uniqueEmail(testInfo, 'arabic');
  await createAccount(page.request, email);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/playtests?lang=ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'playtests-ar');
  await page.getByRole('article').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/playtests\/register\//);
  await expect(page.getByRole('radio').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'playtest-register-ar');
});

test('preferences change while pre-registered, and leaving asks first', async ({ page }, testInfo) => {
  const title = 'Starfall Legends Open Playtest';
  const email = uniqueEmail(testInfo, 'prefs');
  await createAccount(page.request, email);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/playtests?lang=en-US');
  const openCard = page.getByRole('article', { name: title });
  await openCard.getByRole('link', { name: `Register for ${title}` }).click();
  await page.getByRole('radio', { name: 'Under 25 Mbps' }).check();
  await page.getByRole('checkbox', { name: 'PC (Steam)' }).check();
  await page.getByRole('checkbox', { name: 'I accept the playtest terms.' }).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.getByRole('link', { name: 'Go to my playtests' }).click();

  await openCard.getByRole('button', { name: `Preferences for ${title}` }).click();
  const preferences = page.getByRole('dialog', { name: `Preferences for ${title}` });
  await expect(preferences.getByRole('checkbox', { name: 'PC (Steam)' })).toBeChecked();
  await preferences.getByRole('checkbox', { name: 'Xbox Series X|S' }).check();
  await preferences.getByRole('checkbox', { name: 'PC (Steam)' }).uncheck();
  await preferences.getByRole('radio', { name: '100–200 Mbps' }).check();
  await expectNoAxeViolations(page);
  await preferences.getByRole('button', { name: 'Save' }).click();
  await expect(preferences).toBeHidden();
  await expect(openCard.getByText('Your preferences are saved.')).toBeVisible();
  await page.reload();
  await openCard.getByRole('button', { name: `Preferences for ${title}` }).click();
  await expect(preferences.getByRole('checkbox', { name: 'Xbox Series X|S' })).toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'PC (Steam)' })).not.toBeChecked();
  await expect(preferences.getByRole('radio', { name: '100–200 Mbps' })).toBeChecked();
  await page.keyboard.press('Escape');

  await openCard.getByRole('button', { name: `Leave ${title}` }).click();
  const leave = page.getByRole('dialog', { name: `Leave ${title}?` });
  await expect(leave.getByText('Your registration will be removed.', { exact: false })).toBeVisible();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByText(`You left ${title}.`)).toBeVisible();
  await expect(openCard.getByText('Not registered')).toBeVisible();
});
