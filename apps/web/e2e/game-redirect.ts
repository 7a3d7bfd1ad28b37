// A game's side of a browser sign-in, for the tests: its PKCE pair, a loopback redirect URI, and
// the game's redirect answered by the browser context (the game is not our server).
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';

/** A PKCE pair (RFC 7636): a random verifier and its S256 challenge. */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** http://127.0.0.1/callback is registered for the demo client; a loopback URI may use any port. */
export const loopbackRedirect = () => `http://127.0.0.1:${40_000 + Math.floor(Math.random() * 10_000)}/callback`;

/**
 * The game's redirect: the browser request to it is answered here; `arrived` gives its URL (in an
 * object: an async function cannot hand back a promise unresolved).
 */
export async function gameRedirect(page: Page, redirectUri: string): Promise<{ arrived: Promise<URL> }> {
  const target = new URL(redirectUri);
  let caught: (url: URL) => void = () => undefined;
  const arrived = new Promise<URL>((resolve) => (caught = resolve));
  await page.route(
    (url) => url.origin === target.origin && url.pathname === target.pathname,
    async (route) => {
      caught(new URL(route.request().url()));
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Starfall Legends</title>Signed in' });
    },
  );
  return { arrived };
}
