#!/usr/bin/env node
// An example game signing a player in through the portal, with nothing but Node's standard library
// and the portal's standard OAuth 2.0 endpoints (found in its discovery document):
//
//   node examples/game-cli/game-cli.ts device [--portal URL] [--client ID] [--name "Living-room TV"]
//     a console or TV: shows a code, polls until the player approved it at /device (RFC 8628)
//   node examples/game-cli/game-cli.ts pkce [--portal URL] [--client ID] [--port N]
//     a PC game: listens on a loopback port, prints the address to open in a browser and exchanges
//     the code it receives with its PKCE verifier (RFC 8252, RFC 7636)
//
//   node examples/game-cli/game-cli.ts console [--portal URL] [--user NAME] [--level N] [--user-flow PLATFORM]
//     a console: plays at once as the sandbox PlayStation Network user NAME (a stub account), saves
//     progress, then shows a code to keep it at /connect and signs in to the account the player chose
//     (console.ts; development portals only: it signs in at the portal's sandbox PSN); with
//     --user-flow (e.g. twitch) the player connects that platform first (spec 000 §4 rule 6)
//
// They print the signed-in account and exit 0, or a reason and exit 1.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { consoleFlow } from './console.ts';
import { retryAfterSeconds, waitAsAsked } from './retry-after.ts';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  device_authorization_endpoint: string;
  userinfo_endpoint: string;
}

interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
  scope?: string;
}

const USAGE =
  'Usage: node examples/game-cli/game-cli.ts device|pkce|console [--portal URL] [--client ID] [--name NAME] [--port N] ' +
  '[--scope SCOPES] [--api-key KEY] [--game ID] [--user NAME] [--level N] [--user-flow PLATFORM]';

/** The command line, or its usage: `--help` prints it (exit 0), an unknown option says which (exit 2). */
function readArgs() {
  try {
    return parseArgs({ allowPositionals: true, options: OPTIONS });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.stdout.write(`${USAGE}\n`);
    process.exit(2);
  }
}

const OPTIONS = {
  portal: { type: 'string', default: process.env.PORTAL_URL ?? 'http://localhost:8080' },
  client: { type: 'string', default: 'starfall-legends-pc' },
  name: { type: 'string', default: 'Game CLI' },
  port: { type: 'string', default: '0' },
  scope: { type: 'string', default: 'openid profile email' },
  'api-key': { type: 'string', default: process.env.GAME_API_KEY ?? 'ag-starfall-dev-key-0001' },
  game: { type: 'string', default: 'starfall-legends' },
  user: { type: 'string', default: `Player${randomBytes(2).toString('hex')}` },
  level: { type: 'string', default: '12' },
  'user-flow': { type: 'string', default: '' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const { values, positionals } = readArgs();

const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

async function post(
  url: string,
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown>; retryAfter: number | null }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    retryAfter: retryAfterSeconds(response.headers.get('retry-after')),
  };
}

async function discover(portal: string): Promise<Discovery> {
  const response = await fetch(new URL('/.well-known/openid-configuration', portal));
  if (!response.ok) throw new Error(`no discovery document at ${portal} (${response.status})`);
  return (await response.json()) as Discovery;
}

async function showAccount(discovery: Discovery, tokens: Tokens) {
  const response = await fetch(discovery.userinfo_endpoint, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  const account = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`userinfo refused the token: ${JSON.stringify(account)}`);
  say(`Signed in as ${String(account.preferred_username ?? account.sub)}`);
  say(JSON.stringify({ account, scope: tokens.scope ?? null, expires_in: tokens.expires_in }, null, 2));
}

/**
 * RFC 8628: show the code, then poll at the interval; slow_down adds 5 seconds to it. Too many
 * requests from this address (429) waits as long as the portal says (Retry-After), then polls on.
 */
async function deviceFlow(discovery: Discovery) {
  const started = await post(discovery.device_authorization_endpoint, {
    client_id: values.client,
    scope: values.scope,
    device_name: values.name,
  });
  if (started.status !== 200) throw new Error(`the portal refused to start: ${JSON.stringify(started.body)}`);
  const { device_code, user_code, verification_uri, verification_uri_complete, expires_in } = started.body as Record<
    string,
    string
  >;
  let interval = Number(started.body.interval ?? 5);
  say(`Open: ${verification_uri}`);
  say(`Code: ${user_code}`);
  say(`Or open: ${verification_uri_complete}`);
  say(`The code expires in ${Math.round(Number(expires_in) / 60)} minutes. Waiting for you to approve...`);
  for (;;) {
    await sleep(interval);
    const polled = await post(discovery.token_endpoint, {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: String(device_code),
      client_id: values.client,
    });
    if (polled.status === 200) return polled.body as unknown as Tokens;
    if (polled.status === 429) {
      await waitAsAsked(polled.retryAfter, interval, say);
      continue;
    }
    const error = String(polled.body.error);
    if (error === 'authorization_pending') continue;
    if (error === 'slow_down') {
      interval += 5;
      continue;
    }
    if (error === 'access_denied') throw new Error('The player refused this device.');
    if (error === 'expired_token') throw new Error('The code expired before it was approved. Start again.');
    throw new Error(`Sign-in failed: ${error} ${String(polled.body.error_description ?? '')}`);
  }
}

/** RFC 8252 + RFC 7636: a loopback redirect on any free port, state checked, code exchanged with the verifier. */
async function pkceFlow(discovery: Discovery) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(16).toString('base64url');
  const received = new Promise<{ code: string; redirectUri: string }>((resolve, reject) => {
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (url.pathname !== '/callback') return void response.writeHead(404).end();
      const page = (text: string) =>
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(`<!doctype html><title>Game CLI</title><p>${text}</p>`);
      const code = url.searchParams.get('code') ?? url.searchParams.get('auth_code');
      server.close();
      if (url.searchParams.get('state') !== state) {
        page('This sign-in was not started here.');
        return reject(new Error('the state did not match: not our sign-in'));
      }
      if (!code) {
        page('The sign-in did not complete.');
        return reject(new Error(`no code: ${url.searchParams.get('error') ?? 'unknown error'}`));
      }
      page('You are signed in. You can close this window and return to the game.');
      resolve({
        code,
        redirectUri: `http://127.0.0.1:${(server.address() as AddressInfo | null)?.port ?? port}/callback`,
      });
    });
    let port = Number(values.port);
    server.listen(port, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port;
      const authorize = new URL(discovery.authorization_endpoint);
      authorize.search = new URLSearchParams({
        response_type: 'code',
        client_id: values.client,
        redirect_uri: `http://127.0.0.1:${port}/callback`,
        scope: values.scope,
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).toString();
      say(`Open: ${authorize.toString()}`);
      say('Waiting for the browser to come back...');
    });
  });
  const { code, redirectUri } = await received;
  const exchanged = await post(discovery.token_endpoint, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
    client_id: values.client,
  });
  if (exchanged.status !== 200) throw new Error(`the code was refused: ${JSON.stringify(exchanged.body)}`);
  return exchanged.body as unknown as Tokens;
}

async function main() {
  const mode = positionals[0];
  if (values.help) return say(USAGE);
  if (mode === 'console') {
    return consoleFlow({
      portal: values.portal,
      apiKey: values['api-key'],
      client: values.client,
      game: values.game,
      user: values.user,
      name: values.name,
      level: Number(values.level),
      userFlow: values['user-flow'],
      say,
    });
  }
  if (mode !== 'device' && mode !== 'pkce') {
    say(USAGE);
    process.exitCode = 2;
    return;
  }
  const discovery = await discover(values.portal);
  const tokens = mode === 'device' ? await deviceFlow(discovery) : await pkceFlow(discovery);
  await showAccount(discovery, tokens);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
