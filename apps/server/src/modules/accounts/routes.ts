import { getLocation, sendRegistrationEmail } from '@portal/contract/calls/accounts';
import { consent, getMe, updateUsername } from '@portal/contract/calls/accounts-me';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { CODE_TTL_MINUTES } from '../email-codes/service.ts';
import { locate } from './location.ts';

export function registerAccounts(app: FastifyInstance, services: Services) {
  const { config, accounts, consents, emailCodes: codes, mailer } = services;
  const options = {
    countryHeader: config.GEO_COUNTRY_HEADER,
    subdivisionHeader: config.GEO_SUBDIVISION_HEADER,
    defaultCountry: config.DEFAULT_COUNTRY,
  };
  registerCall(app, getLocation, async ({ request }) => locate(request, options));

  // Same answer for an address that already has an account; it gets no code.
  registerCall(app, sendRegistrationEmail, async ({ body, request }) => {
    await codes.checkSendLimits('register', body.email, request.ip);
    if (!(await accounts.findByEmail(body.email))) {
      const code = await codes.issue('register', body.email);
      await mailer.send({
        to: body.email,
        locale: request.ctx.locale,
        template: 'register_code',
        data: { code, minutes: CODE_TTL_MINUTES },
      });
    }
    return {};
  });
  // A game's token reads the account it signs in (the account calls a game may use: gameToken).
  registerCall(app, getMe, async ({ account }) => consents.view(account));

  registerCall(app, updateUsername, async ({ body, account }) =>
    consents.view(await accounts.changeUsername(account, body.username)),
  );

  registerCall(app, consent, async ({ params, account }) =>
    consents.view(await consents.consent(account, params.type)),
  );
}
