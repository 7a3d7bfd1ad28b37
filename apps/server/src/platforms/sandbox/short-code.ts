// The sandbox of a short-code platform (Wizarding World, Apple Vendor ID, Android App Set ID): a page
// where any user name gets a code to type into the portal (10 minutes, used once), and the exchange
// endpoint the portal calls with its client credentials (platforms/short-code.ts). Development and
// tests only.
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { PlatformId } from '@portal/contract/data/platforms';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../http/spa.ts';
import { sandboxPath, sandboxSubject } from './catalogue.ts';
import type { SandboxClient } from './catalogue.ts';
import { PAGE_CSP, leaveBodiesUnread, readForm } from './request-body.ts';

const CODE_TTL_MS = 10 * 60_000;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function page(platform: PlatformId, action: string, code?: string): string {
  const name = escapeHtml(PLATFORM_CATALOGUE[platform].name);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox: ${name}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
.tag{display:inline-block;background:#ffd43b;color:#1a1a1a;font-weight:700;padding:.1rem .5rem;border-radius:.25rem}
label{display:block;margin-top:1rem;font-weight:600}input{width:100%;font-size:1rem;padding:.5rem;box-sizing:border-box}
button{margin-top:1rem;font-size:1rem;padding:.5rem 1rem}output{display:block;font:700 2rem/1.2 monospace;margin:1rem 0}</style></head>
<body><p class="tag">Sandbox</p><h1>Sandbox: ${name}</h1>
${
  code
    ? `<p>Type this code in the account portal within 10 minutes:</p><output aria-label="Your code">${escapeHtml(code)}</output>`
    : `<p>This page stands in for ${name} in development. Type any user name to get a code for it: the same name is the same ${name} account.</p>
<form method="post" action="${escapeHtml(action)}">
<label for="username">User name on ${name}</label>
<input id="username" name="username" autocomplete="username" required maxlength="64" autofocus>
<button type="submit">Get a code</button>
</form>`
}
</body></html>`;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function registerShortCodeSandbox(app: FastifyInstance, platform: PlatformId, client: SandboxClient): void {
  const codes = new Map<string, { subject: string; username: string; expiresAt: number }>();
  const path = `${sandboxPath(platform)}/short-code`;
  void app.register(
    async (scope) => {
      leaveBodiesUnread(scope);

      scope.get('/', async (_request, reply) =>
        reply.header('content-security-policy', PAGE_CSP).type('text/html; charset=utf-8').send(page(platform, path)),
      );

      scope.post('/', async (request, reply) => {
        const username = ((await readForm(request.raw)).get('username') ?? '').trim().slice(0, 64);
        if (username === '') return reply.redirect(path, 303);
        const code = `${platform === 'wizarding_world' ? 'WW' : 'SB'}-${Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;
        for (const [key, entry] of codes) if (entry.expiresAt <= Date.now()) codes.delete(key);
        codes.set(code, { subject: sandboxSubject(platform, username), username, expiresAt: Date.now() + CODE_TTL_MS });
        return reply
          .header('content-security-policy', PAGE_CSP)
          .type('text/html; charset=utf-8')
          .send(page(platform, path, code));
      });

      // The portal's exchange: its client credentials, and the code, used once.
      scope.post('/exchange', async (request, reply) => {
        const [scheme, value] = (request.headers.authorization ?? '').split(' ');
        const [id, secret] = Buffer.from(value ?? '', 'base64')
          .toString('utf8')
          .split(':');
        if (
          scheme !== 'Basic' ||
          !sameText(id ?? '', client.clientId) ||
          !sameText(secret ?? '', client.clientSecret)
        ) {
          return reply.code(401).send({ error: 'invalid_client' });
        }
        const code = ((await readForm(request.raw)).get('code') ?? '').trim().toUpperCase();
        const entry = codes.get(code);
        codes.delete(code);
        if (!entry || entry.expiresAt <= Date.now()) return reply.code(404).send({ error: 'unknown_code' });
        return reply.send({ sub: entry.subject, username: entry.username });
      });
    },
    { prefix: path },
  );
}
