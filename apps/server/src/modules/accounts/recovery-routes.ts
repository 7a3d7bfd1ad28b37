import {
  finalizeRecovery,
  initRecovery,
  initUnlock,
  unlock,
  validateRecovery,
} from '@portal/contract/calls/accounts-recovery';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerRecovery(app: FastifyInstance, services: Services) {
  const { recovery, tokenAnswer } = services;

  registerCall(app, initRecovery, async ({ body, request }) => {
    await recovery.sendResetLink(body.email, request.ip);
    return {};
  });
  registerCall(app, validateRecovery, async ({ query }) => {
    await recovery.validateReset(query.token);
    return {};
  });
  registerCall(app, finalizeRecovery, async ({ body }) => {
    const signedIn = await recovery.reset(body.token, body.new_password, body.auto_login);
    return { session: signedIn ? await tokenAnswer(signedIn.tokens, signedIn.account) : null };
  });
  registerCall(app, initUnlock, async ({ body, request }) => {
    await recovery.requestUnlock(body.email, request.ip);
    return {};
  });
  registerCall(app, unlock, async ({ body }) => {
    await recovery.unlock(body.token, body.email);
    return {};
  });
}
