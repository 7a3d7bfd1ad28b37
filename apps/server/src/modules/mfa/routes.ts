// The two-factor calls of the signed-in account: set up, turn on, view or renew the backup codes,
// and turn off (the call needs a recent session verification: its `recentVerification` policy).
import {
  activateMfa,
  getBackupCodes,
  regenerateBackupCodes,
  removeMfa,
  startMfa,
} from '@portal/contract/calls/accounts-mfa';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { originOf } from '../../http/origin.ts';
import { RequestError } from '../../http/request-error.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerMfa(app: FastifyInstance, services: Services) {
  const { mfa, consents, audit } = services;

  registerCall(app, startMfa, async ({ account }) => mfa.start(account));
  registerCall(app, activateMfa, async ({ body, account, request }) => {
    const { codes } = await mfa.activate(account, body.code);
    await audit.record(account.id, 'mfa_enabled', originOf(request));
    return codes;
  });
  registerCall(app, getBackupCodes, async ({ query, account }) => mfa.backupCodes(account, query.code));
  registerCall(app, regenerateBackupCodes, async ({ body, account }) => mfa.regenerate(account, body.code));
  registerCall(app, removeMfa, async ({ account, session, request }) => {
    // The spec's "verified just before" (1059), by what the account has beside its mailbox: the
    // authenticator, the password or a passkey, never an emailed code alone (issue 31, ASVS 7.5.1).
    if (session.verifiedBy === 'email_code') throw new RequestError('session_verification_required');
    const changed = await mfa.remove(account);
    await audit.record(account.id, 'mfa_disabled', originOf(request));
    return consents.view(changed);
  });
}
