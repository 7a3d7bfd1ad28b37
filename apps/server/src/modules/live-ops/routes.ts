// Live operations in the console (issue 33): playtests, games and clients, terms, mail, flags.
import { consoleLiveOpsCalls as calls } from '@portal/contract/calls/console-live-ops';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerLiveOps(app: FastifyInstance, { liveOps }: Pick<Services, 'liveOps'>) {
  registerCall(app, calls.playtests, async () => ({ playtests: await liveOps.playtests() }));
  registerCall(app, calls.importKeys, async ({ params, body, operator }) =>
    liveOps.importKeys(params.key, body, operator.operator),
  );
  registerCall(app, calls.campaignCodes, async ({ params, body, operator }) =>
    liveOps.campaignCodes(params.key, body, operator.operator),
  );
  registerCall(app, calls.games, async () => liveOps.games());
  registerCall(app, calls.addRedirectUri, async ({ params, body, operator }) =>
    liveOps.addRedirectUri(params.client_id, body.uri, body.why, operator.operator),
  );
  registerCall(app, calls.rotateSecret, async ({ params, body, reply, operator }) => {
    reply.header('cache-control', 'no-store');
    return liveOps.rotateSecret(params.client_id, body.why, operator.operator);
  });
  registerCall(app, calls.publishTerms, async ({ body, operator }) =>
    liveOps.publishTerms(body.document, body.why, operator.operator),
  );
  registerCall(app, calls.mail, async () => liveOps.mail());
  registerCall(app, calls.retryMail, async ({ body, operator }) =>
    liveOps.retryMail(body.id, body.why, operator.operator),
  );
  registerCall(app, calls.flags, async () => liveOps.flags());
  registerCall(app, calls.setMaintenance, async ({ body, operator }) =>
    liveOps.setMaintenance(body.enabled, body.why, operator.operator),
  );
  registerCall(app, calls.setFlag, async ({ params, body, operator }) =>
    liveOps.setFlag(params.name, body.enabled, body.why, operator.operator),
  );
}
