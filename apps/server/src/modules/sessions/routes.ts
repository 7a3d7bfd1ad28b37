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
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { RequestError } from '../../http/request-error.ts';
import { AccountsRepo } from '../accounts/repo.ts';
import { CODE_TTL_MINUTES, EmailCodes } from '../email-codes/service.ts';
import { createRecovery } from '../accounts/recovery.ts';
import { signedInAccount } from '../accounts/signed-in.ts';
import { createMfa } from '../mfa/service.ts';
import { createGrants } from '../oauth/grants.ts';
import { PasswordSignIn } from './password-sign-in.ts';
import { tokenAnswer } from './token-answer.ts';
import { signInOf } from './token-service.ts';

export function registerSessions(app: FastifyInstance, deps: Deps) {
  const accounts = new AccountsRepo(deps.db.orm);
  const recovery = createRecovery({ ...deps, accounts });
  const passwordSignIn = new PasswordSignIn(accounts, deps.tokens, {
    lockThreshold: deps.config.SOFT_LOCK_THRESHOLD,
    onLocked: (account) => recovery.sendUnlockLink(account),
  });
  const signInLimit = { rateLimit: { max: deps.config.SIGN_IN_PER_MINUTE, timeWindow: 60_000 } };
  const codes = EmailCodes.of(deps);
  const grants = createGrants(deps);
  const consents = deps.consents;

  // The answer is the same whether or not the address has an account; only an account gets a code.
  registerCall(app, sendSignInEmail, async ({ body, request }) => {
    await codes.checkSendLimits('sign_in', body.email, request.ip);
    const account = await accounts.findByEmail(body.email);
    if (account && !account.stub) {
      const code = await codes.issue('sign_in', body.email);
      await deps.mailer.send({
        to: account.email ?? body.email,
        locale: account.locale as LocaleTag,
        template: 'sign_in_code',
        data: { code, minutes: CODE_TTL_MINUTES },
      });
    }
    return {};
  });

  registerCall(
    app,
    signInWithPassword,
    async ({ body }) => {
      const { tokens, account } = await passwordSignIn.signIn(body.email, body.password);
      return tokenAnswer(tokens, account, consents);
    },
    signInLimit,
  );

  registerCall(
    app,
    token,
    async ({ body }) => {
      if (body.grant_type === 'email_code') {
        await codes.consume('sign_in', body.email, body.code);
        const account = await accounts.findByEmail(body.email);
        if (!account || account.stub) throw new RequestError('email_code_invalid');
        if (account.lockedAt !== null)
          throw new RequestError('account_soft_locked', { body: { reset_password: true } });
        return tokenAnswer(await deps.tokens.start(signInOf(account)), account, consents);
      }
      if (body.grant_type === 'authorization_code') {
        // A game redeems the code it got through the player's browser (PKCE S256, single use).
        const { tokens, account } = await grants.authorizationCode({
          code: body.code,
          clientId: body.client_id,
          redirectUri: body.redirect_uri,
          codeVerifier: body.code_verifier,
        });
        return tokenAnswer(tokens, account, consents);
      }
      if (body.grant_type === 'device_code') {
        // A device polls; the device code alone names its authorization here.
        const { tokens, account } = await grants.deviceCode(body.code, null);
        return tokenAnswer(tokens, account, consents);
      }
      const tokens = await deps.tokens.refresh(body.refresh_token);
      const account = await accounts.findById(tokens.session.accountId);
      if (!account) throw new RequestError('auth_expired');
      return tokenAnswer(tokens, account, consents);
    },
    signInLimit,
  );

  // Completes a sign-in pending two-factor; the pending sign-in ends and a full one starts.
  const mfa = createMfa(deps);
  registerCall(
    app,
    completeMfa,
    async ({ body, request }) => {
      const session = request.ctx.session;
      const account = await signedInAccount(accounts, request);
      if (!session?.mfaPending) throw new RequestError('invalid_request', { body: { reason: 'session_not_pending' } });
      if (body.code_type === 'backup_code') await mfa.useBackupCode(account, body.code);
      else await mfa.checkCode(account, body.code);
      await deps.tokens.end(session);
      const tokens = await deps.tokens.start({ accountId: account.id, clientId: session.clientId });
      return tokenAnswer(tokens, (await accounts.findById(account.id)) ?? account, consents);
    },
    { ...signInLimit, allowMfaPending: true },
  );

  // Proves the player again in this session: before a sensitive change, or in place of two-factor
  // at sign-in ("try another way": a code mailed by POST /sessions/email).
  registerCall(
    app,
    verifySession,
    async ({ body, request }) => {
      const account = await signedInAccount(accounts, request);
      if (body.code_type === 'mfa_code') await mfa.checkCode(account, body.code);
      else {
        if (!account.email) throw new RequestError('missing_email');
        await codes.consume('sign_in', account.email, body.code);
      }
      await deps.sessions.markVerified((request.ctx.session as { id: string }).id);
      return {};
    },
    { ...signInLimit, allowMfaPending: true },
  );

  // A sign-in pending two-factor may be ended and looked at (the two-factor page shows it).
  const pendingAllowed = { allowMfaPending: true, gameToken: 'allowed' } as const;
  registerCall(
    app,
    signOut,
    async ({ request }) => {
      if (request.ctx.session) await deps.tokens.end(request.ctx.session);
      return {};
    },
    pendingAllowed,
  );

  registerCall(
    app,
    getCurrentSession,
    async ({ request }) => {
      const session = request.ctx.session;
      const found = session ? await deps.sessions.find(session.id) : null;
      const account = session ? await accounts.findById(session.accountId) : undefined;
      if (!found || !account) throw new RequestError('auth_expired');
      return {
        account: await consents.view(account),
        mfa_required: found.mfaPending,
        created_at: found.createdAt,
        expires_at: found.accessExpiresAt,
      };
    },
    pendingAllowed,
  );
}
