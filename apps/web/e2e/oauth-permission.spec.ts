// Consent per client and prompt (issue 32), through the standard door a game's OAuth library uses
// (/oauth2/authorize): an app that is not the publisher's own asks the player once per grant, what
// it asks for in plain words; the player allows (the game gets its code and the issuer) or not
// (access_denied). prompt=none never shows a page: the game hears login_required or consent_required.
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import {
  apiHeaders,
  DESKTOP_ONLY,
  expectNoAxeViolations,
  seedSignedInPlayer,
  switchLanguage,
  uniqueEmail,
} from './helpers.ts';
import { gameRedirect, loopbackRedirect, pkce } from './game-redirect.ts';
import { screenshot } from './screenshots.ts';

const THIRD_PARTY = 'starfall-tracker';
const FIRST_PARTY = 'starfall-legends-pc';

function authorizePath(clientId: string, redirectUri: string, challenge: string, extra: Record<string, string> = {}) {
  return `/oauth2/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: 'openid profile',
    state: 'st-1',
    ...extra,
  }).toString()}`;
}

/** The game redeems its code at the standard token endpoint, as its OAuth library would. */
async function redeem(
  request: APIRequestContext,
  clientId: string,
  code: string,
  verifier: string,
  redirectUri: string,
) {
  return request.post('/oauth2/token', {
    form: {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    },
  });
}

test('an app of a third party asks once; allowed, the game gets its code and the issuer', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  await seedSignedInPlayer(page, request, uniqueEmail(testInfo, 'consent3p'));
  const { verifier, challenge } = pkce();
  const redirectUri = loopbackRedirect();
  const { arrived } = await gameRedirect(page, redirectUri);
  await page.goto(authorizePath(THIRD_PARTY, redirectUri, challenge));
  const heading = page.getByRole('heading', { name: 'Allow Starfall Tracker (community app) to use your account?' });
  await expect(heading).toBeVisible();
  await expect(page.getByText('is made by someone else, not by the makers of Starfall Legends')).toBeVisible();
  await expect(page.locator('.consent-scopes li')).toHaveText([
    'Sign you in with your account',
    'Know which account is yours (your account ID)',
    'See your display name and language',
  ]);
  await expect(
    page.getByText('until you remove it under Connected games on your Password and security page'),
  ).toBeVisible();
  await screenshot(page, testInfo, 'oauth-consent-en');
  await expectNoAxeViolations(page);
  // A reload asks again: nothing was given yet.
  await page.reload();
  await expect(heading).toBeVisible();
  await page.getByRole('button', { name: 'Allow', exact: true }).dblclick();
  const url = await arrived;
  expect(url.searchParams.get('state')).toBe('st-1');
  expect(url.searchParams.get('iss')).toBe(new URL(baseURL ?? '').origin);
  const code = url.searchParams.get('code') ?? '';
  await page.waitForURL((landed) => landed.href.startsWith(redirectUri));
  const tokens = await redeem(request, THIRD_PARTY, code, verifier, redirectUri);
  expect(tokens.ok()).toBe(true);
  expect((await tokens.json()).id_token).toEqual(expect.any(String));

  // The next sign-in of the same app goes straight back: the grant holds.
  const again = pkce();
  const secondRedirect = loopbackRedirect();
  const second = await gameRedirect(page, secondRedirect);
  // The page sends the browser on before it has finished loading.
  await page.goto(authorizePath(THIRD_PARTY, secondRedirect, again.challenge), { waitUntil: 'commit' });
  expect((await second.arrived).searchParams.get('code')).toBeTruthy();
});

test('declined, the game hears access_denied with its state', DESKTOP_ONLY, async ({ page, request }, testInfo) => {
  await seedSignedInPlayer(page, request, uniqueEmail(testInfo, 'consentno'));
  const { challenge } = pkce();
  const redirectUri = loopbackRedirect();
  const { arrived } = await gameRedirect(page, redirectUri);
  await page.goto(authorizePath(THIRD_PARTY, redirectUri, challenge));
  await page.getByRole('button', { name: "Don't allow" }).click();
  const url = await arrived;
  expect(url.searchParams.get('error')).toBe('access_denied');
  expect(url.searchParams.get('state')).toBe('st-1');
  expect(url.searchParams.get('code')).toBeNull();
});

test(
  'signed out in another tab meanwhile, Allow takes the player to sign in with the request kept',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const created = await seedSignedInPlayer(page, request, uniqueEmail(testInfo, 'consentout'));
    const { challenge } = pkce();
    const redirectUri = loopbackRedirect();
    await gameRedirect(page, redirectUri);
    await page.goto(authorizePath(THIRD_PARTY, redirectUri, challenge));
    await expect(page.getByRole('button', { name: 'Allow', exact: true })).toBeVisible();
    // Another tab signs the player out.
    const signedOut = await request.delete('/api/sessions', {
      headers: await apiHeaders(request, created.access_token),
    });
    expect(signedOut.ok()).toBe(true);
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByText('Welcome to Starfall Legends')).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  },
);

test('the consent screen in Arabic reads right to left', async ({ page, request }, testInfo) => {
  await seedSignedInPlayer(page, request, uniqueEmail(testInfo, 'consentar'));
  const { challenge } = pkce();
  const redirectUri = loopbackRedirect();
  await gameRedirect(page, redirectUri);
  await page.goto(authorizePath(THIRD_PARTY, redirectUri, challenge, { scope: 'openid profile offline_access' }));
  await expect(page.getByRole('button', { name: 'Allow', exact: true })).toBeVisible();
  await switchLanguage(page, 'ar-AE');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.consent-scopes li')).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Allow', exact: true })).toHaveCount(0);
  await screenshot(page, testInfo, 'oauth-consent-ar');
  await expectNoAxeViolations(page);
});

test.describe('prompt=none shows nothing', () => {
  test('signed out: the game hears login_required', DESKTOP_ONLY, async ({ page }) => {
    const { challenge } = pkce();
    const redirectUri = loopbackRedirect();
    const { arrived } = await gameRedirect(page, redirectUri);
    await page.goto(authorizePath(FIRST_PARTY, redirectUri, challenge, { prompt: 'none' }));
    const url = await arrived;
    expect(url.searchParams.get('error')).toBe('login_required');
    expect(url.searchParams.get('state')).toBe('st-1');
    expect(url.searchParams.get('iss')).toBeTruthy();
  });

  test(
    'signed in: a first-party game gets its code, a third party without a grant hears consent_required',
    DESKTOP_ONLY,
    async ({ page, request }, testInfo) => {
      await seedSignedInPlayer(page, request, uniqueEmail(testInfo, 'promptnone'));
      const first = pkce();
      const firstRedirect = loopbackRedirect();
      const game = await gameRedirect(page, firstRedirect);
      await page.goto(authorizePath(FIRST_PARTY, firstRedirect, first.challenge, { prompt: 'none' }));
      expect((await game.arrived).searchParams.get('code')).toBeTruthy();
      // The browser has landed at the game before the next sign-in starts.
      await page.waitForURL((url) => url.href.startsWith(firstRedirect));
      const app = pkce();
      const appRedirect = loopbackRedirect();
      const answered = await gameRedirect(page, appRedirect);
      await page.goto(authorizePath(THIRD_PARTY, appRedirect, app.challenge, { prompt: 'none' }));
      expect((await answered.arrived).searchParams.get('error')).toBe('consent_required');
    },
  );
});
