// The sessions calls (spec 001 §7 "Sessions"): signing in with a mailed code or a password, the
// grants of POST /sessions/auth/token, two-factor at sign-in, proving the player again, signing out
// and the current session. The rules are SignInService's (sign-in-service.ts); the game grants of
// the token endpoint are the oauth module's (OAuthService).
import { completeMfa, verifySession } from '@portal/contract/calls/sessions-mfa';
import {
  getCurrentSession,
  sendSignInEmail,
  signInWithPassword,
  signOut,
  token,
} from '@portal/contract/calls/sessions';
import { endOtherSignIns, endSignIn, listSignIns } from '@portal/contract/calls/signed-in-devices';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { originOf } from '../../http/origin.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerSessions(
  app: FastifyInstance,
  services: Pick<Services, 'audit' | 'consents' | 'oauth' | 'signIn' | 'signedInDevices' | 'tokens' | 'tokenAnswer'>,
) {
  const { audit, consents, oauth: grants, signIn, signedInDevices, tokens, tokenAnswer } = services;

  // The answer is the same whether or not the address has an account; only an account gets a code.
  registerCall(app, sendSignInEmail, async ({ body, request }) => {
    await signIn.sendCode(body.email, request.ip);
    return {};
  });

  // The captcha (X-Captcha-Response) is the call's policy: registerCall checks it.
  registerCall(app, signInWithPassword, async ({ body, request }) => {
    const { tokens: issued, account } = await signIn.withPassword(
      body.email,
      body.password,
      originOf(request),
      request.ctx.apiClient,
    );
    return tokenAnswer(issued, account);
  });

  registerCall(app, token, async ({ body, request }) => {
    if (body.grant_type === 'email_code') {
      const { tokens: issued, account } = await signIn.withEmailCode(body.email, body.code, request.ctx.apiClient);
      if (!issued.session.mfaPending) await audit.record(account.id, 'sign_in', originOf(request), 'email_code');
      return tokenAnswer(issued, account);
    }
    if (body.grant_type === 'authorization_code') {
      // A game redeems the code it got through the player's browser (PKCE S256, single use).
      const { tokens: issued, account } = await grants.authorizationCode({
        code: body.code,
        clientId: body.client_id,
        redirectUri: body.redirect_uri,
        codeVerifier: body.code_verifier,
      });
      await audit.record(account.id, 'sign_in', originOf(request, body.client_id), 'game');
      return tokenAnswer(issued, account);
    }
    if (body.grant_type === 'device_code') {
      // A device polls; the device code alone names its authorization here.
      const { tokens: issued, account, clientId } = await grants.deviceCode(body.code, null);
      await audit.record(account.id, 'sign_in', originOf(request, clientId), 'device');
      return tokenAnswer(issued, account);
    }
    const { tokens: issued, account } = await signIn.refresh(body.refresh_token);
    return tokenAnswer(issued, account);
  });

  // Completes a sign-in pending two-factor (the call allows such a session).
  registerCall(app, completeMfa, async ({ body, session, account, request }) => {
    const { tokens: issued, account: signedIn } = await signIn.completeTwoFactor(session, account, body);
    // The sign-in of an account with two-factor on counts once its second step passed, named by it.
    const method = body.code_type === 'backup_code' ? 'backup_code' : 'authenticator';
    await audit.record(signedIn.id, 'sign_in', originOf(request, session.clientId), method);
    return tokenAnswer(issued, signedIn);
  });

  registerCall(app, verifySession, async ({ body, session, account, request }) => {
    await signIn.verify(
      session,
      account,
      body.code_type === 'passkey' ? { code_type: 'passkey', response: body.response as never } : body,
    );
    // A sign-in pending two-factor finished another way ("try another way": a code sent by email).
    const method =
      body.code_type === 'email_code' ? 'email_code' : body.code_type === 'passkey' ? 'passkey' : 'authenticator';
    if (session.mfaPending) await audit.record(account.id, 'sign_in', originOf(request, session.clientId), method);
    return {};
  });

  // A sign-in pending two-factor may be ended and looked at (the two-factor page shows it).
  registerCall(app, signOut, async ({ session }) => {
    await tokens.end(session);
    return {};
  });

  registerCall(app, getCurrentSession, async ({ session, account }) => {
    const current = await signIn.current(session);
    return {
      account: await consents.view(account),
      mfa_required: current.mfaRequired,
      mfa_methods: current.mfaMethods,
      created_at: current.createdAt,
      expires_at: current.expiresAt,
    };
  });

  // Signed-in devices (issue 31): the account's live sign-ins, and ending them.
  registerCall(app, listSignIns, async ({ session }) => ({ items: await signedInDevices.list(session) }));

  registerCall(app, endSignIn, async ({ params, session, request }) => {
    const { current } = await signedInDevices.end(session, params.id);
    if (!current) await audit.record(session.accountId, 'sign_in_ended', originOf(request), 'one');
    return {};
  });

  registerCall(app, endOtherSignIns, async ({ session, request }) => {
    const ended = await signedInDevices.endOthers(session);
    if (ended > 0) await audit.record(session.accountId, 'sign_in_ended', originOf(request), 'others');
    return { ended };
  });
}
