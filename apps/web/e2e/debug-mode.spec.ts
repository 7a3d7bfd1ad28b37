// Debug mode: the environment bar and switcher, and the debug session settings of the dev tools.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, withSession } from './helpers.ts';
import { screenshot } from './screenshots.ts';

async function debugMode(page: Page) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), debug: 'enabled' } });
  });
  await page.route('**/api/settings/public?*', async (route) => {
    const response = await route.fetch();
    const settings = await response.json();
    const apiKey = (await (await page.request.get('/config.json')).json()).apiKey;
    settings.environments = [
      { name: 'Local', apiKey, color: '#f47e2a', service: '/api' },
      {
        name: 'Staging',
        apiKey: 'ag-portal-staging-key',
        color: '#3b82f6',
        service: 'https://staging.example.com/api',
      },
    ];
    await route.fulfill({ response, json: settings });
  });
}

test('debug mode shows the environment bar with a switcher', async ({ page }, testInfo) => {
  await debugMode(page);
  await page.goto('/home?lang=en-US');
  await expect(page.getByText('Environment: Local')).toBeVisible();
  const switcher = page.getByRole('combobox', { name: 'Switch environment' });
  await expect(switcher.locator('option')).toHaveText(['Local', 'Staging']);
  await screenshot(page, testInfo, 'debug-bar-en');
  await expectNoAxeViolations(page);
});

test('without debug mode there is no environment bar', async ({ page }) => {
  await page.goto('/home?lang=en-US');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Environment: Local')).toHaveCount(0);
});

test('a debug session setting is honoured: registration-flagged sends the dashboard to email verification', async ({
  page,
}, testInfo) => {
  await debugMode(page);
  await withSession(page);
  await page.goto('/dev-tools?lang=en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Developer tools' })).toBeVisible();
  await page.getByLabel('Email address').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Show mails' }).click();
  await expect(page.getByText('No mails to this address yet.')).toBeVisible();
  await screenshot(page, testInfo, 'dev-tools-en');
  await expectNoAxeViolations(page);
  await page.getByLabel('Treat the account as registration-flagged').check();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/verify-email\?account_flagged=true$/);
});
