// Shared steps of the browser tests.
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { APIRequestContext, Browser, BrowserContextOptions, Page, TestInfo } from '@playwright/test';
import { KEYS } from '../src/lib/storage.ts';

export async function expectNoAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export async function sessionValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => sessionStorage.getItem(k), key);
}

export const PASSWORD = 'Tq8#vLp2-Starfall';

/** A few random letters, so that names made in the same millisecond (other projects, retries, repeats) differ. */
export const uniqueSuffix = () => randomBytes(4).toString('hex');

export const uniqueEmail = (testInfo: TestInfo, tag: string) =>
  `${tag}-${testInfo.project.name}-${Date.now()}-${uniqueSuffix()}@example.com`;

/** A display name nobody else has (letters and digits, at most 16). */
export const uniqueUsername = (prefix: string) => `${prefix}${uniqueSuffix()}`.slice(0, 16);

/**
 * The details of a test of behaviour rather than layout (a redirect, an error answer, what reaches
 * the server): the desktop project runs it, the phone project leaves it out (playwright.config.ts).
 * Every screen keeps a test at phone width, with its screenshot and axe check.
 */
export const DESKTOP_ONLY = { tag: '@desktop-only' };

/** How long a mail may take to reach the dev outbox on a busy machine (it is looked for until then). */
const MAIL_TIMEOUT_MS = 20_000;

/** The newest mail of a template sent to an address (waits for it to arrive in the dev outbox). */
export async function latestMail(request: APIRequestContext, email: string, template?: string) {
  let mail: { code: string | null; link: string | null } | undefined;
  await expect
    .poll(
      async () => {
        const mails = await (await request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).json();
        mail = mails.find((m: { template: string }) => template === undefined || m.template === template);
        return Boolean(mail);
      },
      { message: `a ${template ?? ''} mail to ${email}`, timeout: MAIL_TIMEOUT_MS },
    )
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

/** The date of birth (yyyy-MM-dd) of someone who turned `years` old this year, on 1 January. */
export const bornYearsAgo = (years: number) => `${new Date().getFullYear() - years}-01-01`;

/**
 * Creates an account with PASSWORD through the API: an adult in the US unless told otherwise, with
 * a display name the server picks unless one is given.
 */
export async function createAccount(
  request: APIRequestContext,
  email: string,
  options: { username?: string; dateOfBirth?: string } = {},
) {
  const { apiKey } = await (await request.get('/config.json')).json();
  const res = await request.post('/api/accounts?options=account&options=refresh_token', {
    headers: { 'x-hydra-api-key': apiKey, 'content-type': 'application/json' },
    data: {
      email,
      password: PASSWORD,
      country: 'US',
      date_of_birth: options.dateOfBirth ?? '1990-04-01',
      marketing_opt_in: false,
      tos_consent: true,
      ...(options.username ? { username: options.username } : {}),
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as {
    access_token: string;
    refresh_token: string;
    account: { id: string; username: string };
  };
}

/** A real friend request: a new player invites the given account (POST /friends/me/invitations). */
export async function sendFriendRequest(request: APIRequestContext, testInfo: TestInfo, toAccountId: string) {
  const sender = await createAccount(request, uniqueEmail(testInfo, 'buddy'));
  const sent = await request.post('/api/friends/me/invitations', {
    headers: await apiHeaders(request, sender.access_token),
    data: { account_id: toAccountId },
  });
  expect(sent.status()).toBe(201);
  return sender;
}

/** The path and query of a mailed link, to open it on the test server. */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Signs in through the sign-in pages with a password. */
export async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/sign-in?lang=en-US');
  await fillPasswordSignIn(page, email, password);
}

/** Three wrong passwords in a row: the account is soft-locked (1220). */
export async function lockBySignIns(page: Page, email: string) {
  for (let i = 0; i < 3; i++) {
    await signInWithPassword(page, email, 'Wrong#Passw0rd');
    await expect(page.getByRole('alert')).toBeVisible();
  }
}

/** Fills the sign-in page already open (email, then password) and signs in. */
export async function fillPasswordSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A new player with PASSWORD, signed in through the sign-in pages and on their account page. */
export async function signInNewPlayer(
  page: Page,
  request: APIRequestContext,
  email: string,
  options: Parameters<typeof createAccount>[2] = {},
) {
  await createAccount(request, email, options);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
}

/**
 * A new player with PASSWORD, signed in without the sign-in pages: registered through the API
 * (createAccount), whose answer's tokens are put where the web app keeps them after a sign-in
 * (localStorage, lib/auth/session-store.ts), then `path` is opened (the account page by default) and
 * the signed-in header shows. For tests that start from a signed-in player; the sign-in pages have
 * their own journeys (signInNewPlayer, accounts.spec.ts).
 */
export async function seedSignedInPlayer(
  page: Page,
  request: APIRequestContext,
  email: string,
  options: Parameters<typeof createAccount>[2] & { path?: string } = {},
) {
  const created = await createAccount(request, email, options);
  // Storage belongs to the origin: a light page of it first (its JSON), then the tokens.
  await page.goto('/healthz');
  await page.evaluate(
    ({ keys, tokens }) => {
      localStorage.setItem(keys.access, tokens.access);
      localStorage.setItem(keys.refresh, tokens.refresh);
    },
    {
      keys: { access: KEYS.accessToken, refresh: KEYS.refreshToken },
      tokens: { access: created.access_token, refresh: created.refresh_token },
    },
  );
  await page.goto(options.path ?? '/account?lang=en-US');
  await expect(page.locator('.account-menu > button')).toHaveText(created.account.username);
  return created;
}

/**
 * A page in a browser context of its own (a second player, another device): the project's device
 * unless another is given, on the project's server unless `baseURL` names another.
 */
export async function pageInNewContext(
  browser: Browser,
  testInfo: TestInfo,
  options: { baseURL?: string | undefined; device?: BrowserContextOptions | undefined } = {},
): Promise<Page> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = options.device ?? testInfo.project.use;
  const baseURL = options.baseURL ?? testInfo.project.use.baseURL;
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL });
  return context.newPage();
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

/**
 * What the demo seed gives a development or test server (README "Demo data"; apps/server/src/seed):
 * players in states the product reaches only over time, a game for adults only, a game asking for
 * an age bracket, and an expired device code.
 */
export const DEMO = {
  /** The password of every demo player. */
  password: 'Tq8#vLp2-Starfall',
  /** Registered before the terms in force: asked to agree to them first. */
  newTermsPlayer: 'new-terms@demo.example.com',
  /** For adults only (mature_audience), prefers a password, counts down 60 s after a device sign-in. */
  matureGame: { slug: 'ashen-crown', clientId: 'ashen-crown-pc', name: 'Ashen Crown' },
  /** Asks for an age bracket (under 13, 13 to 17, 18 or older) instead of the date of birth. */
  ageBracketsGame: { slug: 'pocket-planets', name: 'Pocket Planets' },
  /** A device code of the demo game that has expired. */
  expiredUserCode: 'XPRXPRXPR',
} as const;

/**
 * A registration-flagged demo player of this project. Verifying the address lifts the flag, so the
 * seed has one for each project that runs the same test against the same server.
 */
export function demoFlaggedPlayer(testInfo: TestInfo): string {
  const number = ({ desktop: 1, phone: 2 } as Record<string, number>)[testInfo.project.name];
  if (number === undefined) throw new Error(`no flagged demo player for the project ${testInfo.project.name}`);
  return `flagged-${number}@demo.example.com`;
}

/** The verify-email dialog that is open: sends the code, and types the one from the outbox. */
export async function verifyEmailInDialog(page: Page, request: APIRequestContext, email: string) {
  const verify = page.getByRole('dialog', { name: 'Verify your email address' });
  await verify.getByRole('button', { name: 'Send the code' }).click();
  await verify.getByLabel('Code', { exact: true }).fill((await latestMail(request, email, 'verify_email')).code ?? '');
  await verify.getByRole('button', { name: 'Verify' }).click();
}
