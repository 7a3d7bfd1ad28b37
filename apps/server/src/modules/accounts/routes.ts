// The accounts calls (spec 001 §7 "Accounts"): registration and the checks a signed-out visitor
// makes on the way, the signed-in account and its settings, email verification, password reset
// and unlock, deleting the account, and the notification preferences of a mail's opt-out link.
// Each mounts a contract call on the module's services; the rules are theirs.
import {
  checkAgeCategory,
  checkDateOfBirth,
  checkEmail,
  checkUsername,
  complete,
  generateUsername,
  getLocation,
  loginInfo,
  register,
  sendRegistrationEmail,
  verifyEmail,
} from '@portal/contract/calls/accounts';
import {
  cancelEmailChange,
  consent,
  deleteAccount,
  getMe,
  listAvatars,
  sendDeleteVerificationEmail,
  sendVerificationEmail,
  updateAvatar,
  updateCountry,
  updateDateOfBirth,
  updateEmail,
  updateEmailPreferences,
  updateLocale,
  updateMarketing,
  updatePassword,
  updateUsername,
} from '@portal/contract/calls/accounts-me';
import {
  finalizeRecovery,
  getEmailPreferencesByToken,
  initRecovery,
  initUnlock,
  unlock,
  updateEmailPreferencesByToken,
  validateRecovery,
} from '@portal/contract/calls/accounts-recovery';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { originOf } from '../../http/origin.ts';
import { registerCall } from '../../http/register-call.ts';

type AccountServices = Pick<
  Services,
  | 'accounts'
  | 'registration'
  | 'consents'
  | 'verification'
  | 'recovery'
  | 'accountSettings'
  | 'accountDeletion'
  | 'emailPreferences'
  | 'tokenAnswer'
  | 'audit'
>;

export function registerAccounts(app: FastifyInstance, services: AccountServices) {
  registerRegistration(app, services);
  registerMe(app, services);
  registerVerification(app, services);
  registerRecovery(app, services);
  registerEmailPreferences(app, services);
}

function registerRegistration(app: FastifyInstance, { accounts, registration, tokenAnswer }: AccountServices) {
  registerCall(app, getLocation, async ({ request }) => registration.location(request.headers));
  // The captcha (X-Captcha-Response) is the call's policy: registerCall checks it and hands a refusal
  // to the registration, which refuses with it or, by RISK_CAPTCHA, flags the account (modules/risk).
  registerCall(
    app,
    register,
    async ({ body, request, captchaRefusal }) => {
      const { tokens, account } = await registration.register(body, request.ctx.locale, {
        origin: originOf(request),
        visitorId: request.ctx.visitorId,
        captchaRefusal,
      });
      return tokenAnswer(tokens, account);
    },
    { captcha: 'hand-over' },
  );
  registerCall(app, sendRegistrationEmail, async ({ body, request }) => {
    await registration.sendCode(body.email, request.ip, request.ctx.locale);
    return {};
  });
  registerCall(app, checkUsername, async ({ query }) => ({
    available: await registration.usernameAvailable(query.username),
  }));
  registerCall(app, generateUsername, async () => ({ username: await registration.suggestUsername() }));
  registerCall(app, checkEmail, async ({ query }) => ({ available: await registration.emailAvailable(query.email) }));
  registerCall(app, checkDateOfBirth, async ({ query }) => ({ passed: registration.dateOfBirthPasses(query) }));
  registerCall(app, checkAgeCategory, async ({ body, request }) => registration.ageCategory(body, request.headers));
  registerCall(app, loginInfo, async ({ body }) => ({ password_set: await accounts.passwordSet(body.email) }));
}

function registerMe(app: FastifyInstance, services: AccountServices) {
  const { accounts, registration, consents, accountSettings: settings, accountDeletion: deletion, audit } = services;
  // A game's token reads the account it signs in (the account calls a game may use: gameToken).
  registerCall(app, getMe, async ({ account }) => consents.view(account));
  registerCall(app, complete, async ({ body, request, account }) =>
    consents.view(await registration.complete(account, body, request.ctx.locale)),
  );
  registerCall(app, consent, async ({ params, account }) =>
    consents.view(await consents.consent(account, params.type)),
  );
  registerCall(app, updateUsername, async ({ body, account }) =>
    consents.view(await accounts.changeUsername(account, body.username)),
  );
  registerCall(app, updateEmail, async ({ body, request, account }) => {
    const changed = await settings.changeEmail(account, body.email, request.ip);
    await audit.record(account.id, 'email_changed', originOf(request), 'requested');
    return consents.view(changed);
  });
  registerCall(app, updatePassword, async ({ body, session, account, request }) => {
    const changed = await settings.changePassword(account, session, body);
    await audit.record(account.id, 'password_changed', originOf(request));
    return consents.view(changed);
  });
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
  registerCall(app, listAvatars, async () => ({ avatars: await settings.avatars() }));
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
  registerCall(app, deleteAccount, async ({ body, account, request }) => {
    await deletion.delete(account, body.code);
    await audit.record(account.id, 'account_deleted', originOf(request));
    return {};
  });
}

function registerVerification(app: FastifyInstance, { verification, consents, audit }: AccountServices) {
  registerCall(app, sendVerificationEmail, async ({ request, account }) => {
    await verification.send(account, request.ip);
    return {};
  });
  // Signed in or not: the code needs the account, the link works on its own.
  registerCall(app, verifyEmail, async ({ body, account, request }) => {
    const verified = await verification.verify(body, account ?? undefined);
    // An email change is done once its new address is verified (its request was recorded apart).
    if (verified.emailChanged) await audit.record(verified.accountId, 'email_changed', originOf(request), 'verified');
    return {};
  });
  registerCall(app, cancelEmailChange, async ({ account }) => {
    await verification.cancelPending(account);
    return consents.view({ ...account, emailPending: null });
  });
}

function registerRecovery(app: FastifyInstance, { recovery, tokenAnswer, audit }: AccountServices) {
  registerCall(app, initRecovery, async ({ body, request }) => {
    await recovery.sendResetLink(body.email, request.ip);
    return {};
  });
  registerCall(app, validateRecovery, async ({ query }) => {
    await recovery.validateReset(query.token);
    return {};
  });
  registerCall(app, finalizeRecovery, async ({ body, request }) => {
    const { account, tokens } = await recovery.reset(body.token, body.new_password, body.auto_login);
    await audit.record(account.id, 'password_changed', originOf(request), 'recovery');
    return { session: tokens ? await tokenAnswer(tokens, account) : null };
  });
  registerCall(app, initUnlock, async ({ body, request }) => {
    await recovery.requestUnlock(body.email, request.ip);
    return {};
  });
  registerCall(app, unlock, async ({ body }) => {
    await recovery.unlock(body.token, body.email);
    return {};
  });
}

/** The notification preferences of a mail's opt-out link, without signing in. */
function registerEmailPreferences(app: FastifyInstance, { emailPreferences: preferences }: AccountServices) {
  registerCall(app, getEmailPreferencesByToken, async ({ query }) => ({
    preferences: (await preferences.byToken(query.token)).preferences,
  }));
  // The token in the query or the body (spec 001 §7); none is an unknown link (link_invalid).
  registerCall(app, updateEmailPreferencesByToken, async ({ query, body }) => ({
    preferences: await preferences.updateByToken(query.token ?? body.token ?? '', body.preferences),
  }));
}
