// Shared steps of the browser tests.
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';

/** An account as GET /api/accounts/me answers it. */
export const ACCOUNT = {
  id: '2f1c7a52-9d1e-4f7a-8a3c-1b2c3d4e5f60',
  public_id: 'P-2F1C7A52',
  email: 'star.pilot@example.com',
  email_pending: null,
  username: 'StarPilot',
  date_of_birth: '1990-04-01',
  email_verified: true,
  tos_consent_required: false,
  privacy_policy_consent_required: false,
  password_set: true,
  stub: false,
  completed: true,
  mfa_active: false,
  mfa: null,
  mfa_generated_at: null,
  registration_flagged: false,
  links: {},
  identity_links: [],
  avatar: null,
  locale: 'en-US',
  country: 'US',
  territory: null,
  username_updated_at: null,
  can_change_username: true,
  marketing_opt_in: false,
  game_links: [],
  email_notification_preferences: { friend_request: true },
};

/**
 * Starts the page with a session: tokens in localStorage and GET /api/accounts/me answering the
 * account. Sign-in itself arrives with the accounts work; until then the shell is tested this way.
 */
export async function withSession(page: Page, account: Record<string, unknown> = ACCOUNT) {
  await page.addInitScript(() => {
    localStorage.setItem('portal.accessToken', `at_${'a'.repeat(43)}`);
    localStorage.setItem('portal.refreshToken', `rt_${'r'.repeat(43)}`);
  });
  await page.route('**/api/accounts/me?*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(account) }),
  );
}

export async function expectNoAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export async function sessionValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => sessionStorage.getItem(k), key);
}

export const PASSWORD = 'Tq8#vLp2-Starfall';

export const uniqueEmail = (testInfo: TestInfo, tag: string) =>
  `${tag}-${testInfo.project.name}-${Date.now()}@example.com`;

/** The newest mail of a template sent to an address (waits for it to arrive in the dev outbox). */
export async function latestMail(request: APIRequestContext, email: string, template?: string) {
  let mail: { code: string | null; link: string | null } | undefined;
  await expect
    .poll(async () => {
      const mails = await (await request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).json();
      mail = mails.find((m: { template: string }) => template === undefined || m.template === template);
      return Boolean(mail);
    })
    .toBe(true);
  return mail as { code: string | null; link: string | null };
}

export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  const mail = await latestMail(request, email);
  expect(mail.code).toMatch(/^\d{6}$/);
  return mail.code as string;
}

/**
 * On the emailed-code registration step: enters the mailed code, agrees to the terms and creates the
 * account, which leads to the display-name step.
 */
export async function createAccountWithMailedCode(page: Page, request: APIRequestContext, email: string) {
  await expect(page).toHaveURL(/\/email-registration$/);
  await page.getByLabel('Code', { exact: true }).fill(await latestCode(request, email));
  await page.getByLabel('I agree to the Terms of Use').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/display-name$/);
}

/** Creates an account with PASSWORD through the API. */
export async function createAccount(request: APIRequestContext, email: string) {
  const { apiKey } = await (await request.get('/config.json')).json();
  const res = await request.post('/api/accounts?options=account&options=refresh_token', {
    headers: { 'x-hydra-api-key': apiKey, 'content-type': 'application/json' },
    data: {
      email,
      password: PASSWORD,
      country: 'US',
      date_of_birth: '1990-04-01',
      marketing_opt_in: false,
      tos_consent: true,
    },
  });
  expect(res.status()).toBe(201);
}

/** The path and query of a mailed link, to open it on the test server. */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Signs in through the sign-in pages with a password. */
export async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/sign-in?lang=en-US');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A new player with PASSWORD, signed in through the sign-in pages and on their account page. */
export async function signInNewPlayer(page: Page, request: APIRequestContext, email: string) {
  await createAccount(request, email);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
}

/** Headers of a JSON call to the API with the web app's key (as a game or a test would call it). */
export async function apiHeaders(request: APIRequestContext, accessToken?: string) {
  const { apiKey } = await (await request.get('/config.json')).json();
  return {
    'x-hydra-api-key': apiKey as string,
    'content-type': 'application/json',
    ...(accessToken ? { 'x-hydra-access-token': accessToken } : {}),
  };
}

/** Switches the page to another language with the header's picker (no reload: the flow state stays). */
export async function switchLanguage(page: Page, tag: string) {
  await page.locator('.language-picker select').selectOption(tag);
  await expect(page.locator('html')).toHaveAttribute('lang', tag);
}
