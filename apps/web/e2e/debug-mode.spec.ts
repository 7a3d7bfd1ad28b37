// Debug mode: the environment bar and switcher, and the debug session settings of the dev tools,
// on a server started with DEBUG=enabled (its /config.json and /api/settings/public as they are).
import { expect, test } from '@playwright/test';
import { DESKTOP_ONLY, expectNoAxeViolations, seedSignedInPlayer, uniqueEmail } from './helpers.ts';
import { testWithOwnServer } from './own-server.ts';
import { screenshot } from './screenshots.ts';

const debugTest = testWithOwnServer({ DEBUG: 'enabled' });

// The file's tests share one server a project (one worker), rather than one a worker.
test.describe.configure({ mode: 'default' });

debugTest('debug mode shows the environment bar with a switcher', async ({ page }, testInfo) => {
  await page.goto('/home?lang=en-US');
  await expect(page.getByText('Environment: Local')).toBeVisible();
  const switcher = page.getByRole('combobox', { name: 'Switch environment' });
  // The environments of the demo seed.
  await expect(switcher.locator('option')).toHaveText(['Local', 'Staging', 'Integration']);
  await screenshot(page, testInfo, 'debug-bar-en');
  await expectNoAxeViolations(page);
});

test('without debug mode there is no environment bar', DESKTOP_ONLY, async ({ page }) => {
  await page.goto('/home?lang=en-US');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Environment: Local')).toHaveCount(0);
});

debugTest(
  'a debug session setting is honoured: registration-flagged sends the dashboard to email verification',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    await seedSignedInPlayer(page, request, uniqueEmail(testInfo, 'debugflag'));
    await page.goto('/dev-tools?lang=en-US');
    await expect(page.getByRole('heading', { level: 1, name: 'Developer tools' })).toBeVisible();
    await page.getByLabel('Email address').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Show mails' }).click();
    await expect(page.getByText('No mails to this address yet.')).toBeVisible();
    await screenshot(page, testInfo, 'dev-tools-en');
    await expectNoAxeViolations(page);
    const flagged = page.getByLabel('Treat the account as registration-flagged');
    await flagged.check();
    await expect(flagged).toBeChecked();
    await page.goto('/account');
    await expect(page).toHaveURL(/\/verify-email\?account_flagged=true$/);
  },
);
