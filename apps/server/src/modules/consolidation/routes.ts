// The consolidation calls (spec 001 §7 "Accounts"): moving a stub account, one of its links or one
// of its game profiles into the signed-in account.
import { transferAccount, transferLink, transferProfile } from '@portal/contract/calls/accounts-links';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { originOf } from '../../http/origin.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerConsolidation(
  app: FastifyInstance,
  services: Pick<Services, 'audit' | 'consents' | 'consolidation'>,
) {
  const { audit, consents, consolidation } = services;
  registerCall(app, transferAccount, async ({ account, body, request }) => {
    const merged = await consolidation.transferAccount(
      account,
      body.source_account_access_token,
      body.conflict_choices,
    );
    await audit.record(account.id, 'account_consolidated', originOf(request));
    return consents.view(merged);
  });
  registerCall(app, transferLink, async ({ account, params, body }) =>
    consents.view(await consolidation.transferLink(account, body.source_account_access_token, params.name)),
  );
  registerCall(app, transferProfile, async ({ account, params, body }) =>
    consents.view(
      await consolidation.transferProfile(account, body.source_account_access_token, params.gameSlug, {
        squashConflict: body.squash_conflict,
        keepOld: body.keep_old,
      }),
    ),
  );
}
