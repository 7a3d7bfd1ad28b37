// GET /platforms/{platform}/authorize: where the web app's popup starts a platform sign-in (ADR 020);
// GET /platforms/{platform}/sign-out: the platform's own sign-out page, for the connection flow.
// The web app makes the state, the nonce and the PKCE verifier and keeps them; this route adds what
// only the server knows (the platform's authorization endpoint, the client id, the scopes, this
// site's redirect URI) and sends the popup on. A request it cannot send on goes back to the redirect
// URI with an OAuth error, as a platform's refusal would, so the popup always reports to the page.
import { PLATFORM_IDS } from '@portal/contract/data/platforms';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../deps.ts';
import { RequestError } from '../../http/request-error.ts';

const token = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);
const query = z.object({
  state: token,
  nonce: token.optional(),
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
  /** `login`: the platform asks who signs in, even when it remembers someone (use another account). */
  prompt: z.literal('login').optional(),
});

export function registerPlatformAuthorize(app: FastifyInstance, services: Pick<Services, 'platformLinks'>) {
  const links = services.platformLinks;
  app.get('/platforms/:platform/authorize', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const platform = z.enum(PLATFORM_IDS).safeParse((request.params as { platform?: unknown }).platform);
    const parsed = query.safeParse(request.query);
    const back = (error: string) => {
      const url = new URL(links.redirectUri);
      url.searchParams.set('error', error);
      if (parsed.success) url.searchParams.set('state', parsed.data.state);
      return reply.redirect(url.toString(), 303);
    };
    if (!platform.success || !parsed.success) return back('invalid_request');
    try {
      const { state, nonce, code_challenge: codeChallenge, prompt } = parsed.data;
      const url = await links.authorizationUrl(platform.data, {
        state,
        ...(nonce ? { nonce } : {}),
        ...(codeChallenge ? { codeChallenge } : {}),
        ...(prompt ? { prompt } : {}),
      });
      return reply.redirect(url.toString(), 303);
    } catch (error) {
      if (error instanceof RequestError && error.errorName === 'platform_not_supported') {
        return back('platform_not_supported');
      }
      return back('temporarily_unavailable');
    }
  });

  // The platform's sign-out page, opened in a new tab by the connection flow's sign-out
  // confirmation; an error answer (JSON, the spec's error object) when the platform has none.
  app.get('/platforms/:platform/sign-out', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const platform = z.enum(PLATFORM_IDS).safeParse((request.params as { platform?: unknown }).platform);
    if (!platform.success) throw new RequestError('platform_not_supported');
    const url = await links.signOutUrl(platform.data);
    return reply.redirect(url.toString(), 303);
  });
}
