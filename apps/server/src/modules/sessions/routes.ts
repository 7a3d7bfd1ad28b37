import { completeMfa, verifySession } from '@portal/contract/calls/sessions-mfa';
import {
  getCurrentSession,
  sendSignInEmail,
  signInWithPassword,
  signOut,
  token,
} from '@portal/contract/calls/sessions';
import type { LocaleTag } from '@portal/contract/data/locales';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { RequestError } from '../../http/request-error.ts';
import { CODE_TTL_MINUTES } from '../email-codes/service.ts';
import { signInOf } from './token-service.ts';

export function registerSessions(app: FastifyInstance, services: Services) {
  const {
    accounts,
    consents,
    emailCodes: codes,
    oauth: grants,
    mailer,
    mfa,
    passwordSignIn,
    sessions,
    tokens,
    tokenAnswer,
  } = services;

  // The answer is the same whether or not the address has an account; only an account gets a code.
  registerCall(app, sendSignInEmail, async ({ body, request }) => {
    await codes.checkSendLimits('sign_in', body.email, request.ip);
    const account = await accounts.findByEmail(body.email);
    if (account && !account.stub) {
      const code = await codes.issue('sign_in', body.email);
      await mailer.send({
        to: account.email ?? body.email,
        locale: account.locale as LocaleTag,
        template: 'sign_in_code',
        data: { code, minutes: CODE_TTL_MINUTES },
      });
    }
    return {};
  });

  // The captcha (X-Captcha-Response) is the call's policy: registerCall checks it.
  registerCall(app, signInWithPassword, async ({ body }) => {
    const { tokens: issued, account } = await passwordSignIn.signIn(body.email, body.password);
    return tokenAnswer(issued, account);
  });

  registerCall(app, token, async ({ body }) => {
    if (body.grant_type === 'email_code') {
      await codes.consume('sign_in', body.email, body.code);
      const account = await accounts.findByEmail(body.email);
      if (!account || account.stub) throw new RequestError('email_code_invalid');
      if (account.lockedAt !== null) throw new RequestError('account_soft_locked', { body: { reset_password: true } });
      return tokenAnswer(await tokens.start(signInOf(account)), account);
    }
    if (body.grant_type === 'authorization_code') {
      // A game redeems the code it got through the player's browser (PKCE S256, single use).
      const { tokens: issued, account } = await grants.authorizationCode({
        code: body.code,
        clientId: body.client_id,
        redirectUri: body.redirect_uri,
        codeVerifier: body.code_verifier,
      });
      return tokenAnswer(issued, account);
    }
    if (body.grant_type === 'device_code') {
      // A device polls; the device code alone names its authorization here.
      const { tokens: issued, account } = await grants.deviceCode(body.code, null);
      return tokenAnswer(issued, account);
    }
    const issued = await tokens.refresh(body.refresh_token);
    const account = await accounts.findById(issued.session.accountId);
    if (!account) throw new RequestError('auth_expired');
    return tokenAnswer(issued, account);
  });

  // Completes a sign-in pending two-factor (the call allows such a session); the pending sign-in
  // ends and a full one starts.
  registerCall(app, completeMfa, async ({ body, session, account }) => {
    if (!session.mfaPending) throw new RequestError('invalid_request', { body: { reason: 'session_not_pending' } });
    if (body.code_type === 'backup_code') await mfa.useBackupCode(account, body.code);
    else await mfa.checkCode(account, body.code);
    await tokens.end(session);
    const issued = await tokens.start({ accountId: account.id, clientId: session.clientId });
    return tokenAnswer(issued, (await accounts.findById(account.id)) ?? account);
  });

  // Proves the player again in this session: before a sensitive change, or in place of two-factor
  // at sign-in ("try another way": a code mailed by POST /sessions/email).
  registerCall(app, verifySession, async ({ body, session, account }) => {
    if (body.code_type === 'mfa_code') await mfa.checkCode(account, body.code);
    else {
      if (!account.email) throw new RequestError('missing_email');
      await codes.consume('sign_in', account.email, body.code);
    }
    await sessions.markVerified(session.id);
    return {};
  });

  // A sign-in pending two-factor may be ended and looked at (the two-factor page shows it).
  registerCall(app, signOut, async ({ session }) => {
    await tokens.end(session);
    return {};
  });

  registerCall(app, getCurrentSession, async ({ session, account }) => {
    const found = await sessions.find(session.id);
    if (!found) throw new RequestError('auth_expired');
    return {
      account: await consents.view(account),
      mfa_required: found.mfaPending,
      created_at: found.createdAt,
      expires_at: found.accessExpiresAt,
    };
  });
}
