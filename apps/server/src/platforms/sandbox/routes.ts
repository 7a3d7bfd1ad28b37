// Mounts the sandbox platforms under /dev/platforms/<platform>/ (development and tests only): each
// OAuth 2.0 / OpenID Connect platform's OpenID Provider, its sign-in page ("Sandbox: PlayStation
// Network", any user name), and for the OAuth 2.0 platforms a profile call answering who an access
// token belongs to, as Discord's or Epic's does; and Steam's OpenID 2.0 provider (steam.ts).
import type { IncomingMessage } from 'node:http';
import type { PlatformId } from '@portal/contract/data/platforms';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from 'oidc-provider';
import { escapeHtml } from '../../http/spa.ts';
import { SANDBOX_OAUTH_PLATFORMS, SANDBOX_SHORT_CODE_PLATFORMS, sandboxPath, sandboxSubject } from './catalogue.ts';
import type { SandboxClient } from './catalogue.ts';
import { createSandboxProvider } from './provider.ts';
import { registerShortCodeSandbox } from './short-code.ts';
import { registerSteamSandbox, registerSteamWebApiSandbox } from './steam.ts';
import { registerTwitchDropsSandbox } from './twitch-drops.ts';
import { registerXboxLiveSandbox } from './xbox-live.ts';
import type { SandboxUsers } from './provider.ts';
import { PAGE_CSP, leaveBodiesUnread, readForm } from './request-body.ts';

function signInPage(platform: PlatformId, action: string, problem?: string): string {
  const name = escapeHtml(PLATFORM_CATALOGUE[platform].name);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox: ${name}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
.tag{display:inline-block;background:#ffd43b;color:#1a1a1a;font-weight:700;padding:.1rem .5rem;border-radius:.25rem}
label{display:block;margin-top:1rem;font-weight:600}input{width:100%;font-size:1rem;padding:.5rem;box-sizing:border-box}
button{margin-top:1rem;font-size:1rem;padding:.5rem 1rem}.problem{color:#b00020}</style></head>
<body><p class="tag">Sandbox</p><h1>Sandbox: ${name}</h1>
<p>This page stands in for ${name} in development. Type any user name: the same name is the same ${name} account.</p>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="username">User name on ${name}</label>
<input id="username" name="username" autocomplete="username" required maxlength="64" autofocus>
<button type="submit" name="choice" value="sign-in">Sign in</button>
<button type="submit" name="choice" value="cancel" formnovalidate>Cancel</button>
</form></body></html>`;
}

/** The end of a sandbox subscription's period: the first day of the next month, UTC. */
export function sandboxPeriodEnd(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

export function registerPlatformSandbox(
  app: FastifyInstance,
  options: { origin: string; client: SandboxClient; platforms?: readonly PlatformId[] },
): void {
  const providers = new Map<PlatformId, { provider: Provider; users: SandboxUsers }>();
  const sandbox = (platform: PlatformId) => {
    let found = providers.get(platform);
    if (!found) {
      const users: SandboxUsers = new Map();
      found = { provider: createSandboxProvider(options.origin, platform, options.client, users), users };
      providers.set(platform, found);
    }
    return found;
  };

  const platforms = options.platforms ?? [...SANDBOX_OAUTH_PLATFORMS, 'steam', ...SANDBOX_SHORT_CODE_PLATFORMS];
  if (platforms.includes('steam')) {
    // One Steam: the Web API names who signed in on its OpenID page.
    const steamNames = new Map<string, string>();
    registerSteamSandbox(app, options.origin, steamNames);
    registerSteamWebApiSandbox(app, options.client, steamNames);
  }
  if (platforms.includes('twitch')) registerTwitchDropsSandbox(app, options.client);
  for (const platform of platforms.filter((id) => SANDBOX_SHORT_CODE_PLATFORMS.includes(id))) {
    registerShortCodeSandbox(app, platform, options.client);
  }
  for (const platform of platforms.filter((id) => SANDBOX_OAUTH_PLATFORMS.includes(id))) {
    const path = sandboxPath(platform);
    void app.register(
      async (scope) => {
        // The provider reads its own bodies (forms and JSON): Fastify leaves them unread.
        leaveBodiesUnread(scope);

        scope.get('/interaction/:uid', async (request, reply) => {
          const { provider } = sandbox(platform);
          await provider.interactionDetails(request.raw, reply.raw);
          return reply
            .header('content-security-policy', PAGE_CSP)
            .type('text/html; charset=utf-8')
            .send(signInPage(platform, request.url));
        });

        scope.post('/interaction/:uid', async (request, reply) => {
          const { provider, users } = sandbox(platform);
          await provider.interactionDetails(request.raw, reply.raw);
          const form = await readForm(request.raw);
          const username = (form.get('username') ?? '').trim();
          if (form.get('choice') === 'cancel') {
            reply.hijack();
            await provider.interactionFinished(request.raw, reply.raw, { error: 'access_denied' });
            return;
          }
          if (username === '' || username.length > 64) {
            return reply
              .code(400)
              .header('content-security-policy', PAGE_CSP)
              .type('text/html; charset=utf-8')
              .send(signInPage(platform, request.url, 'Type a user name.'));
          }
          const subject = sandboxSubject(platform, username);
          users.set(subject, username);
          reply.hijack();
          await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: subject } });
        });

        // Who an access token belongs to, as an OAuth 2.0 platform's profile call answers it.
        scope.get('/profile', async (request: FastifyRequest, reply: FastifyReply) => {
          const { provider, users } = sandbox(platform);
          const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
          const found = token ? await provider.AccessToken.find(token) : undefined;
          if (!found?.accountId) return reply.code(401).send({ error: 'invalid_token' });
          return reply.send({ id: found.accountId, username: users.get(found.accountId) ?? null });
        });

        if (platform === 'xbox') registerXboxLiveSandbox(scope, () => sandbox(platform));

        // Max's subscription API: a user name starting with "free" has none; one starting with "outage"
        // finds it out of service (503); any other an active plan.
        if (platform === 'max') {
          scope.get('/subscription', async (request: FastifyRequest, reply: FastifyReply) => {
            const { provider, users } = sandbox(platform);
            const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
            const found = token ? await provider.AccessToken.find(token) : undefined;
            if (!found?.accountId) return reply.code(401).send({ error: 'invalid_token' });
            const name = (users.get(found.accountId) ?? '').toLowerCase();
            if (name.startsWith('outage')) return reply.code(503).send({ error: 'temporarily_unavailable' });
            const free = name.startsWith('free');
            return free
              ? { status: 'none', plan: null, current_period_end: null }
              : { status: 'active', plan: 'ad_free', current_period_end: sandboxPeriodEnd(new Date()) };
          });
        }

        // Everything else is the OpenID Provider's: discovery, keys, authorization, token, userinfo.
        scope.all('/*', (request, reply) => {
          const { provider } = sandbox(platform);
          const raw = request.raw as IncomingMessage & { originalUrl?: string };
          raw.originalUrl = raw.url;
          raw.url = (raw.url ?? '').slice(path.length) || '/';
          reply.hijack();
          void provider.callback()(raw, reply.raw);
        });
      },
      { prefix: path },
    );
  }
}
