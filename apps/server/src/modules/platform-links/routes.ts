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
import { originOf } from '../../http/origin.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerPlatformLinks(
  app: FastifyInstance,
  services: Pick<Services, 'audit' | 'consents' | 'platformLinks' | 'tokenAnswer'>,
) {
  const { consents, platformLinks: links, tokenAnswer, audit } = services;
  registerCall(app, linkPlatform, async ({ account, params, query, body, request }) =>
    consents.view(
      await links.link(account, params.platform, body, {
        needsConfirmation: query.needs_confirmation,
        refresh: query.refresh,
        origin: originOf(request),
      }),
    ),
  );
  registerCall(app, confirmLink, async ({ account, params, body, request }) =>
    consents.view(await links.confirm(account, params.platform, body.auth_id, originOf(request))),
  );
  registerCall(app, cancelLink, async ({ account, params }) =>
    consents.view(await links.cancel(account, params.platform)),
  );
  registerCall(app, unlinkPlatform, async ({ account, params, request }) =>
    consents.view(await links.unlink(account, params.platform, originOf(request))),
  );
  registerCall(app, getMaxSubscription, ({ account }) => links.subscription(account));
  registerCall(app, signInWithPlatform, async ({ params, body, request }) => {
    const { device_data: device, client_id: clientId, ...proof } = body;
    const { apiClient, locale } = request.ctx;
    const { tokens, account } = await links.signIn(params.platform, proof, { apiClient, clientId, locale, device });
    if (!tokens.session.mfaPending) {
      await audit.record(account.id, 'sign_in', originOf(request, tokens.session.clientId), params.platform);
    }
    return tokenAnswer(tokens, account);
  });
}
