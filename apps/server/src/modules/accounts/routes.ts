import { getLocation, sendRegistrationEmail } from '@portal/contract/calls/accounts';
import { consent, getMe, updateUsername } from '@portal/contract/calls/accounts-me';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { CODE_TTL_MINUTES, EmailCodes } from '../email-codes/service.ts';
import { locate } from './location.ts';
import { AccountsRepo } from './repo.ts';
import { signedInAccount } from './signed-in.ts';
import { changeUsername } from './username-change.ts';

export function registerAccounts(app: FastifyInstance, deps: Deps) {
  const options = {
    countryHeader: deps.config.GEO_COUNTRY_HEADER,
    subdivisionHeader: deps.config.GEO_SUBDIVISION_HEADER,
    defaultCountry: deps.config.DEFAULT_COUNTRY,
  };
  registerCall(app, getLocation, async ({ request }) => locate(request, options));

  const accounts = new AccountsRepo(deps.db.orm);
  const consents = deps.consents;
  const codes = EmailCodes.of(deps);

  // Same answer for an address that already has an account; it gets no code.
  registerCall(app, sendRegistrationEmail, async ({ body, request }) => {
    await codes.checkSendLimits('register', body.email, request.ip);
    if (!(await accounts.findByEmail(body.email))) {
      const code = await codes.issue('register', body.email);
      await deps.mailer.send({
        to: body.email,
        locale: request.ctx.locale,
        template: 'register_code',
        data: { code, minutes: CODE_TTL_MINUTES },
      });
    }
    return {};
  });
  // A game's token reads the account it signs in (the account calls a game may use).
  registerCall(
    app,
    getMe,
    async ({ request }) => {
      const account = await signedInAccount(accounts, request);
      return consents.view(account);
    },
    { gameToken: 'allowed' },
  );

  registerCall(app, updateUsername, async ({ body, request }) => {
    const account = await signedInAccount(accounts, request);
    const bounds = { min: deps.config.USERNAME_MIN_LENGTH, max: deps.config.USERNAME_MAX_LENGTH };
    return consents.view(await changeUsername(accounts, account, body.username, bounds));
  });

  registerCall(app, consent, async ({ params, request }) => {
    const account = await signedInAccount(accounts, request);
    return consents.view(await consents.consent(account, params.type));
  });
}
