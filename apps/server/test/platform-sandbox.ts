// The sandbox platforms on 127.0.0.1 (real OpenID Providers, platforms/sandbox), and a player's
// browser going through one: the authorization request with PKCE, state and nonce, the sandbox's
// sign-in page, and the redirect back with the code, as the web app's popup sees it.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { PlatformId } from '@portal/contract/data/platforms';
import Fastify from 'fastify';
import { sandboxClient, sandboxPath, sandboxPlatformConfig } from '../src/platforms/sandbox/catalogue.ts';
import type { SandboxClient } from '../src/platforms/sandbox/catalogue.ts';
import { registerPlatformSandbox } from '../src/platforms/sandbox/routes.ts';

export interface PlatformSandbox {
  origin: string;
  client: SandboxClient;
  /** What to put in platform_configs for a platform played by this sandbox. */
  config: (platform: PlatformId) => ReturnType<typeof sandboxPlatformConfig>;
  close: () => Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** `portalOrigin`: the portal's public URL, whose origin is the redirect URI registered at the sandbox. */
export async function startPlatformSandbox(portalOrigin: string): Promise<PlatformSandbox> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const client = sandboxClient(portalOrigin);
  const app = Fastify();
  registerPlatformSandbox(app, { origin, client });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    origin,
    client,
    config: (platform) => sandboxPlatformConfig(origin, platform, client),
    close: () => app.close(),
  };
}

/** What the web app keeps of an authorization request, and what it reads from the answer. */
export interface Authorized {
  code: string;
  state: string;
  iss: string | null;
  nonce: string | null;
  codeVerifier: string;
}

function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
}

/**
 * Signs in to the sandbox platform as `username` through its authorization endpoint and answers
 * what came back to the redirect URI (the code, the state, the RFC 9207 `iss`).
 */
export async function authorizeAt(
  sandbox: PlatformSandbox,
  platform: PlatformId,
  username: string,
  /**
   * `nonce: null`: none (an OAuth 2.0 request without `openid`). `start`: the portal's own start of the
   * popup (GET /platforms/{platform}/authorize), given the state, nonce and challenge it should carry.
   */
  options: {
    scope?: string;
    nonce?: string | null;
    start?: (made: { state: string; nonce: string | null; codeChallenge: string }) => Promise<string>;
  } = {},
): Promise<Authorized> {
  const state = randomBytes(16).toString('base64url');
  const nonce = options.nonce === undefined ? randomBytes(16).toString('base64url') : options.nonce;
  const codeVerifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
  const authorize = new URL(`${sandbox.origin}${sandboxPath(platform)}/auth`);
  for (const [name, value] of Object.entries({
    client_id: sandbox.client.clientId,
    redirect_uri: sandbox.client.redirectUri,
    response_type: 'code',
    scope: options.scope ?? 'openid profile',
    state,
    ...(nonce === null ? {} : { nonce }),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })) {
    authorize.searchParams.set(name, value);
  }
  const jar = cookieJar();
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, sandbox.origin), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.take(response);
    return response;
  };
  const first = options.start ? await options.start({ state, nonce, codeChallenge: challenge }) : authorize.toString();
  let response = await go(first);
  const page = response.headers.get('location');
  if (!page) throw new Error(`the sandbox did not ask to sign in (${response.status}: ${await response.text()})`);
  response = await go(page);
  if (response.status !== 200) throw new Error(`the sign-in page answered ${response.status}`);
  response = await go(page, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, choice: 'sign-in' }).toString(),
  });
  // Back to the authorization endpoint, then to the redirect URI.
  for (let hops = 0; hops < 5; hops++) {
    const location = response.headers.get('location');
    if (!location) throw new Error(`the sandbox stopped at ${response.status}: ${await response.text()}`);
    const next = new URL(location, sandbox.origin);
    if (`${next.origin}${next.pathname}` === sandbox.client.redirectUri) {
      const code = next.searchParams.get('code');
      if (!code) throw new Error(`the sandbox answered ${next.search}`);
      return {
        code,
        state: next.searchParams.get('state') ?? '',
        iss: next.searchParams.get('iss'),
        nonce,
        codeVerifier,
      };
    }
    response = await go(next.toString());
  }
  throw new Error('the sandbox did not come back to the redirect URI');
}

/** The link payload of spec 001 §9 for a code from authorizeAt (with the deviation's fields). */
export function linkPayloadOf(authorized: Authorized, withNonce = true) {
  return {
    auth_code: authorized.code,
    ...(withNonce && authorized.nonce !== null ? { nonce: authorized.nonce } : {}),
    code_verifier: authorized.codeVerifier,
    state: authorized.state,
    ...(authorized.iss ? { iss: authorized.iss } : {}),
  };
}

/**
 * Signs in to the sandbox Steam as `username` (OpenID 2.0 checkid_setup) and answers the query string
 * of the assertion that came back to the redirect URI: what the web app sends as `access_token`.
 */
export async function steamAssertion(sandbox: PlatformSandbox, username: string): Promise<string> {
  const returnTo = sandbox.client.redirectUri;
  const login = new URL(`${sandbox.origin}${sandboxPath('steam')}/openid/login`);
  for (const [name, value] of Object.entries({
    'openid.ns': 'http://specs.openid.net/auth/2.0',
    'openid.mode': 'checkid_setup',
    'openid.return_to': returnTo,
    'openid.realm': new URL(returnTo).origin,
    'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
    'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
  })) {
    login.searchParams.set(name, value);
  }
  const page = await fetch(login);
  if (page.status !== 200) throw new Error(`the sandbox Steam answered ${page.status}`);
  const answer = await fetch(login.origin + login.pathname, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, return_to: returnTo, choice: 'sign-in' }).toString(),
  });
  const location = answer.headers.get('location');
  if (!location) throw new Error(`the sandbox Steam did not come back (${answer.status})`);
  return new URL(location).search.slice(1);
}

/** Gets a code from a sandbox short-code platform's page as `username` (what the player would type). */
export async function shortCodeAt(sandbox: PlatformSandbox, platform: PlatformId, username: string): Promise<string> {
  const res = await fetch(`${sandbox.origin}${sandboxPath(platform)}/short-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username }).toString(),
  });
  const code = /<output[^>]*>([A-Z0-9-]+)<\/output>/.exec(await res.text())?.[1];
  if (!code) throw new Error(`the sandbox ${platform} gave no code (${res.status})`);
  return code;
}
