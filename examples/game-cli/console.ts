// The example game as a console (issue 16): the player plays at once, signed in with the console's
// platform identity only (a stub account of the portal), and later keeps that progress by typing the
// console's code in a browser, where they sign in to their account or create one. Then the console
// signs in to that account.
//
// The console's identity comes from the portal's sandbox PlayStation Network (development only): the
// console signs in there as --user, the way a console's system account would hand the game a code.
import { createHash, randomBytes } from 'node:crypto';
import { retryAfterSeconds, waitAsAsked } from './retry-after.ts';

export interface ConsoleOptions {
  portal: string;
  apiKey: string;
  client: string;
  game: string;
  user: string;
  name: string;
  level: number;
  /** A platform the player connects first (the device authorization's user_flow, e.g. twitch), or ''. */
  userFlow: string;
  say: (line: string) => void;
}

type Json = Record<string, unknown>;

async function call(portal: string, apiKey: string, method: string, path: string, token?: string, body?: object) {
  const response = await fetch(new URL(`/api${path}`, portal), {
    method,
    headers: {
      'x-hydra-api-key': apiKey,
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { 'x-hydra-access-token': token } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return {
    status: response.status,
    body: (await response.json()) as Json,
    retryAfter: retryAfterSeconds(response.headers.get('retry-after')),
  };
}

/** Signs in to the portal's sandbox PSN as `user`, through the portal's own start; answers the link payload. */
async function sandboxPsnProof(portal: string, user: string): Promise<Json> {
  const state = randomBytes(16).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const cookies = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, portal), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return response;
  };
  const start = new URL('/platforms/psn/authorize', portal);
  start.search = new URLSearchParams({ state, nonce, code_challenge: challenge }).toString();
  let response = await go(start.toString());
  // The portal sends the console to the platform, which asks it to sign in.
  for (let hops = 0; hops < 3 && response.status >= 300 && response.status < 400; hops++) {
    const page = response.headers.get('location') ?? '';
    response = await go(page);
    if (response.status === 200) {
      response = await go(page, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: user, choice: 'sign-in' }).toString(),
      });
      break;
    }
  }
  for (let hops = 0; hops < 6; hops++) {
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`the sandbox PSN stopped at ${response.status} (is the portal in development mode?)`);
    const next = new URL(location, portal);
    const code = next.searchParams.get('code');
    if (next.pathname === '/' && code) {
      return {
        auth_code: code,
        nonce,
        code_verifier: verifier,
        state: next.searchParams.get('state') ?? '',
        ...(next.searchParams.get('iss') ? { iss: next.searchParams.get('iss') } : {}),
      };
    }
    response = await go(next.toString());
  }
  throw new Error('the sandbox PSN did not come back to the portal');
}

/** The console's story: play as a stub, hand the code to the player, then read the account they chose. */
export async function consoleFlow(o: ConsoleOptions): Promise<void> {
  const { portal, apiKey, say } = o;
  const signIn = await call(portal, apiKey, 'POST', '/sessions/auth/psn', undefined, {
    ...(await sandboxPsnProof(portal, o.user)),
    client_id: o.client,
  });
  if (signIn.status !== 200)
    throw new Error(`the portal refused the console's sign-in: ${JSON.stringify(signIn.body)}`);
  const stub = signIn.body.account as Json;
  const token = String(signIn.body.access_token);
  say(`Playing as ${o.user} on PlayStation Network (${stub.stub ? 'no account yet' : 'account'} ${String(stub.id)})`);

  const saved = await call(portal, apiKey, 'PUT', `/accounts/me/game_progress/${o.game}`, token, {
    platform: 'ps_5',
    details: { level: o.level, hero: o.user },
    logged_in: true,
  });
  if (saved.status !== 200) throw new Error(`the progress was not saved: ${JSON.stringify(saved.body)}`);
  say(`Progress saved: level ${o.level}`);
  if (!stub.stub) return say('This identity already belongs to an account: nothing to link.');

  const started = await call(portal, apiKey, 'POST', '/sessions/device', token, {
    client_id: o.client,
    auth_type: 'passwordless',
    device_name: o.name,
    ...(o.userFlow ? { user_flow: o.userFlow, user_flow_options: { is_required: true } } : {}),
  });
  if (started.status !== 200) throw new Error(`the portal refused the code: ${JSON.stringify(started.body)}`);
  const connect = new URL('/connect', portal);
  say(`Keep your progress: open ${connect.toString()}`);
  say(`Code: ${String(started.body.user_code)}`);
  connect.searchParams.set('user_code', String(started.body.user_code));
  say(`Or open: ${connect.toString()}`);
  say('Waiting for you to sign in or create your account...');

  let interval = Number(started.body.interval ?? 5);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, interval * 1000));
    const polled = await call(portal, apiKey, 'POST', '/sessions/auth/token', undefined, {
      grant_type: 'device_code',
      code: String(started.body.device_code),
    });
    if (polled.status === 200) {
      const me = await call(portal, apiKey, 'GET', '/accounts/me', String(polled.body.access_token));
      const account = me.body;
      say(`Signed in as ${String(account.username)} <${String(account.email)}> (account ${String(account.id)})`);
      const progress = await call(
        portal,
        apiKey,
        'GET',
        '/accounts/me/game_progress',
        String(polled.body.access_token),
      );
      say(
        JSON.stringify({ account: { id: account.id, username: account.username }, progress: progress.body }, null, 2),
      );
      return;
    }
    // Too many requests from this address: wait as long as the portal says, then poll on.
    if (polled.status === 429) {
      await waitAsAsked(polled.retryAfter, interval, say);
      continue;
    }
    const error = String((polled.body.body as Json | undefined)?.error ?? polled.body.error ?? polled.body.code);
    if (error === 'authorization_pending') continue;
    if (error === 'slow_down') {
      interval += 5;
      continue;
    }
    throw new Error(`The code did not sign the console in: ${error}`);
  }
}
