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
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerAccountSettings(app: FastifyInstance, services: Services) {
  const { accountSettings: settings, accountDeletion: deletion, emailPreferences: preferences, consents } = services;
  const avatars = services.repos.avatars;

  registerCall(app, updateEmail, async ({ body, request, account }) =>
    consents.view(await settings.changeEmail(account, body.email, request.ip)),
  );
  registerCall(app, updatePassword, async ({ body, session, account }) =>
    consents.view(await settings.changePassword(account, session, body)),
  );
  registerCall(app, updateCountry, async ({ body, account }) =>
    consents.view(await settings.changeCountry(account, body.country, body.territory)),
  );
  registerCall(app, updateDateOfBirth, async ({ body, account }) =>
    consents.view(await settings.changeDateOfBirth(account, body.date_of_birth)),
  );
  registerCall(app, updateLocale, async ({ body, account }) =>
    consents.view(await settings.changeLocale(account, body.locale)),
  );
  registerCall(app, updateMarketing, async ({ body, account }) =>
    consents.view(await settings.changeMarketing(account, body.marketing_opt_in)),
  );
  registerCall(app, listAvatars, async () => ({ avatars: await avatars.list() }));
  registerCall(app, updateAvatar, async ({ body, account }) =>
    consents.view(await settings.changeAvatar(account, body.avatar)),
  );
  registerCall(app, updateEmailPreferences, async ({ body, account }) =>
    consents.view(await settings.changeFriendRequestEmails(account, body.friend_request)),
  );

  registerCall(app, sendDeleteVerificationEmail, async ({ request, account }) => {
    await deletion.sendCode(account, request.ip);
    return {};
  });
  registerCall(app, deleteAccount, async ({ body, account }) => {
    await deletion.delete(account, body.code);
    return {};
  });

  registerCall(app, getEmailPreferencesByToken, async ({ query }) => ({
    preferences: (await preferences.byToken(query.token)).preferences,
  }));
  // The token in the query or the body (spec 001 §7); none is an unknown link (link_invalid).
  registerCall(app, updateEmailPreferencesByToken, async ({ query, body }) => ({
    preferences: await preferences.updateByToken(query.token ?? body.token ?? '', body.preferences),
  }));
}
