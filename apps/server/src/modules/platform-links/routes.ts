// The platform-link calls (spec 001 §7 "Accounts" and "Sessions"): link, confirm, cancel, unlink, and
// signing in with a linked platform.
import {
  cancelLink,
  confirmLink,
  getMaxSubscription,
  linkPlatform,
  unlinkPlatform,
} from '@portal/contract/calls/accounts-links';
import { signInWithPlatform } from '@portal/contract/calls/sessions';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerPlatformLinks(
  app: FastifyInstance,
  services: Pick<Services, 'consents' | 'platformLinks' | 'tokenAnswer'>,
) {
  const { consents, platformLinks: links, tokenAnswer } = services;
  registerCall(app, linkPlatform, async ({ account, params, query, body }) =>
    consents.view(
      await links.link(account, params.platform, body, {
        needsConfirmation: query.needs_confirmation,
        refresh: query.refresh,
      }),
    ),
  );
  registerCall(app, confirmLink, async ({ account, params, body }) =>
    consents.view(await links.confirm(account, params.platform, body.auth_id)),
  );
  registerCall(app, cancelLink, async ({ account, params }) =>
    consents.view(await links.cancel(account, params.platform)),
  );
  registerCall(app, unlinkPlatform, async ({ account, params }) =>
    consents.view(await links.unlink(account, params.platform)),
  );
  registerCall(app, getMaxSubscription, ({ account }) => links.subscription(account));
  registerCall(app, signInWithPlatform, async ({ params, body, request }) => {
    const { device_data: device, client_id: clientId, ...proof } = body;
    const { apiClient, locale } = request.ctx;
    const { tokens, account } = await links.signIn(params.platform, proof, { apiClient, clientId, locale, device });
    return tokenAnswer(tokens, account);
  });
}
