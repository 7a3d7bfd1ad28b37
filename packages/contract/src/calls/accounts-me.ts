// Accounts, part 3: the signed-in account's profile, consents, email, password, avatar, deletion
// and game progress, plus the account lookup of the friends search.
import { z } from 'zod';
import { LOCALE_TAGS } from '../data/locales.ts';
import { defineCall } from './define.ts';
import { documentedRule, requireFields } from './documented.ts';
import {
  account,
  avatar,
  countryCode,
  gameProgress,
  password,
  publicProfile,
  territoryCode,
  username,
} from './entities.ts';
import { inUsOnly } from './territory-rule.ts';
import { gamePlatformKey, gameSlug } from './games.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, calendarDateOrDatetime, email, emailCode } from './wire.ts';

export const getMe = defineCall({
  id: 'accounts.me',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/me',
  auth: 'token',
  allowStub: true,
  gameToken: 'allowed',
  summary: 'The signed-in account.',
  response: account,
});

export const lookupAccount = defineCall({
  id: 'accounts.lookup',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/lookup',
  auth: 'token',
  // limited per address by the checks tier, and per account by FRIEND_SEARCHES_PER_MINUTE
  rateLimit: 'checks',
  summary: 'Finds a player by exact email or display name (friends search); null when there is none.',
  query: documentedRule(
    z.object({
      type: z.enum(['email', 'username']),
      value: z
        .string()
        .trim()
        .min(1)
        .max(EMAIL_MAX_LENGTH)
        .describe('An email address when type is email, else a display name'),
    }),
    (q) => (q.type === 'email' ? EMAIL_PATTERN.test(q.value) : username.safeParse(q.value).success),
    { path: ['value'], error: 'Enter a valid email address or display name' },
    {
      anyOf: [
        { properties: { type: { const: 'email' }, value: { pattern: EMAIL_PATTERN.source } } },
        {
          properties: {
            type: { const: 'username' },
            value: { minLength: username.minLength ?? 1, maxLength: username.maxLength ?? EMAIL_MAX_LENGTH },
          },
        },
      ],
    },
  ),
  // payload not shown in the spec: chosen {account: public profile | null, relation, invitation_id},
  // the same shape whether or not a player was found; relation and invitation_id say what the
  // result card offers (send a request, accept or cancel the open one, unblock)
  response: z.object({
    account: publicProfile.nullable(),
    relation: z.enum(['self', 'none', 'friend', 'incoming', 'outgoing', 'blocked']).nullable(),
    invitation_id: z.uuid().nullable(),
  }),
});

export const updateUsername = defineCall({
  id: 'accounts.updateUsername',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/username',
  auth: 'token',
  summary: 'Changes the display name (1000 taken, 1002 cooldown of 30 days, 1003 unchanged).',
  body: z.object({ username }),
  response: account,
});

export const updateEmail = defineCall({
  id: 'accounts.updateEmail',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/email',
  auth: 'token',
  summary: 'Starts an email change: the new address stays in email_pending until it is verified.',
  body: z.object({ email: email() }),
  response: account,
  // Issue 28 (ADR 029): the player proves it is them with the password or the authenticator first.
  recentVerification: 'credential',
});

export const cancelEmailChange = defineCall({
  id: 'accounts.cancelEmailChange',
  area: 'accounts',
  method: 'DELETE',
  path: '/accounts/me/verify_email',
  auth: 'token',
  summary: 'Drops the pending email change.',
  response: account,
});

export const sendVerificationEmail = defineCall({
  id: 'accounts.sendVerificationEmail',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/send_verification_email',
  auth: 'token',
  summary: 'Emails a verification code and link for the unverified or pending email address.',
});

export const updateLocale = defineCall({
  id: 'accounts.updateLocale',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/locale',
  auth: 'token',
  summary: 'Changes the language of the account (emails and the portal).',
  // payload not shown in the spec: chosen {locale}, one of the 19 listed (spec 001 §9)
  body: z.object({ locale: z.enum(LOCALE_TAGS, { error: 'Choose a listed language' }) }),
  response: account,
});

export const updateMarketing = defineCall({
  id: 'accounts.updateMarketing',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/marketing',
  auth: 'token',
  summary: 'Opts in to or out of marketing emails.',
  // payload not shown in the spec: chosen {marketing_opt_in}
  body: z.object({ marketing_opt_in: z.boolean() }),
  response: account,
});

export const legalDocument = z.enum(['tos', 'privacy_policy']);

export const consent = defineCall({
  id: 'accounts.consent',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/{type}/consent',
  auth: 'token',
  summary: 'Consents to the current terms of use or privacy policy.',
  params: z.object({ type: legalDocument }),
  body: z.object({
    consented: z.literal(true, {
      error: 'Please agree to Terms of Use and acknowledge the Privacy Policy to continue.',
    }),
  }),
  response: account,
});

export const updateCountry = defineCall({
  id: 'accounts.updateCountry',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/country',
  auth: 'token',
  summary: 'Changes the country (listed, not embargoed) and, in the US only, the state or territory.',
  // not in the spec's call list (ADR 009): chosen {country, territory}
  body: inUsOnly(z.object({ country: countryCode, territory: territoryCode.nullable().optional() })),
  response: account,
});

export const updateDateOfBirth = defineCall({
  id: 'accounts.updateDateOfBirth',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/date_of_birth',
  auth: 'token',
  summary: 'Corrects the date of birth; refused when the account would be under the age of its country.',
  // not in the spec's call list (ADR 009): chosen {date_of_birth}
  body: z.object({ date_of_birth: calendarDateOrDatetime() }),
  response: account,
});

export const updatePassword = defineCall({
  id: 'accounts.updatePassword',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/password',
  auth: 'token',
  rateLimit: 'sign-in',
  summary: 'Sets or changes the password; the current one is needed when one is set (1004, 1049, 1006).',
  // payload beyond the spec: sign_out_others ends every other sign-in of the account (default false)
  body: z.object({
    password: z.string().min(1).max(256).optional(),
    new_password: password,
    sign_out_others: z.boolean().optional(),
  }),
  response: account,
});

export const updateAvatar = defineCall({
  id: 'accounts.updateAvatar',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/avatar',
  auth: 'token',
  summary: 'Picks one of the available avatars by its slug.',
  // spec 001 §7 {avatar}: its slug, or the avatar object (image_url, slug) as avatars_available lists it;
  // the image shown is always the catalogue's, so a sent image_url is not used
  body: z.object({ avatar: z.union([avatar.shape.slug, avatar.transform((picked) => picked.slug)]) }),
  response: account,
});

export const listAvatars = defineCall({
  id: 'accounts.avatarsAvailable',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/me/avatars_available',
  auth: 'token',
  summary: 'The avatars the account may pick.',
  // payload not shown in the spec: chosen {avatars}
  response: z.object({ avatars: z.array(avatar) }),
});

export const sendDeleteVerificationEmail = defineCall({
  id: 'accounts.sendDeleteVerificationEmail',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/send_delete_verification_email',
  auth: 'token',
  summary: 'Emails the code that confirms deleting the account.',
});

export const deleteAccount = defineCall({
  id: 'accounts.delete',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/delete_user',
  auth: 'token',
  rateLimit: 'sign-in',
  // Issue 31: the password, the authenticator or a passkey just before, when the account has one.
  recentVerification: 'credential-if-held',
  summary:
    'Deletes the account, confirmed by the emailed code (and, for an account with a password or two-factor, by the ' +
    'password, an authenticator code or a passkey in the last 10 minutes).',
  body: z.object({ code: emailCode() }),
});

/** Most games one GET /accounts/me/game_progress may name. */
export const GAME_SLUGS_MAX = 50;

export const getGameProgress = defineCall({
  id: 'accounts.gameProgress',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/me/game_progress',
  auth: 'token',
  gameToken: 'allowed',
  summary: 'Progress of the account in the given games (all played games when game_slugs is empty).',
  // game_slugs=a,b or game_slugs=a&game_slugs=b; empty or absent: every game the account has played
  query: z.object({
    game_slugs: z.preprocess(
      (v) =>
        v === undefined
          ? []
          : [v]
              .flat()
              .flatMap((s) => String(s).split(','))
              .filter((s) => s !== ''),
      z.array(gameSlug).max(GAME_SLUGS_MAX),
    ),
  }),
  // payload not shown in the spec: chosen {game_progress}
  response: z.object({ game_progress: z.array(gameProgress) }),
});

/** Limits of what a game may keep in game_details: keys, and the length of a key and a text value. */
export const GAME_DETAILS_MAX_KEYS = 50;
export const GAME_DETAIL_KEY_MAX_LENGTH = 64;
export const GAME_DETAIL_TEXT_MAX_LENGTH = 200;

/** A game_details key: a letter, then letters, digits, `_`, `-` or `.` (shown humanised on the page). */
const gameDetailKey = z.string().regex(new RegExp(`^[A-Za-z][A-Za-z0-9_.-]{0,${GAME_DETAIL_KEY_MAX_LENGTH - 1}}$`), {
  error: 'A detail key is a letter followed by letters, digits, _, - or .',
});

export const recordGameProgress = defineCall({
  id: 'accounts.recordGameProgress',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/game_progress/{game}',
  auth: 'token',
  gameToken: 'required',
  summary: "A game records the player's progress in itself (a game's own access token only).",
  // not in the spec's call list: how a game's progress gets in (docs/ARCHITECTURE.md "Game progress")
  params: z.object({ game: gameSlug }),
  body: z.object({
    /** Where the player is playing now; added to all_platforms. */
    platform: gamePlatformKey,
    /** Merged into game_details; a null value removes its key. */
    details: documentedRule(
      z.record(
        gameDetailKey,
        z.union([z.string().max(GAME_DETAIL_TEXT_MAX_LENGTH), z.number(), z.boolean(), z.null()]),
      ),
      (d) => Object.keys(d).length <= GAME_DETAILS_MAX_KEYS,
      { error: `At most ${GAME_DETAILS_MAX_KEYS} details` },
      { maxProperties: GAME_DETAILS_MAX_KEYS },
    ).optional(),
    /** The player signed in to the game just now: sets last_game_login. */
    logged_in: z.boolean().optional(),
  }),
  response: gameProgress,
});

export const updateEmailPreferences = defineCall({
  id: 'accounts.updateEmailPreferences',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/email_notification_preferences',
  auth: 'token',
  summary: 'Changes the email notification preferences of the signed-in account.',
  body: z.object({ friend_request: z.boolean() }),
  response: account,
});

/** Whether other players can find the account in the friends search (beyond the spec: issue 17). */
export const searchPrivacy = z.object({ find_by_email: z.boolean(), find_by_username: z.boolean() });

export const getPrivacy = defineCall({
  id: 'accounts.privacy',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/me/privacy',
  auth: 'token',
  summary: 'Whether other players can find the account by exact email (off by default) and display name (on).',
  response: searchPrivacy,
});

export const updatePrivacy = defineCall({
  id: 'accounts.updatePrivacy',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/privacy',
  auth: 'token',
  summary: 'Changes whether other players can find the account by exact email and by display name.',
  body: requireFields(searchPrivacy.partial(), [{ present: ['find_by_email'] }, { present: ['find_by_username'] }], {
    error: 'Give at least one setting',
  }),
  response: searchPrivacy,
});

export const accountsMe = {
  getPrivacy,
  updatePrivacy,
  getMe,
  lookupAccount,
  updateUsername,
  updateEmail,
  cancelEmailChange,
  sendVerificationEmail,
  updateLocale,
  updateMarketing,
  consent,
  updateCountry,
  updateDateOfBirth,
  updatePassword,
  updateAvatar,
  listAvatars,
  sendDeleteVerificationEmail,
  deleteAccount,
  getGameProgress,
  recordGameProgress,
  updateEmailPreferences,
};
