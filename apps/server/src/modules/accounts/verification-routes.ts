import { verifyEmail } from '@portal/contract/calls/accounts';
import { cancelEmailChange, sendVerificationEmail } from '@portal/contract/calls/accounts-me';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerVerification(app: FastifyInstance, services: Services) {
  const { verification, consents } = services;

  registerCall(app, sendVerificationEmail, async ({ request, account }) => {
    await verification.send(account, request.ip);
    return {};
  });
  // Signed in or not: the code needs the account, the link works on its own.
  registerCall(app, verifyEmail, async ({ body, account }) => {
    await verification.verify(body, account ?? undefined);
    return {};
  });
  registerCall(app, cancelEmailChange, async ({ account }) => {
    await verification.cancelPending(account);
    return consents.view({ ...account, emailPending: null });
  });
}
