import { verifyEmail } from '@portal/contract/calls/accounts';
import { cancelEmailChange, sendVerificationEmail } from '@portal/contract/calls/accounts-me';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { RequestError } from '../../http/request-error.ts';
import { EmailCodes } from '../email-codes/service.ts';
import { LinkTokens } from '../link-tokens/service.ts';
import { Consents } from './consents.ts';
import { AccountsRepo } from './repo.ts';
import { Verification } from './verification.ts';

export function registerVerification(app: FastifyInstance, deps: Deps) {
  const accounts = new AccountsRepo(deps.db.orm);
  const consents = new Consents(deps.db.orm);
  const verification = new Verification({
    accounts,
    codes: new EmailCodes(deps.db.orm, deps.counters),
    links: new LinkTokens(deps.db.orm),
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
  });
  const signedIn = async (request: FastifyRequest) => {
    const account = request.ctx.session ? await accounts.findById(request.ctx.session.accountId) : undefined;
    return account;
  };
  const required = async (request: FastifyRequest) => {
    const account = await signedIn(request);
    if (!account) throw new RequestError('auth_expired');
    return account;
  };

  registerCall(app, sendVerificationEmail, async ({ request }) => {
    await verification.send(await required(request), request.ip);
    return {};
  });
  registerCall(
    app,
    verifyEmail,
    async ({ body, request }) => {
      await verification.verify(body, await signedIn(request));
      return {};
    },
    { rateLimit: { max: deps.config.SIGN_IN_PER_MINUTE, timeWindow: 60_000 } },
  );
  registerCall(app, cancelEmailChange, async ({ request }) => {
    const account = await required(request);
    await verification.cancelPending(account);
    return consents.view({ ...account, emailPending: null });
  });
}
