// A game signing a player in through /oauth (spec 000 §4 "OAuth authorize"): authorization code
// with PKCE S256 from a signed-out player (sign-in or registration on the way, with the game's
// welcome), a player already signed in, force_verify, and the errors shown without redirecting.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiHeaders,
  bornYearsAgo,
  createAccount,
  createAccountWithMailedCode,
  DEMO,
  demoFlaggedPlayer,
  DESKTOP_ONLY,
  expectNoAxeViolations,
  latestMail,
  PASSWORD,
  seedSignedInPlayer,
  signInWithPassword,
  switchLanguage,
  uniqueEmail,
  uniqueSuffix,
} from './helpers.ts';
import { gameRedirect, loopbackRedirect, pkce } from './game-redirect.ts';
import { screenshot } from './screenshots.ts';

const CLIENT_ID = 'starfall-legends-pc';

function oauthPath(params: Record<string, string>) {
  return `/oauth?${new URLSearchParams({ ...params, lang: 'en-US' }).toString()}`;
}

/** Redeems a code as the game does: with its verifier, client id and redirect URI. */
async function redeem(request: APIRequestContext, code: string, verifier: string, redirectUri: string) {
  return request.post('/api/sessions/auth/token', {
    headers: await apiHeaders(request),
    data: {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: CLIENT_ID,
      redirect_uri: redirectUri,
    },
  });
}

/** The game got a code and state at its redirect URI, and the code gives it tokens for `email`. */
async function expectGameSignedIn(
  request: APIRequestContext,
  arrived: Promise<URL>,
  pair: { verifier: string; redirectUri: string; state: string | null; email: string },
) {
  const url = await arrived;
  expect(`${url.origin}${url.pathname}`).toBe(pair.redirectUri);
  const code = url.searchParams.get('auth_code');
  expect(code).toBeTruthy();
  expect(url.searchParams.get('state')).toBe(pair.state);
  const answer = await redeem(request, code!, pair.verifier, pair.redirectUri);
  expect(answer.ok()).toBe(true);
  const tokens = await answer.json();
  expect(tokens.access_token).toEqual(expect.any(String));
  // The game's token reads the account it signed in.
  const me = await request.get('/api/accounts/me', { headers: await apiHeaders(request, tokens.access_token) });
  expect(me.ok()).toBe(true);
  expect((await me.json()).email).toBe(pair.email);
  // A code works once.
  expect((await redeem(request, code!, pair.verifier, pair.redirectUri)).ok()).toBe(false);
}

test('a signed-out player signs in on the way and the game gets its code and state', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'oauth');
  await createAccount(request, email);
  const { verifier, challenge } = pkce();
  const redirectUri = loopbackRedirect();
  const state = `state-${uniqueSuffix()}`;
  const { arrived } = await gameRedirect(page, redirectUri);
  await page.goto(
    oauthPath({
      client_id: CLIENT_ID,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      response_type: 'code',
      state,
    }),
  );
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByText('Welcome to Starfall Legends')).toBeVisible();
  await expect(page.getByText('Sign in or create an account to keep your progress on every platform.')).toBeVisible();
  await screenshot(page, testInfo, 'oauth-sign-in-en');
  await expectNoAxeViolations(page);
  // A reload keeps the request (sessionStorage).
  await page.reload();
  await expect(page.getByText('Welcome to Starfall Legends')).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectGameSignedIn(request, arrived, { verifier, redirectUri, state, email });
});

test(
  'a new player registers on the way (the sign-up link keeps the game) and the game gets its code',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'oauthnew');
    const { verifier, challenge } = pkce();
    const redirectUri = loopbackRedirect();
    const { arrived } = await gameRedirect(page, redirectUri);
    await page.goto(oauthPath({ client_id: CLIENT_ID, redirect_uri: redirectUri, code_challenge: challenge }));
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByRole('link', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(page.getByText('Welcome to Starfall Legends')).toBeVisible();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/age-and-location$/);
    await page.getByLabel('Date of birth').fill('06/15/1995');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The demo game prefers an emailed code.
    await createAccountWithMailedCode(page, request, email);
    await page.getByRole('button', { name: 'Update and continue' }).click();
    // No state sent: none comes back.
    await expectGameSignedIn(request, arrived, { verifier, redirectUri, state: null, email });
  },
);

test('a player already signed in goes straight back to the game', DESKTOP_ONLY, async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'oauthin');
  await seedSignedInPlayer(page, request, email);
  const { verifier, challenge } = pkce();
  const redirectUri = loopbackRedirect();
  const { arrived } = await gameRedirect(page, redirectUri);
  await page.goto(
    oauthPath({ client_id: CLIENT_ID, redirect_uri: redirectUri, code_challenge: challenge, state: 'a b&c' }),
  );
  await expectGameSignedIn(request, arrived, { verifier, redirectUri, state: 'a b&c', email });
});

test('force_verify makes a signed-in player confirm with an emailed code first', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'oauthverify');
  await seedSignedInPlayer(page, request, email);
  const { verifier, challenge } = pkce();
  const redirectUri = loopbackRedirect();
  const { arrived } = await gameRedirect(page, redirectUri);
  await page.goto(
    oauthPath({ client_id: CLIENT_ID, redirect_uri: redirectUri, code_challenge: challenge, force_verify: 'true' }),
  );
  await expect(page.getByRole('heading', { level: 1, name: "Confirm it's you" })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByText(`Signed in as`)).toBeVisible();
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  await screenshot(page, testInfo, 'oauth-verify-en');
  await expectNoAxeViolations(page);
  await page.getByLabel('Code', { exact: true }).fill('000000');
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill((await latestMail(request, email, 'sign_in_code')).code ?? '');
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expectGameSignedIn(request, arrived, { verifier, redirectUri, state: null, email });
});

test(
  '"use another account" signs out and takes the same request through sign-in',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    const first = uniqueEmail(testInfo, 'oauthfirst');
    const second = uniqueEmail(testInfo, 'oauthsecond');
    await seedSignedInPlayer(page, request, first);
    await createAccount(request, second);
    const { verifier, challenge } = pkce();
    const redirectUri = loopbackRedirect();
    const { arrived } = await gameRedirect(page, redirectUri);
    await page.goto(
      oauthPath({ client_id: CLIENT_ID, redirect_uri: redirectUri, code_challenge: challenge, force_verify: 'true' }),
    );
    await page.getByRole('button', { name: 'Not you? Use another account' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByText('Welcome to Starfall Legends')).toBeVisible();
    await page.getByLabel('Email address').fill(second);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Having just signed in, the player is not asked to confirm again.
    await expectGameSignedIn(request, arrived, { verifier, redirectUri, state: null, email: second });
  },
);

test.describe('errors show on the page and never redirect', () => {
  const { challenge } = pkce();

  async function expectError(page: Page, path: string, message: string) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: "We couldn't sign you in to the game" })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(page).toHaveURL(/\/oauth\?/);
  }

  test('a missing client id, redirect URI or challenge', async ({ page }, testInfo) => {
    await expectError(
      page,
      oauthPath({ redirect_uri: 'http://127.0.0.1/callback', code_challenge: challenge }),
      'The game did not say who it is.',
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await screenshot(page, testInfo, 'oauth-error-en');
    await expectNoAxeViolations(page);
    await switchLanguage(page, 'ar-AE');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await screenshot(page, testInfo, 'oauth-error-ar');
    await switchLanguage(page, 'en-US');
    await expectError(
      page,
      oauthPath({ client_id: CLIENT_ID, code_challenge: challenge }),
      'The game did not give a return address.',
    );
    await expectError(
      page,
      oauthPath({ client_id: CLIENT_ID, redirect_uri: 'http://127.0.0.1/callback' }),
      'The game did not send its sign-in check.',
    );
    await expectError(
      page,
      oauthPath({
        client_id: CLIENT_ID,
        redirect_uri: 'http://127.0.0.1/callback',
        code_challenge: challenge,
        code_challenge_method: 'plain',
      }),
      'The sign-in check of the game failed.',
    );
  });

  test('an unknown client and a redirect URI not registered for the client', DESKTOP_ONLY, async ({ page }) => {
    let redirected = false;
    await page.route('https://evil.example.com/**', (route) => {
      redirected = true;
      return route.abort();
    });
    await expectError(
      page,
      oauthPath({ client_id: 'no-such-game', redirect_uri: 'https://evil.example.com/cb', code_challenge: challenge }),
      'This game is not registered.',
    );
    await expectError(
      page,
      oauthPath({ client_id: CLIENT_ID, redirect_uri: 'https://evil.example.com/cb', code_challenge: challenge }),
      'The return address of this game is not valid.',
    );
    // Same host and port rule: only the port of a loopback URI may differ, not its path.
    await expectError(
      page,
      oauthPath({ client_id: CLIENT_ID, redirect_uri: 'http://127.0.0.1/callback/', code_challenge: challenge }),
      'The return address of this game is not valid.',
    );
    expect(redirected).toBe(false);
    // The error stays on reload, and the page offers a way on.
    await page.goto('/oauth?lang=en-US');
    await expect(page.getByRole('alert')).toHaveText('The return address of this game is not valid.');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test(
  'an under-age player of a mature game ends on the age gate, not at the game',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    // Fifteen: old enough for an account in the US, not for the demo's adult-only game.
    await seedSignedInPlayer(page, request, uniqueEmail(testInfo, 'oauthage'), { dateOfBirth: bornYearsAgo(15) });
    let redirected = false;
    const redirectUri = loopbackRedirect();
    await page.route(
      (url) => url.href.startsWith(redirectUri),
      (route) => {
        redirected = true;
        return route.abort();
      },
    );
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/sessions/authorize');
    await page.goto(
      oauthPath({ client_id: DEMO.matureGame.clientId, redirect_uri: redirectUri, code_challenge: pkce().challenge }),
    );
    expect((await (await refused).json()).code).toBe('age_gated');
    await expect(page.getByRole('heading', { level: 1, name: 'Sorry' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('This game is for players aged 18 or older.');
    expect(redirected).toBe(false);
  },
);

test(
  'a flagged account verifies its email first, then goes on to the game (rule 12)',
  DESKTOP_ONLY,
  async ({ page, request }, testInfo) => {
    // A registration-flagged demo player: the dashboard already asks to verify the address.
    const email = demoFlaggedPlayer(testInfo);
    await signInWithPassword(page, email, DEMO.password);
    await expect(page).toHaveURL(/\/verify-email\?account_flagged=true$/);
    const { verifier, challenge } = pkce();
    const redirectUri = loopbackRedirect();
    const { arrived } = await gameRedirect(page, redirectUri);
    // The server refuses the game a flagged account (1044) until the address is verified.
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/sessions/authorize');
    await page.goto(
      oauthPath({ client_id: CLIENT_ID, redirect_uri: redirectUri, code_challenge: challenge, state: 's1' }),
    );
    expect((await (await refused).json()).code).toBe('email_verification_required');
    await expect(page).toHaveURL(/\/verify-email\?account_flagged=true$/);
    await page.getByRole('button', { name: 'Send the code' }).click();
    await page.getByLabel('Code', { exact: true }).fill((await latestMail(request, email, 'verify_email')).code ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectGameSignedIn(request, arrived, { verifier, redirectUri, state: 's1', email });
  },
);
