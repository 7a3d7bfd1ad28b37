// Steps at the sandbox platforms the test server mounts (platforms/sandbox): signing in in a
// platform's popup, and getting a code from a short-code platform's page.
import { expect } from '@playwright/test';
import type { BrowserContext, Locator, Page } from '@playwright/test';

/** Clicks `trigger`, which opens the platform's popup, and signs in there as `username`. */
export async function signInInPlatformPopup(page: Page, trigger: Locator, platform: string, username: string) {
  const popup = await openPlatformPopup(page, trigger, platform);
  await signInOnPlatformPage(popup, platform, username);
}

/** Clicks `trigger`, which opens the platform's popup, and answers the popup once it shows the platform's sign-in page. */
export async function openPlatformPopup(page: Page, trigger: Locator, platform: string): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), trigger.click()]);
  await expect(popup.getByRole('heading', { name: `Sandbox: ${platform}` })).toBeVisible();
  return popup;
}

/** In a popup at the platform's sign-in page: signs in as `username`; the popup then closes itself. */
export async function signInOnPlatformPage(popup: Page, platform: string, username: string) {
  await popup.getByLabel(`User name on ${platform}`).fill(username);
  // The popup closes itself once back at the portal, maybe before the click returns.
  await popup.getByRole('button', { name: 'Sign in' }).click({ noWaitAfter: true });
  await expect.poll(() => popup.isClosed()).toBe(true);
}

/** Clicks `link`, which opens the platform's code page in a new tab, and answers the code it shows `username`. */
export async function codeFromPlatformPage(
  context: BrowserContext,
  link: Locator,
  platform: string,
  username: string,
): Promise<string> {
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.getByLabel(`User name on ${platform}`).fill(username);
  await tab.getByRole('button', { name: 'Get a code' }).click();
  const code = (await tab.getByLabel('Your code').textContent()) ?? '';
  await tab.close();
  return code;
}
