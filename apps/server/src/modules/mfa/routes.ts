// The two-factor calls of the signed-in account: set up, turn on, view or renew the backup codes,
// and turn off (after PUT /sessions/me/verify in the same session, at most VERIFIED_FOR_MS before).
import {
  activateMfa,
  getBackupCodes,
  regenerateBackupCodes,
  removeMfa,
  startMfa,
} from '@portal/contract/calls/accounts-mfa';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { RequestError } from '../../http/request-error.ts';
import { AccountsRepo } from '../accounts/repo.ts';
import { signedInAccount } from '../accounts/signed-in.ts';
import { createMfa } from './service.ts';

/** How long a session verification allows a sensitive change. */
export const VERIFIED_FOR_MS = 10 * 60_000;

export function registerMfa(app: FastifyInstance, deps: Deps) {
  const accounts = new AccountsRepo(deps.db.orm);
  const mfa = createMfa(deps);
  const limit = { rateLimit: { max: deps.config.SIGN_IN_PER_MINUTE, timeWindow: 60_000 } };

  registerCall(app, startMfa, async ({ request }) => mfa.start(await signedInAccount(accounts, request)));

  registerCall(
    app,
    activateMfa,
    async ({ body, request }) => (await mfa.activate(await signedInAccount(accounts, request), body.code)).codes,
    limit,
  );

  registerCall(
    app,
    getBackupCodes,
    async ({ query, request }) => mfa.backupCodes(await signedInAccount(accounts, request), query.code),
    limit,
  );

  registerCall(
    app,
    regenerateBackupCodes,
    async ({ body, request }) => mfa.regenerate(await signedInAccount(accounts, request), body.code),
    limit,
  );

  registerCall(app, removeMfa, async ({ request }) => {
    const account = await signedInAccount(accounts, request);
    const verifiedAt = request.ctx.session?.verifiedAt;
    if (!verifiedAt || Date.now() - verifiedAt.getTime() > VERIFIED_FOR_MS)
      throw new RequestError('session_verification_required');
    return deps.consents.view(await mfa.remove(account));
  });
}
