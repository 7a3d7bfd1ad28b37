import { verifyEmail } from '@portal/contract/calls/accounts';
import { cancelEmailChange, sendVerificationEmail } from '@portal/contract/calls/accounts-me';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { EmailCodes } from '../email-codes/service.ts';
import { LinkTokens } from '../link-tokens/service.ts';
import { AccountsRepo } from './repo.ts';
import { sessionAccount, signedInAccount } from './signed-in.ts';
import { Verification } from './verification.ts';

export function registerVerification(app: FastifyInstance, deps: Deps) {
  const accounts = new AccountsRepo(deps.db.orm);
  const consents = deps.consents;
  const verification = new Verification({
    accounts,
    codes: EmailCodes.of(deps),
    links: new LinkTokens(deps.db.orm),
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
  });

  registerCall(app, sendVerificationEmail, async ({ request }) => {
    await verification.send(await signedInAccount(accounts, request), request.ip);
    return {};
  });
  registerCall(
    app,
    verifyEmail,
    async ({ body, request }) => {
      await verification.verify(body, await sessionAccount(accounts, request));
      return {};
    },
    { rateLimit: { max: deps.config.SIGN_IN_PER_MINUTE, timeWindow: 60_000 } },
  );
  registerCall(app, cancelEmailChange, async ({ request }) => {
    const account = await signedInAccount(accounts, request);
    await verification.cancelPending(account);
    return consents.view({ ...account, emailPending: null });
  });
}
