import { getLocation } from '@portal/contract/calls/accounts';
import { getMe } from '@portal/contract/calls/accounts-me';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { RequestError } from '../../http/request-error.ts';
import { toAccount } from './account-view.ts';
import { locate } from './location.ts';
import { AccountsRepo } from './repo.ts';

export function registerAccounts(app: FastifyInstance, deps: Deps) {
  const options = {
    countryHeader: deps.config.GEO_COUNTRY_HEADER,
    subdivisionHeader: deps.config.GEO_SUBDIVISION_HEADER,
    defaultCountry: deps.config.DEFAULT_COUNTRY,
  };
  registerCall(app, getLocation, async ({ request }) => locate(request, options));

  const accounts = new AccountsRepo(deps.db.orm);
  registerCall(app, getMe, async ({ request }) => {
    const account = request.ctx.session ? await accounts.findById(request.ctx.session.accountId) : undefined;
    if (!account) throw new RequestError('auth_expired');
    return toAccount(account);
  });
}
