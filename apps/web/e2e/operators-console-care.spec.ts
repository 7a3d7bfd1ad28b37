// The operators' console as its first users found it (issue 33's walkthrough), each finding a step:
// the setup form drops the server's stale refusal when the passwords differ; the console's heading
// takes the focus after sign-in; an admin makes a new setup link in the console; the operators'
// page fits a phone; a second tab is signed in too, and signing out in one ends the other; a code
// used already says to wait for the next one; the search says it matches exactly; a timed ban names
// its time zone and its end in words; maintenance mode is turned on and off from the console; sign-ins
// and refused ones are in the audit.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { devices, expect, test } from '@playwright/test';
import { admin } from './admin-cli.ts';
import {
  createAccount,
  DESKTOP_ONLY,
  expectNoAxeViolations,
  pageInNewContext,
  uniqueEmail,
  uniqueSuffix,
} from './helpers.ts';
import { startPortalServer } from './peers/portal-server.ts';
import { screenshot } from './screenshots.ts';
import { OWN_SERVER_FIXTURE_MS } from './time-limits.ts';
import { totp } from './two-factor.ts';

const OPERATOR_PASSWORD = 'correct horse battery staple';

/** Opens a setup link and answers the page and the authenticator key it shows. */
async function openSetup(browser: Browser, testInfo: TestInfo, url: string, link: string) {
  const page = await pageInNewContext(browser, testInfo, { baseURL: url });
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your operator account' })).toBeVisible();
  return { page, secret: (await page.getByLabel('Authenticator key').innerText()).replace(/\s/g, '') };
}

async function finishSetup(page: Page, secret: string) {
  await page.getByLabel('New password').fill(OPERATOR_PASSWORD);
  await page.getByLabel('Type the password again').fill(OPERATOR_PASSWORD);
  const code = await totp(secret);
  await page.getByLabel('Code from the app').fill(code);
  await page.getByRole('button', { name: 'Set up and sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible();
  return code;
}

test(
  'the console as its first operators found it: setup, focus, a new setup link, a phone, two tabs, a used code, search, a timed ban, the audit',
  DESKTOP_ONLY,
  async ({ browser }, testInfo) => {
    test.setTimeout(OWN_SERVER_FIXTURE_MS * 2);
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-console-care-'));
    let server = await startPortalServer({}, { dataDir });
    const port = Number(new URL(server.url).port);
    try {
      const seed = await pageInNewContext(browser, testInfo, { baseURL: server.url });
      const playerEmail = uniqueEmail(testInfo, 'console-care');
      await createAccount(seed.request, playerEmail);
      await seed.close();

      await server.stop();
      const adminEmail = `admin-${uniqueSuffix()}@ops.example.com`;
      const adminLink = admin(dataDir, 'operators', 'add', adminEmail, '--role', 'admin').split('\n')[1] ?? '';
      server = await startPortalServer({}, { dataDir, port });

      // Setup: the server refuses a short password; then the two passwords differ, and only that is said.
      const { page, secret } = await openSetup(browser, testInfo, server.url, adminLink);
      await page.getByLabel('New password').fill('short');
      await page.getByLabel('Type the password again').fill('short');
      await page.getByLabel('Code from the app').fill(await totp(secret));
      await page.getByRole('button', { name: 'Set up and sign in' }).click();
      await expect(page.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
      await page.getByLabel('New password').fill(OPERATOR_PASSWORD);
      await page.getByLabel('Type the password again').fill(`${OPERATOR_PASSWORD}!`);
      await page.getByRole('button', { name: 'Set up and sign in' }).click();
      await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
      await expect(page.getByLabel('New password')).not.toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('alert')).toHaveCount(0);
      await finishSetup(page, secret);
      // The page's heading has the focus, so a screen reader starts there.
      await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeFocused();

      // Search says it matches exactly, and so does an empty result.
      await expect(page.getByText(/exact/i).first()).toBeVisible();
      await page.getByLabel(/Email, display name or account id/).fill(playerEmail.slice(0, 8));
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('status')).toContainText('No player has exactly');

      // A second tab of the same browser is signed in too.
      const second = await page.context().newPage();
      await second.goto('/console/players');
      await expect(second.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible();

      // An address the console has no page for says so.
      await second.goto('/console/nonsense');
      await expect(second.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

      // A timed ban: the field names its time zone, the confirmation its end in words.
      await page.getByLabel(/Email, display name or account id/).fill(playerEmail);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('row').filter({ hasText: playerEmail }).getByRole('link').click();
      const actions = page.getByRole('region', { name: 'Act on this player' });
      // Only what can apply is offered: no lifting a ban the player lacks, no unlinking without a link.
      await expect(actions.getByLabel('Action', { exact: true })).toBeVisible();
      const offered = await actions.getByLabel('Action', { exact: true }).locator('option').allInnerTexts();
      expect(offered).toContain('Ban');
      expect(offered).not.toContain('Lift ban');
      expect(offered).not.toContain('Unlink a platform');
      expect(offered).not.toContain('Remove two-factor');
      // A game no one has is the field's error (the server answered 500 before), and the focus goes there.
      const game = actions.getByLabel('Only this game (slug, optional)');
      await game.fill('starfall');
      await actions.getByLabel('Reason (kept in the audit)').fill('ticket 43: wrong game');
      await actions.getByRole('button', { name: 'Ban' }).click();
      await expect(actions.getByText('No game has the slug "starfall"')).toBeVisible();
      await expect(game).toBeFocused();
      await game.fill('');
      const until = actions.getByLabel(/Until/);
      await expect(until).toBeVisible();
      const label = (await actions.locator('label', { hasText: 'Until' }).innerText()).trim();
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(label).toContain(zone);
      await until.fill('2031-06-15T18:30');
      await actions.getByLabel('Reason (kept in the audit)').fill('ticket 44: toxic chat');
      await actions.getByRole('button', { name: 'Ban' }).click();
      const done = actions.getByRole('status');
      await expect(done).toContainText('until 2031-06-15');
      await expect(done).not.toContainText('T18');
      await expect(done).not.toContainText('.000Z');
      // The button that sent it keeps the focus; now a ban can be lifted.
      await expect(actions.getByRole('button', { name: 'Ban' })).toBeFocused();
      await expect(
        actions.getByLabel('Action', { exact: true }).locator('option', { hasText: 'Lift ban' }),
      ).toHaveCount(1);
      // Deleting without typing DELETE says so.
      await actions.getByLabel('Action', { exact: true }).selectOption('delete');
      await actions.getByLabel('Reason (kept in the audit)').fill('ticket 45');
      await actions.getByRole('button', { name: 'Delete account' }).click();
      await actions.getByRole('button', { name: 'Delete account' }).click();
      await expect(actions.getByText('Type DELETE, in capitals, to confirm.')).toBeVisible();
      await expect(actions.getByLabel('Type DELETE to delete this account for good')).toBeFocused();
      await actions.getByLabel('Action', { exact: true }).selectOption('ban');

      // Maintenance mode from the console: players' pages show the maintenance page, then again the sign-in.
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Live operations' }).click();
      const flags = page.getByRole('region', { name: 'Maintenance and feature flags' });
      await flags.getByLabel('Reason (kept in the audit)').fill('database upgrade, change 88');
      await flags.getByRole('button', { name: 'Turn maintenance mode on' }).click();
      await expect(flags.getByText('Maintenance mode (players see the maintenance page): ON')).toBeVisible();
      const visitor = await pageInNewContext(browser, testInfo, { baseURL: server.url });
      await visitor.goto('/sign-in');
      await expect(visitor).toHaveURL(/\/maintenance$/);
      await expect(visitor.getByRole('heading', { level: 1 })).toContainText("We'll be right back");
      await flags.getByLabel('Reason (kept in the audit)').fill('upgrade done');
      await flags.getByRole('button', { name: 'Turn maintenance mode off' }).click();
      await expect(flags.getByText('Maintenance mode (players see the maintenance page): off')).toBeVisible();
      await visitor.goto('/sign-in');
      await expect(visitor.getByRole('heading', { level: 1 })).not.toContainText("We'll be right back");
      await expect(visitor).toHaveURL(/\/sign-in$/);

      // An admin makes a new setup link for a support agent who lost their phone; the old one is refused.
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Operators' }).click();
      const add = page.getByRole('region', { name: 'Add an operator' });
      const supportEmail = `support-${uniqueSuffix()}@ops.example.com`;
      await add.getByLabel('Email').fill(supportEmail);
      await add.getByLabel('Reason (kept in the audit)').fill('new hire, ticket 6');
      await add.getByRole('button', { name: 'Add operator' }).click();
      const firstLink = await add.getByLabel('Setup link').inputValue();
      await page.getByRole('button', { name: `Manage ${supportEmail}` }).click();
      const manage = page.getByRole('region', { name: `Manage ${supportEmail}` });
      await manage.getByLabel('Reason (kept in the audit)').fill('lost phone, ticket 7');
      await manage.getByRole('button', { name: 'Make a new setup link' }).click();
      const newLink = await manage.getByLabel('New setup link').inputValue();
      expect(newLink).toMatch(/\/console\/setup#os_/);
      expect(newLink).not.toBe(firstLink);
      // The new link opened where an admin is signed in: it is not swallowed by their session.
      await second.goto(new URL(newLink).pathname + new URL(newLink).hash);
      await expect(second.getByRole('heading', { level: 1, name: 'A setup link' })).toBeVisible();
      await expect(second).toHaveURL(/#os_/);
      await second.goto('/console/players');
      const stale = await pageInNewContext(browser, testInfo, { baseURL: server.url });
      await stale.goto(new URL(firstLink).pathname + new URL(firstLink).hash);
      await expect(stale.getByRole('alert')).toContainText('This setup link is not valid any more');
      const { page: support, secret: supportSecret } = await openSetup(browser, testInfo, server.url, newLink);
      await finishSetup(support, supportSecret);

      // The operators' page at phone width: nothing off the screen, every control reachable.
      await page.setViewportSize(devices['Pixel 7'].viewport);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Operators' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const manageButton = page.getByRole('button', { name: `Manage ${supportEmail}` });
      await manageButton.scrollIntoViewIfNeeded();
      const box = await manageButton.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= (devices['Pixel 7'].viewport.width ?? 0)).toBe(true);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'console-operators-phone');
      await page.setViewportSize(devices['Desktop Chrome'].viewport);

      // Signing out in one tab signs the other out too.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(second.getByRole('heading', { level: 1, name: "Sign in to the operators' console" })).toBeVisible();

      // Signing in, out, and in again at once with the same code: told to wait for the next one. (The
      // code is used within seconds: an older one, say the setup's, would be out of the app's window
      // on a slow machine.)
      const code = await totp(secret);
      const signInWith = async (password: string) => {
        await page.getByLabel('Email').fill(adminEmail);
        await page.getByLabel('Password').fill(password);
        await page.getByLabel('Authenticator code').fill(code);
        await page.getByRole('button', { name: 'Sign in' }).click();
      };
      await signInWith(OPERATOR_PASSWORD);
      await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeFocused();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await signInWith(OPERATOR_PASSWORD);
      await expect(page.getByRole('alert')).toContainText('Wait for your app');
      // A wrong password, audited below.
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toContainText('The address, password or code is not right.');
      await expect(page.getByRole('alert')).toBeFocused();

      // The admin's sign-in and their refused ones are in the audit.
      await page.goto('/console');
      const back = await pageInNewContext(browser, testInfo, { baseURL: server.url });
      await back.goto('/console');
      await back.getByLabel('Email').fill(adminEmail);
      await back.getByLabel('Password').fill(OPERATOR_PASSWORD);
      // The next step's code: the step of the code above is used.
      await back.getByLabel('Authenticator code').fill(await totp(secret, 1));
      await back.getByRole('button', { name: 'Sign in' }).click();
      await expect(back.getByRole('heading', { level: 1, name: 'Players' })).toBeFocused();
      await back.getByRole('link', { name: 'Audit' }).click();
      const audit = back.getByRole('table', { name: /What operators did/ });
      await expect(audit.getByRole('row').filter({ hasText: 'operator.sign_in_failed' }).first()).toContainText(
        'wrong password',
      );
      await expect(audit.getByRole('row').filter({ hasText: 'operator.sign_in_failed' }).nth(1)).toContainText(
        'code used already',
      );
      await expect(audit.getByRole('row').filter({ hasText: 'operator.reset' })).toContainText('lost phone, ticket 7');
      await expect(
        audit
          .getByRole('row')
          .filter({ has: back.getByRole('cell', { name: 'operator.sign_in', exact: true }) })
          .filter({ hasText: adminEmail })
          .first(),
      ).toContainText('signed in');
      await expectNoAxeViolations(back);
    } finally {
      await server.stop();
    }
  },
);
