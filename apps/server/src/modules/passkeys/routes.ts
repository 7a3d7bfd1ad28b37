// The passkey calls (issue 31, ADR 036): the account's passkeys (adding and removing need the player
// proved just before: the calls' `recentVerification` policy), signing in with one, and the options
// of a passkey verification (PUT /sessions/me/verify with code_type passkey, the sessions module's).
import {
  addPasskey,
  listPasskeys,
  passkeyOptions,
  removePasskey,
  renamePasskey,
  sessionPasskeyOptions,
  signInPasskeyOptions,
  signInWithPasskey,
} from '@portal/contract/calls/passkeys';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { originOf } from '../../http/origin.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerPasskeys(
  app: FastifyInstance,
  services: Pick<Services, 'passkeys' | 'signIn' | 'audit' | 'tokenAnswer'>,
) {
  const { passkeys, signIn, audit, tokenAnswer } = services;

  registerCall(app, passkeyOptions, async ({ account }) => ({
    options: { ...(await passkeys.registrationOptions(account)) },
  }));

  registerCall(app, addPasskey, async ({ body, account, request }) => {
    const origin = originOf(request);
    const added = await passkeys.add(
      account,
      { name: body.name, response: body.response as unknown as RegistrationResponseJSON },
      origin.userAgent,
    );
    await audit.record(account.id, 'passkey_added', origin);
    return added;
  });

  registerCall(app, listPasskeys, async ({ account }) => ({ items: await passkeys.list(account.id) }));

  registerCall(app, renamePasskey, async ({ params, body, account }) =>
    passkeys.rename(account.id, params.id, body.name),
  );

  registerCall(app, removePasskey, async ({ params, account, request }) => {
    await passkeys.remove(account, params.id);
    await audit.record(account.id, 'passkey_removed', originOf(request));
    return {};
  });

  registerCall(app, signInPasskeyOptions, async () => ({ options: { ...(await passkeys.signInOptions()) } }));

  registerCall(app, signInWithPasskey, async ({ body, request }) => {
    const { tokens, account } = await signIn.withPasskey(
      body.response as unknown as AuthenticationResponseJSON,
      originOf(request),
      request.ctx.apiClient,
    );
    return tokenAnswer(tokens, account);
  });

  registerCall(app, sessionPasskeyOptions, async ({ account }) => ({
    options: { ...(await passkeys.verifyOptions(account.id)) },
  }));
}
