// The sandbox Steam: an OpenID 2.0 provider in stateless mode, as steamcommunity.com/openid is. A
// `checkid_setup` request shows a sign-in page (any user name); the answer goes back to `return_to`
// with an assertion signed with HMAC-SHA256 under a key of this process; `check_authentication`
// confirms a signature once (a nonce is confirmed only the first time). Development and tests only.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../http/spa.ts';
import { OPENID_NS } from '../steam-openid.ts';
import { SANDBOX_STEAM_APP_ID, sandboxPath, sandboxSteam, sandboxSteamId } from './catalogue.ts';
import type { SandboxClient } from './catalogue.ts';
import { PAGE_CSP, leaveBodiesUnread, readForm } from './request-body.ts';

const SIGNED = ['signed', 'op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];

function page(action: string, returnTo: string, realm: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox: Steam</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
.tag{display:inline-block;background:#ffd43b;color:#1a1a1a;font-weight:700;padding:.1rem .5rem;border-radius:.25rem}
label{display:block;margin-top:1rem;font-weight:600}input{width:100%;font-size:1rem;padding:.5rem;box-sizing:border-box}
button{margin-top:1rem;font-size:1rem;padding:.5rem 1rem}</style></head>
<body><p class="tag">Sandbox</p><h1>Sandbox: Steam</h1>
<p>This page stands in for Steam in development. Type any user name: the same name is the same Steam account.</p>
<p>Signing in to <strong>${escapeHtml(realm)}</strong>.</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="return_to" value="${escapeHtml(returnTo)}">
<label for="username">User name on Steam</label>
<input id="username" name="username" autocomplete="username" required maxlength="64" autofocus>
<button type="submit" name="choice" value="sign-in">Sign in</button>
<button type="submit" name="choice" value="cancel" formnovalidate>Cancel</button>
</form></body></html>`;
}

/** The key-value form of the signed fields (OpenID 2.0 §4.1.1), as the signature covers them. */
function keyValueForm(fields: URLSearchParams, signed: string[]): string {
  return signed.map((name) => `${name}:${fields.get(`openid.${name}`) ?? ''}\n`).join('');
}

/** Persona names of the sandbox Steam's users by SteamID64: who signed in on its page or got a ticket. */
export type SteamSandboxNames = Map<string, string>;

export function registerSteamSandbox(app: FastifyInstance, origin: string, names: SteamSandboxNames = new Map()): void {
  const key = randomBytes(32);
  const confirmed = new Set<string>();
  const { endpoint, claimedIdPrefix } = sandboxSteam(origin);
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64');

  void app.register(
    async (scope) => {
      leaveBodiesUnread(scope);

      scope.get('/login', async (request, reply) => {
        const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1));
        const returnTo = query.get('openid.return_to') ?? '';
        const realm = query.get('openid.realm') ?? '';
        if (query.get('openid.mode') !== 'checkid_setup' || !returnTo.startsWith(realm) || realm === '') {
          return reply
            .code(400)
            .type('text/plain; charset=utf-8')
            .send('Sandbox Steam: not an OpenID 2.0 sign-in request');
        }
        return reply
          .header('content-security-policy', PAGE_CSP)
          .type('text/html; charset=utf-8')
          .send(page(endpoint, returnTo, realm));
      });

      scope.post('/login', async (request, reply) => {
        const form = await readForm(request.raw);
        if (form.get('openid.mode') === 'check_authentication') {
          const signed = (form.get('openid.signed') ?? '').split(',');
          const given = Buffer.from(form.get('openid.sig') ?? '', 'base64');
          const expected = Buffer.from(sign(keyValueForm(form, signed)), 'base64');
          const nonce = form.get('openid.response_nonce') ?? '';
          const valid =
            SIGNED.every((name) => signed.includes(name)) &&
            given.length === expected.length &&
            timingSafeEqual(given, expected) &&
            !confirmed.has(nonce);
          if (valid) confirmed.add(nonce);
          return reply.type('text/plain; charset=utf-8').send(`ns:${OPENID_NS}\nis_valid:${valid}\n`);
        }
        const returnTo = form.get('return_to') ?? '';
        const answer = new URLSearchParams({ 'openid.ns': OPENID_NS });
        const username = (form.get('username') ?? '').trim();
        if (form.get('choice') === 'cancel' || username === '') {
          answer.set('openid.mode', 'cancel');
        } else {
          const steamId = sandboxSteamId(username);
          // The Web API's GetPlayerSummaries names them, as Steam's does (the portal asks it).
          names.set(steamId, username);
          const claimedId = `${claimedIdPrefix}${steamId}`;
          answer.set('openid.mode', 'id_res');
          answer.set('openid.op_endpoint', endpoint);
          answer.set('openid.claimed_id', claimedId);
          answer.set('openid.identity', claimedId);
          answer.set('openid.return_to', returnTo);
          answer.set(
            'openid.response_nonce',
            `${new Date().toISOString().slice(0, 19)}Z${randomBytes(6).toString('hex')}`,
          );
          answer.set('openid.assoc_handle', '1234567890');
          answer.set('openid.signed', SIGNED.join(','));
          answer.set('openid.sig', sign(keyValueForm(answer, SIGNED)));
        }
        const target = new URL(returnTo);
        for (const [name, value] of answer) target.searchParams.set(name, value);
        return reply.redirect(target.toString(), 302);
      });
    },
    { prefix: `${sandboxPath('steam')}/openid` },
  );
}

/** How long a sandbox ticket is accepted (Steam's last until the game cancels them). */
const TICKET_TTL_MS = 60 * 60_000;

/**
 * The sandbox Steam Web API: `POST /tickets` (form `username`, `identity`) stands in for the Steam
 * client giving a game a Web API auth ticket; `ISteamUserAuth/AuthenticateUserTicket/v1` and
 * `ISteamUser/GetPlayerSummaries/v2` answer as Steam's partner Web API does (the publisher key is the
 * sandbox client's secret, the app id SANDBOX_STEAM_APP_ID).
 */
export function registerSteamWebApiSandbox(
  app: FastifyInstance,
  client: SandboxClient,
  names: SteamSandboxNames = new Map(),
): void {
  const tickets = new Map<string, { steamId: string; identity: string; expires: number }>();
  const error = (desc: string) => ({ response: { error: { errorcode: 3, errordesc: desc } } });

  void app.register(
    async (scope) => {
      leaveBodiesUnread(scope);

      scope.post('/tickets', async (request, reply) => {
        const form = await readForm(request.raw);
        const username = (form.get('username') ?? '').trim();
        if (username === '' || username.length > 64) return reply.code(400).send(error('username required'));
        const steamId = sandboxSteamId(username);
        names.set(steamId, username);
        const ticket = randomBytes(120).toString('hex').toUpperCase();
        tickets.set(ticket, { steamId, identity: form.get('identity') ?? '', expires: Date.now() + TICKET_TTL_MS });
        return { ticket, steamid: steamId };
      });

      scope.get('/ISteamUserAuth/AuthenticateUserTicket/v1/', async (request, reply) => {
        const query = request.query as Record<string, string | undefined>;
        if (query.key !== client.clientSecret || query.appid !== SANDBOX_STEAM_APP_ID) {
          return reply.code(403).type('text/html').send('<h1>Forbidden</h1>');
        }
        const found = tickets.get((query.ticket ?? '').toUpperCase());
        if (!found || found.expires < Date.now() || found.identity !== (query.identity ?? '')) {
          return error('Invalid ticket');
        }
        const params = { result: 'OK', steamid: found.steamId, ownersteamid: found.steamId };
        return { response: { params: { ...params, vacbanned: false, publisherbanned: false } } };
      });

      scope.get('/ISteamUser/GetPlayerSummaries/v2/', async (request, reply) => {
        const query = request.query as Record<string, string | undefined>;
        if (query.key !== client.clientSecret) return reply.code(403).type('text/html').send('<h1>Forbidden</h1>');
        const players = (query.steamids ?? '')
          .split(',')
          .filter((id) => names.has(id))
          .map((steamid) => ({ steamid, personaname: names.get(steamid) }));
        return { response: { players } };
      });
    },
    { prefix: `${sandboxPath('steam')}/webapi` },
  );
}
