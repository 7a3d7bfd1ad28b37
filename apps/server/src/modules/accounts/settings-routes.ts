// The signed-in account's settings (/account and /security), deleting the account, and the email
// notification preferences, signed in or from a mail's opt-out link.
import { getEmailPreferencesByToken, updateEmailPreferencesByToken } from '@portal/contract/calls/accounts-recovery';
import {
  deleteAccount,
  listAvatars,
  sendDeleteVerificationEmail,
  updateAvatar,
  updateCountry,
  updateDateOfBirth,
  updateEmail,
  updateEmailPreferences,
  updateLocale,
  updateMarketing,
  updatePassword,
} from '@portal/contract/calls/accounts-me';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { EmailCodes } from '../email-codes/service.ts';
import { LinkTokens } from '../link-tokens/service.ts';
import { parseMinAgeOverrides } from './age-rules.ts';
import { AvatarsRepo } from './avatars.ts';
import { AccountDeletion } from './deletion.ts';
import { EmailPreferences } from './email-preferences.ts';
import { AccountsRepo } from './repo.ts';
import { AccountSettings } from './settings.ts';
import { signedInAccount } from './signed-in.ts';
import { Verification } from './verification.ts';

export function registerAccountSettings(app: FastifyInstance, deps: Deps) {
  const accounts = new AccountsRepo(deps.db.orm);
  const avatars = new AvatarsRepo(deps.db.orm);
  const codes = EmailCodes.of(deps);
  const links = new LinkTokens(deps.db.orm);
  const { mailer, consents } = deps;
  const publicUrl = deps.config.publicUrl;
  const settings = new AccountSettings({
    accounts,
    avatars,
    verification: new Verification({ accounts, codes, links, mailer, publicUrl }),
    tokens: deps.tokens,
    mailer,
    minAgeOverrides: parseMinAgeOverrides(deps.config.MIN_AGE_BY_COUNTRY),
  });
  const deletion = new AccountDeletion({ accounts, codes, mailer });
  const preferences = new EmailPreferences({ accounts, links, mailer, publicUrl });
  // Calls that check a secret (the current password, an emailed code) are limited like sign-in.
  const secretLimit = { rateLimit: { max: deps.config.SIGN_IN_PER_MINUTE, timeWindow: 60_000 } };
  const me = (request: Parameters<typeof signedInAccount>[1]) => signedInAccount(accounts, request);

  registerCall(app, updateEmail, async ({ body, request }) =>
    consents.view(await settings.changeEmail(await me(request), body.email, request.ip)),
  );
  registerCall(
    app,
    updatePassword,
    async ({ body, request }) => {
      const session = request.ctx.session;
      if (!session) throw new Error('a token call without a session');
      return consents.view(await settings.changePassword(await me(request), session, body));
    },
    secretLimit,
  );
  registerCall(app, updateCountry, async ({ body, request }) =>
    consents.view(await settings.changeCountry(await me(request), body.country, body.territory)),
  );
  registerCall(app, updateDateOfBirth, async ({ body, request }) =>
    consents.view(await settings.changeDateOfBirth(await me(request), body.date_of_birth)),
  );
  registerCall(app, updateLocale, async ({ body, request }) =>
    consents.view(await settings.changeLocale(await me(request), body.locale)),
  );
  registerCall(app, updateMarketing, async ({ body, request }) =>
    consents.view(await settings.changeMarketing(await me(request), body.marketing_opt_in)),
  );
  registerCall(app, listAvatars, async ({ request }) => {
    await me(request);
    return { avatars: await avatars.list() };
  });
  registerCall(app, updateAvatar, async ({ body, request }) =>
    consents.view(await settings.changeAvatar(await me(request), body.avatar)),
  );
  registerCall(app, updateEmailPreferences, async ({ body, request }) =>
    consents.view(await settings.changeFriendRequestEmails(await me(request), body.friend_request)),
  );

  registerCall(app, sendDeleteVerificationEmail, async ({ request }) => {
    await deletion.sendCode(await me(request), request.ip);
    return {};
  });
  registerCall(
    app,
    deleteAccount,
    async ({ body, request }) => {
      await deletion.delete(await me(request), body.code);
      return {};
    },
    secretLimit,
  );

  registerCall(
    app,
    getEmailPreferencesByToken,
    async ({ query }) => ({ preferences: (await preferences.byToken(query.token)).preferences }),
    secretLimit,
  );
  registerCall(
    app,
    updateEmailPreferencesByToken,
    async ({ query, body }) => ({ preferences: await preferences.updateByToken(query.token, body.preferences) }),
    secretLimit,
  );
}
