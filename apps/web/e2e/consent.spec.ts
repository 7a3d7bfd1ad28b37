// New terms ask every account for consent again. Publishing them affects all accounts, so this
// runs in its own project after the others (playwright.config.ts): on a page of the portal, and in a
// game's OAuth and device sign-in (issue 29), where agreeing goes on with the game's flow.
import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiHeaders,
  createAccount,
  fillPasswordSignIn,
  PASSWORD,
  seedSignedInPlayer,
  uniqueEmail,
  uniqueSuffix,
} from './helpers.ts';

const CLIENT_ID = 'starfall-legends-pc';

test('new terms ask for consent again, then return to the page', async ({ page, request }, testInfo) => {
  await seedSignedInPlayer(page, request, uniqueEmail(testInfo, 'consent'));
  expect((await request.post('/dev/legal-documents/tos/publish')).status()).toBe(200);
  await page.goto('/friends?lang=en-US');
  await expect(page).toHaveURL(/\/update-consent$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please agree to Terms of Use')).toBeVisible();
  await page.getByLabel('I agree to the Terms of Use').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/friends\?lang=en-US$/);
});

// New terms in a game's sign-in (issue 29): update-consent goes on with the game's flow.

/** A PKCE pair (RFC 7636): a random verifier and its S256 challenge. */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The game's redirect (a loopback URI, any port): the browser's request to it is answered here. */
async function gameRedirect(page: Page): Promise<{ redirectUri: string; arrived: Promise<URL> }> {
  const redirectUri = `http://127.0.0.1:${40_000 + Math.floor(Math.random() * 10_000)}/callback`;
  let caught: (url: URL) => void = () => undefined;
  const arrived = new Promise<URL>((resolve) => (caught = resolve));
  await page.route(
    (url) => url.href.startsWith(redirectUri),
    async (route) => {
      caught(new URL(route.request().url()));
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Starfall Legends</title>Signed in' });
    },
  );
  return { redirectUri, arrived };
}

/** New terms are published: every account of this server is asked to agree to them again. */
async function publishNewTerms(request: APIRequestContext) {
  expect((await request.post('/dev/legal-documents/tos/publish')).status()).toBe(200);
}

async function agreeToNewTerms(page: Page) {
  await expect(page).toHaveURL(/\/update-consent$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review our updated terms' })).toBeVisible();
  await page.getByLabel('I agree to the Terms of Use').check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function signInOnTheWay(page: Page, email: string) {
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByText('Welcome to Starfall Legends')).toBeVisible();
  await fillPasswordSignIn(page, email, PASSWORD);
}

test("new terms in a game's sign-in: the player agrees to them and the game gets its code", async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'r5oauth');
  await createAccount(request, email);
  await publishNewTerms(request);
  const { verifier, challenge } = pkce();
  const { redirectUri, arrived } = await gameRedirect(page);
  const state = `state-${uniqueSuffix()}`;
  await page.goto(
    `/oauth?${new URLSearchParams({ client_id: CLIENT_ID, redirect_uri: redirectUri, code_challenge: challenge, state, lang: 'en-US' })}`,
  );
  await signInOnTheWay(page, email);
  await agreeToNewTerms(page);
  const url = await arrived;
  expect(url.searchParams.get('state')).toBe(state);
  const redeemed = await request.post('/api/sessions/auth/token', {
    headers: await apiHeaders(request),
    data: {
      grant_type: 'authorization_code',
      code: url.searchParams.get('auth_code'),
      code_verifier: verifier,
      client_id: CLIENT_ID,
      redirect_uri: redirectUri,
    },
  });
  expect(redeemed.ok()).toBe(true);
  const me = await request.get('/api/accounts/me', {
    headers: await apiHeaders(request, (await redeemed.json()).access_token),
  });
  expect(await me.json()).toMatchObject({ email, tos_consent_required: false });
});

test('new terms in a device sign-in: the player agrees to them and the device is signed in', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'r5device');
  await createAccount(request, email);
  await publishNewTerms(request);
  const started = await request.post('/api/sessions/device', {
    headers: await apiHeaders(request),
    data: { client_id: CLIENT_ID, device_name: 'Living-room PS5' },
  });
  expect(started.ok()).toBe(true);
  const device = (await started.json()) as { device_code: string; user_code: string };
  await page.goto(`/device?user_code=${device.user_code}&lang=en-US`);
  await page.getByRole('button', { name: 'Approve' }).click();
  await signInOnTheWay(page, email);
  await agreeToNewTerms(page);
  await expect(page).toHaveURL(/\/device-success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your device is signed in' })).toBeVisible();
  const polled = await request.post('/api/sessions/auth/token', {
    headers: await apiHeaders(request),
    data: { grant_type: 'device_code', code: device.device_code },
  });
  expect(polled.ok()).toBe(true);
  const me = await request.get('/api/accounts/me', {
    headers: await apiHeaders(request, (await polled.json()).access_token),
  });
  expect(await me.json()).toMatchObject({ email, tos_consent_required: false });
});
