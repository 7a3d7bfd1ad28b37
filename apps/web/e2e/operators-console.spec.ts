// The operators' console (issue 33), with real operator accounts of each role on a server of its own:
// the first admin is added by the real command line and sets up with the link it printed (a
// password and an authenticator); the admin adds a support agent and a viewer in the console; the
// agent finds a player by the name of their linked PlayStation account, bans them with a reason
// (the player's open page is taken to the ban page at their next action) and exports their data; the
// viewer is refused the same action by the server; the admin reads who did what in the audit.
// Reload, back and forward keep the console's pages; a phone width fits.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page, TestInfo } from '@playwright/test';
import { devices, expect, test } from '@playwright/test';
import { admin } from './admin-cli.ts';
import {
  createAccount,
  DESKTOP_ONLY,
  expectNoAxeViolations,
  PASSWORD,
  pageInNewContext,
  signInWithPassword,
  uniqueEmail,
  uniqueSuffix,
  verifyEmailInDialog,
} from './helpers.ts';
import { startPortalServer } from './peers/portal-server.ts';
import { signInInPlatformPopup } from './platform-sandbox.ts';
import { screenshot } from './screenshots.ts';
import { OWN_SERVER_FIXTURE_MS } from './time-limits.ts';
import { totp } from './two-factor.ts';

const OPERATOR_PASSWORD = 'correct horse battery staple';

/** An operator opens their setup link, adds the key to "their app" and chooses a password: signed in. */
async function setUp(browser: Browser, testInfo: TestInfo, url: string, link: string, device?: BrowserContextOptions) {
  const page = await pageInNewContext(browser, testInfo, { baseURL: url, device });
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your operator account' })).toBeVisible();
  const secret = (await page.getByLabel('Authenticator key').innerText()).replace(/\s/g, '');
  await page.getByLabel('New password').fill(OPERATOR_PASSWORD);
  await page.getByLabel('Type the password again').fill(OPERATOR_PASSWORD);
  await page.getByLabel('Code from the app').fill(await totp(secret));
  await page.getByRole('button', { name: 'Set up and sign in' }).click();
  await expect(page).toHaveURL(/\/console\/players$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible();
  return { page, secret };
}

/** The admin adds an operator in the console and answers the setup link shown once. */
async function addOperator(page: Page, email: string, role: string) {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Operators' }).click();
  const form = page.getByRole('region', { name: 'Add an operator' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption(role);
  await form.getByLabel('Reason (kept in the audit)').fill(`new ${role}, ticket 5`);
  await form.getByRole('button', { name: 'Add operator' }).click();
  const link = form.getByLabel('Setup link');
  await expect(link).toHaveValue(/\/console\/setup#os_/);
  return link.inputValue();
}

test(
  "operators of each role: support finds a player by their platform's name, bans them and exports their data; a viewer is refused; the admin reads the audit",
  DESKTOP_ONLY,
  async ({ browser }, testInfo) => {
    test.setTimeout(OWN_SERVER_FIXTURE_MS * 2);
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-console-'));
    let server = await startPortalServer({}, { dataDir });
    const port = Number(new URL(server.url).port);
    try {
      // A player with a linked PlayStation account, signed in on their account page.
      const player = await pageInNewContext(browser, testInfo, { baseURL: server.url });
      const email = uniqueEmail(testInfo, 'console-player');
      await createAccount(player.request, email);
      await signInWithPassword(player, email, PASSWORD);
      await expect(player).toHaveURL(/\/account$/);
      await player.goto('/linked-accounts');
      await verifyEmailInDialog(player, player.request, email);
      const psnName = `Kratos${uniqueSuffix()}`;
      const row = player
        .getByRole('listitem')
        .filter({ has: player.getByRole('heading', { level: 2, name: 'PlayStation Network' }) });
      await signInInPlatformPopup(player, row.getByRole('button', { name: 'Connect' }), 'PlayStation Network', psnName);
      await expect(row.getByText(`Connected as ${psnName}`)).toBeVisible();
      await player.goto('/account');
      // The page has read the account before the server stops.
      await expect(player.locator('main nav a[href="/friends"]')).toBeVisible();

      // The first operator, from the command line (the server stopped: the embedded database is one process's).
      await server.stop();
      const adminEmail = `admin-${uniqueSuffix()}@ops.example.com`;
      const printed = admin(dataDir, 'operators', 'add', adminEmail, '--role', 'admin');
      const adminLink = printed.split('\n')[1] ?? '';
      expect(adminLink).toMatch(/\/console\/setup#os_/);
      server = await startPortalServer({}, { dataDir, port });

      const { page: adminPage } = await setUp(browser, testInfo, server.url, adminLink);
      await expect(adminPage.getByText(adminEmail)).toBeVisible();
      await expectNoAxeViolations(adminPage);
      // The link worked once.
      const again = await pageInNewContext(browser, testInfo, { baseURL: server.url });
      await again.goto(new URL(adminLink).pathname + new URL(adminLink).hash);
      await expect(again.getByRole('alert')).toContainText('This setup link is not valid any more');

      const supportEmail = `support-${uniqueSuffix()}@ops.example.com`;
      const viewerEmail = `viewer-${uniqueSuffix()}@ops.example.com`;
      const supportLink = await addOperator(adminPage, supportEmail, 'support');
      await screenshot(adminPage, testInfo, 'console-operators-desktop');
      await expectNoAxeViolations(adminPage);
      const viewerLink = await addOperator(adminPage, viewerEmail, 'viewer');
      await expect(adminPage.getByRole('row').filter({ hasText: viewerEmail })).toContainText('waiting for setup');

      // Support finds the player by the name of their PlayStation account.
      const { page: support } = await setUp(browser, testInfo, server.url, supportLink);
      await support.getByLabel('Email, display name or account id').fill(psnName.toLowerCase());
      await support.getByLabel('Platform').selectOption('psn');
      await support.getByRole('button', { name: 'Search' }).click();
      await expect(support).toHaveURL(/q=kratos.*platform=psn/i);
      const result = support.getByRole('row').filter({ hasText: email });
      await expect(result).toContainText(`psn: ${psnName}`);
      await expectNoAxeViolations(support);
      await result.getByRole('link').click();
      await expect(support.getByRole('heading', { level: 1 })).toContainText('active');
      await expect(support.getByRole('table', { name: 'Linked platforms' })).toContainText(psnName);
      // Back to the results and forward to the player again; a reload keeps the page.
      await support.goBack();
      await expect(support.getByRole('row').filter({ hasText: email })).toBeVisible();
      await support.goForward();
      await support.reload();
      await expect(support.getByRole('table', { name: 'Linked platforms' })).toContainText(psnName);

      // A ban without a reason is refused beside the field; with one, it is done.
      const actions = support.getByRole('region', { name: 'Act on this player' });
      await actions.getByLabel('Reason code').selectOption('cheating');
      await actions.getByLabel('Note to the player (optional, shown to them as written)').fill('Aimbot in ranked.');
      await actions.getByRole('button', { name: 'Ban' }).click();
      await expect(actions.getByText('Say why, in 3 characters or more')).toBeVisible();
      await actions.getByLabel('Reason (kept in the audit)').fill('ticket 812: aimbot reports');
      await actions.getByRole('button', { name: 'Ban' }).dblclick();
      await expect(actions.getByRole('status')).toContainText('Banned (cheating) without end');
      await expect(support.getByRole('heading', { level: 1 })).toContainText('banned');
      await expect(support.getByRole('table', { name: 'Bans and blocks, newest first' })).toContainText(supportEmail);
      await screenshot(support, testInfo, 'console-player-banned-desktop');

      // The player's open page: the next action lands on the page of the ban.
      await player.locator('main nav a[href="/friends"]').click({ timeout: 30_000 });
      await expect(player).toHaveURL(/\/account-restricted/);
      await expect(player.getByRole('main')).toContainText('Aimbot in ranked.');

      // The export: everything kept about the player, as a JSON file.
      const exportPanel = support.getByRole('region', { name: "Export the player's data" });
      await exportPanel.getByLabel('Reason (kept in the audit)').fill('GDPR request 77');
      const [download] = await Promise.all([
        support.waitForEvent('download'),
        exportPanel.getByRole('button', { name: 'Export data (JSON)' }).click(),
      ]);
      const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
      expect(exported.data.account.email).toBe(email);
      expect(exported.data.platform_links[0]).toMatchObject({ platform: 'psn', username: psnName });
      expect(JSON.stringify(exported)).not.toContain('argon2');

      // The viewer, at phone width: reads the player, has no actions, and the server refuses them one.
      const { page: viewer } = await setUp(browser, testInfo, server.url, viewerLink, devices['Pixel 7']);
      const playerId = new URL(support.url()).pathname.split('/').pop() ?? '';
      await viewer.goto(`/console/players/${playerId}`);
      await expect(viewer.getByText('Your role can read, not act.')).toBeVisible();
      await expect(viewer.getByRole('region', { name: 'Act on this player' })).toHaveCount(0);
      const refusal = await viewer.evaluate(async (id) => {
        const config = await (await fetch('/config.json')).json();
        const session = JSON.parse(localStorage.getItem('console.session') ?? '{}');
        const res = await fetch(`/api/console/players/${id}/actions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-hydra-api-key': config.apiKey,
            authorization: `Bearer ${session.token}`,
          },
          body: JSON.stringify({ action: 'unban', why: 'trying my luck' }),
        });
        return { status: res.status, body: await res.json() };
      }, playerId);
      expect(refusal).toMatchObject({ status: 403, body: { code: 'operator_role_refused' } });
      expect(await viewer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoAxeViolations(viewer);
      await screenshot(viewer, testInfo, 'console-player-viewer-phone');
      // The viewer has no operators or audit page.
      await expect(viewer.getByRole('link', { name: 'Audit' })).toHaveCount(0);

      // The admin's audit: who did what, and why.
      await adminPage.getByRole('link', { name: 'Audit' }).click();
      const audit = adminPage.getByRole('table', { name: /What operators did/ });
      await expect(audit.getByRole('row').filter({ hasText: 'player.ban' })).toContainText(supportEmail);
      await expect(audit.getByRole('row').filter({ hasText: 'player.ban' })).toContainText(
        'ticket 812: aimbot reports',
      );
      await expect(audit.getByRole('row').filter({ hasText: 'player.export' })).toContainText('GDPR request 77');
      await expect(
        audit.getByRole('row').filter({ hasText: 'operator.add' }).filter({ hasText: viewerEmail }),
      ).toContainText(adminEmail);
      await expect(audit.getByRole('row').filter({ hasText: 'player.ban' })).toHaveCount(1);
      await expectNoAxeViolations(adminPage);
      await screenshot(adminPage, testInfo, 'console-audit-desktop');

      // Signing out ends the session: the sign-in page, and a reload stays signed out.
      await adminPage.getByRole('button', { name: 'Sign out' }).click();
      await expect(
        adminPage.getByRole('heading', { level: 1, name: "Sign in to the operators' console" }),
      ).toBeVisible();
      await adminPage.reload();
      await expect(
        adminPage.getByRole('heading', { level: 1, name: "Sign in to the operators' console" }),
      ).toBeVisible();
      // And signing in again takes the password and a fresh code.
      await adminPage.getByLabel('Email').fill(adminEmail);
      await adminPage.getByLabel('Password').fill('not the password');
      await adminPage.getByLabel('Authenticator code').fill('123456');
      await adminPage.getByRole('button', { name: 'Sign in' }).click();
      await expect(adminPage.getByRole('alert')).toContainText('The address, password or code is not right.');
      await screenshot(adminPage, testInfo, 'console-sign-in-desktop');
    } finally {
      await server.stop();
    }
  },
);
