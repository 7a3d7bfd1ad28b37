import {
  finalizeRecovery,
  initRecovery,
  initUnlock,
  unlock,
  validateRecovery,
} from '@portal/contract/calls/accounts-recovery';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { tokenAnswer } from '../sessions/token-answer.ts';
import { createRecovery } from './recovery.ts';
import { AccountsRepo } from './repo.ts';

export function registerRecovery(app: FastifyInstance, deps: Deps) {
  const recovery = createRecovery({ ...deps, accounts: new AccountsRepo(deps.db.orm) });
  const consents = deps.consents;
  const limit = { rateLimit: { max: deps.config.SIGN_IN_PER_MINUTE, timeWindow: 60_000 } };

  registerCall(app, initRecovery, async ({ body, request }) => {
    await recovery.sendResetLink(body.email, request.ip);
    return {};
  });
  registerCall(
    app,
    validateRecovery,
    async ({ query }) => {
      await recovery.validateReset(query.token);
      return {};
    },
    limit,
  );
  registerCall(
    app,
    finalizeRecovery,
    async ({ body }) => {
      const signedIn = await recovery.reset(body.token, body.new_password, body.auto_login);
      return { session: signedIn ? await tokenAnswer(signedIn.tokens, signedIn.account, consents) : null };
    },
    limit,
  );
  registerCall(app, initUnlock, async ({ body, request }) => {
    await recovery.requestUnlock(body.email, request.ip);
    return {};
  });
  registerCall(
    app,
    unlock,
    async ({ body }) => {
      await recovery.unlock(body.token, body.email);
      return {};
    },
    limit,
  );
}
