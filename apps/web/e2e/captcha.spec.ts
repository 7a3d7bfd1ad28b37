// A captcha from the web app (issue 13): with CAPTCHA_PROVIDER=turnstile the registration and
// password sign-in pages render the provider's widget and send its token in X-Captcha-Response, and
// the server checks it with the configured verifier. No internet here: the provider is a real local
// peer (peers/captcha-peer.ts) serving the widget script at CAPTCHA_SCRIPT_URL and the siteverify
// protocol at CAPTCHA_VERIFY_URL, and the portal runs as its own server process with those settings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { englishErrorMessages } from '@portal/contract/errors/english';
import { expect, test as base } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DESKTOP_ONLY, expectNoAxeViolations, latestCode, PASSWORD, switchLanguage, uniqueEmail } from './helpers.ts';
import { startCaptchaPeer } from './peers/captcha-peer.ts';
import type { CaptchaPeer } from './peers/captcha-peer.ts';
import { startPortalServer } from './peers/portal-server.ts';
import { screenshot } from './screenshots.ts';
import { OWN_SERVER_FIXTURE_MS } from './time-limits.ts';

const SECRET = 'e2e-captcha-secret';
const SITE_KEY = 'e2e-site-key';
const messages = (path: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', path), 'utf8')) as Record<string, string>;
const en = messages('apps/web/src/locales/en-US/common.json');
const ar = messages('apps/web/src/locales/ar-AE/common.json');
const arErrors = messages('packages/contract/src/errors/messages/ar-AE.json');
const CAPTCHA_FAILED = englishErrorMessages()['error.captcha_failed']!;

// One local provider and one portal server (captcha on) per worker; baseURL points the page and the
// request fixture at that server.
const test = base.extend<{ peer: CaptchaPeer }, { captcha: { peer: CaptchaPeer; url: string } }>({
  captcha: [
    // Playwright reads a fixture's dependencies from its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const peer = await startCaptchaPeer(SECRET);
      const server = await startPortalServer({
        CAPTCHA_PROVIDER: 'turnstile',
        CAPTCHA_SECRET: SECRET,
        CAPTCHA_SITE_KEY: SITE_KEY,
        CAPTCHA_VERIFY_URL: peer.verifyUrl,
        CAPTCHA_SCRIPT_URL: peer.scriptUrl,
      });
      await use({ peer, url: server.url });
      await server.stop();
      await peer.close();
    },
    { scope: 'worker', timeout: OWN_SERVER_FIXTURE_MS },
  ],
  baseURL: async ({ captcha }, use) => use(captcha.url),
  peer: async ({ captcha }, use) => use(captcha.peer),
});

// The file's tests share the worker's server (one start per project, even under fullyParallel).
test.describe.configure({ mode: 'default' });

/** The provider's widget frame on the page, and its checkbox (ticking it gets a token). */
const widgetFrame = (page: Page, peer: CaptchaPeer) => page.frameLocator(`iframe[src^="${peer.origin}/turnstile/"]`);
const widgetCheckbox = (page: Page, peer: CaptchaPeer) => widgetFrame(page, peer).getByRole('checkbox');

/**
 * Sends the form with its button from the keyboard. (A mouse click right after Playwright scrolls the
 * button into view can land on the widget's frame: Chromium's hit-test data of a cross-origin frame
 * lags an instant scroll by a frame. A person's scroll never races a click that way.)
 */
async function submitWith(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await button.focus();
  await button.press('Enter');
}

/** Ticks the widget and waits for the token it hands the page; returns that token. */
async function passWidget(page: Page, peer: CaptchaPeer, withKeyboard = false): Promise<string> {
  const before = peer.issued.length;
  const box = widgetCheckbox(page, peer);
  if (withKeyboard) await box.press('Space');
  else await box.check();
  await expect(box).toBeChecked();
  // The frame says so once it has handed the token to the page.
  await expect(widgetFrame(page, peer).getByRole('status')).toHaveText(/Success!|تم!/);
  expect(peer.issued).toHaveLength(before + 1);
  return peer.issued.at(-1)!;
}

test('registration from the web: a failing verifier shows the captcha message, a passing one registers', async ({
  page,
  request,
  peer,
}, testInfo) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  const email = uniqueEmail(testInfo, 'captcha-reg');
  await page.goto('/sign-up?lang=en-US');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/age-and-location/);
  await page.getByLabel('Date of birth').fill('06/15/1995');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/email-registration$/);

  // The page loads the provider's script (explicit rendering) and shows its widget, labelled.
  await expect(page.getByRole('group', { name: en['captcha.label'] })).toBeVisible();
  await expect(widgetCheckbox(page, peer)).toBeVisible();
  expect(scripts.filter((url) => url.startsWith(peer.origin))).toHaveLength(1);
  expect(new URL(scripts.find((url) => url.startsWith(peer.origin))!).searchParams.get('render')).toBe('explicit');

  const code = await latestCode(request, email);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('I agree to the Terms of Use').check();

  // Sent before the check: the widget asks for it, and nothing reaches the verifier.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(en['captcha.required']!)).toBeVisible();
  expect(peer.verifications).toHaveLength(0);

  // The verifier fails this token: the 1200-1204 message shows, the widget resets, the typed data stays.
  peer.failNext = 1;
  const first = await passWidget(page, peer);
  await expect(page.getByText(en['captcha.required']!)).toBeHidden();
  await submitWith(page, 'Create account');
  await expect(page.getByRole('alert')).toHaveText(CAPTCHA_FAILED);
  expect(peer.verifications).toEqual([
    {
      secret: SECRET,
      response: first,
      remoteip: '127.0.0.1',
      answer: { success: false, 'error-codes': ['invalid-input-response'] },
    },
  ]);
  await expect(widgetCheckbox(page, peer)).not.toBeChecked();
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue(code);
  await expect(page.getByLabel('I agree to the Terms of Use')).toBeChecked();
  await expect(page).toHaveURL(/\/email-registration$/);
  await screenshot(page, testInfo, 'captcha-registration-failed-en');
  await expectNoAxeViolations(page);

  // A new check (by keyboard) and the verifier passes it: the same player is registered.
  const second = await passWidget(page, peer, true);
  expect(second).not.toBe(first);
  await submitWith(page, 'Create account');
  await expect(page).toHaveURL(/\/display-name$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Account Has Been Created!' })).toBeVisible();
  expect(peer.verifications.at(-1)).toEqual({
    secret: SECRET,
    response: second,
    remoteip: '127.0.0.1',
    answer: { success: true },
  });
});

test('password sign-in sends the widget token in Arabic too; a failed check resets the widget', async ({
  page,
  request,
  peer,
}, testInfo) => {
  // The account, created through the API with a token of the provider (as the web app would send it).
  const email = uniqueEmail(testInfo, 'captcha-signin');
  const token = (await (await request.post(`${peer.origin}/turnstile/token`)).json()) as { token: string };
  const { apiKey } = (await (await request.get('/config.json')).json()) as { apiKey: string };
  const created = await request.post('/api/accounts?options=account&options=refresh_token', {
    headers: { 'x-hydra-api-key': apiKey, 'content-type': 'application/json', 'x-captcha-response': token.token },
    data: {
      email,
      password: PASSWORD,
      country: 'US',
      date_of_birth: '1990-04-01',
      marketing_opt_in: false,
      tos_consent: true,
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/sign-in?lang=en-US');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/password-sign-in$/);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(widgetCheckbox(page, peer)).toBeVisible();
  await screenshot(page, testInfo, 'captcha-sign-in-en');

  // In Arabic (right to left) the widget is rendered again in the provider's Arabic.
  await switchLanguage(page, 'ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator(`iframe[src^="${peer.origin}/turnstile/"]`)).toHaveAttribute(
    'src',
    /language=ar&theme=dark$/,
  );
  await expect(page.getByRole('group', { name: ar['captcha.label'] })).toBeVisible();
  await expect(page.getByLabel(ar['form.password']!, { exact: true })).toHaveValue(PASSWORD);

  peer.failNext = 1;
  const before = peer.verifications.length;
  const first = await passWidget(page, peer);
  await submitWith(page, ar['signIn.submit']!);
  await expect(page.getByRole('alert')).toHaveText(arErrors['error.captcha_failed']!);
  await expect(widgetCheckbox(page, peer)).not.toBeChecked();
  await expect(page).toHaveURL(/\/password-sign-in$/);
  await screenshot(page, testInfo, 'captcha-sign-in-failed-ar');
  await expectNoAxeViolations(page);

  const second = await passWidget(page, peer);
  await submitWith(page, ar['signIn.submit']!);
  await expect(page).toHaveURL(/\/account$/);
  expect(peer.verifications.slice(before).map((v) => [v.secret, v.response, v.answer.success])).toEqual([
    [SECRET, first, false],
    [SECRET, second, true],
  ]);
});

test(
  'the portal allows the widget script and frame in its Content-Security-Policy only when configured',
  DESKTOP_ONLY,
  async ({ request, peer, playwright }, testInfo) => {
    const csp = (await request.get('/sign-in')).headers()['content-security-policy']!;
    expect(csp).toContain(`script-src 'self' https://challenges.cloudflare.com ${peer.origin}`);
    expect(csp).toContain(`frame-src 'self' https://challenges.cloudflare.com ${peer.origin}`);
    expect(((await (await request.get('/config.json')).json()) as { captcha: unknown }).captcha).toEqual({
      provider: 'turnstile',
      siteKey: SITE_KEY,
      scriptUrl: peer.scriptUrl,
    });

    // The suite's usual server runs without a captcha: no widget, no provider host, nothing extra.
    const plain = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const plainCsp = (await plain.get('/sign-in')).headers()['content-security-policy']!;
    expect(plainCsp).toContain("script-src 'self';");
    expect(plainCsp).not.toContain('frame-src');
    expect(plainCsp).not.toContain('cloudflare');
    expect(((await (await plain.get('/config.json')).json()) as { captcha?: unknown }).captcha).toBeUndefined();
    await plain.dispose();
  },
);
