// Entities and field schemas shared by the calls of several areas (spec 001 §3, spec 000 §3 and §5).
import { z } from 'zod';
import { DEVICE_CODE_ALPHABET, DEVICE_CODE_LENGTH, PASSWORD_MIN_LENGTH } from '../data/constants.ts';
import { PASSWORD_MAX_LENGTH } from '../data/password-rules.ts';
import { PLATFORM_IDS } from '../data/platform-ids.ts';
import { gameConfig, gamePlatformKey, gameSlug } from './games.ts';
import { calendarDate, datetime, email, localized, queryInt } from './wire.ts';

// ---- Fields -------------------------------------------------------------------------------------

/** The platform provider ids of spec 001 §9 (the data table's). */
export const platformId = z.enum(PLATFORM_IDS);
export type PlatformId = z.output<typeof platformId>;

/** Account, friend and invitation ids: the server uses uuids. */
export const accountId = z.uuid();
export const username = z.string().min(1).max(64);
/** Length only (data/password-rules.ts); the other rules of spec 000 §5 are checked by the server. */
export const password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
export const countryCode = z.string().regex(/^[A-Z]{2}$/, { error: 'A country is a 2-letter ISO code' });
export const territoryCode = z.string().regex(/^US-[A-Z]{2}$/, { error: 'A territory is a US-xx code' });
export const locale = z.string().regex(/^[a-z]{2}-[A-Z]{2}$/, { error: 'A locale is written like en-US' });
/** Authenticator (TOTP) code. */
export const totpCode = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, { error: 'The code has 6 digits' });
/** Two-factor backup code; its format is not shown in the spec: chosen 8 to 16 letters or digits, - allowed. */
export const backupCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{8,16}$/, { error: 'Enter a valid backup code' });
/** Single-use token from an emailed link (recovery, unlock, notification preferences). */
export const linkToken = z
  .string()
  .regex(/^[A-Za-z0-9._~-]{16,512}$/, { error: 'That link has expired. Please try again' });
/** Opaque token issued by this service (access, refresh). */
export const opaqueToken = z.string().min(1).max(4096);

/**
 * Device code as typed by the user: 9 letters of the device-code alphabet once hyphens are removed;
 * read upper-case, no hyphens.
 */
export const deviceUserCode = z
  .string()
  .trim()
  .max(12, { error: 'Invalid device code - Greater than 9 digits' })
  .regex(/^[A-Za-z0-9-]+$/, { error: 'That device code is not valid.' })
  .transform((v) => v.replaceAll('-', '').toUpperCase())
  .pipe(
    z
      .string()
      .min(DEVICE_CODE_LENGTH, { error: 'Invalid device code - Lower than 9 digits' })
      .max(DEVICE_CODE_LENGTH, { error: 'Invalid device code - Greater than 9 digits' })
      .regex(new RegExp(`^[${DEVICE_CODE_ALPHABET}]*$`), { error: 'That device code is not valid.' }),
  );

/** A device code for people, in three groups: "BCD-FGH-JKL" (anything not 9 long as it is). */
export function displayDeviceCode(code: string): string {
  return code.length === DEVICE_CODE_LENGTH ? `${code.slice(0, 3)}-${code.slice(3, 6)}-${code.slice(6)}` : code;
}

export const speedBand = z.enum(['under_25', '25_50', '50_100', '100_200', '200_1000']);
export const betaId = z.uuid();
/** Campaign, referral or redemption code typed by the user. */
export const campaignCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{4,64}$/, { error: 'That code is not valid' });

/** `?page=&page_size=` of the paged lists; the default page size is not shown in the spec: chosen 50. */
export const pageQuery = z.object({
  page: queryInt(1, 10000).default(1),
  page_size: queryInt(1, 100).default(50),
});

/** A page of a list read from page 1 until `page * page_size >= total`. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
    total: z.number().int().min(0),
  });

// ---- Platform link and sign-in payloads (spec 001 §9) ------------------------------------------

export const authCode = z.string().min(1).max(4096);
/** Fan-club and device-id providers (wizarding_world, apple_vendor_id, android_app_set_id). */
export const shortCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{4,128}$/, { error: 'That code is not valid' });

/**
 * Not in the spec (docs/spec-deviations.md): what the web app kept of the authorization request and
 * read from the provider's answer, sent with an authorization code so the server can finish the
 * exchange as the provider requires: the PKCE verifier (S256), the `state` it sent and got back, and
 * the `iss` of the answer (RFC 9207: which provider answered).
 */
const authorizationResponse = {
  code_verifier: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{43,128}$/)
    .optional(),
  state: z.string().min(1).max(512).optional(),
  iss: z.url().max(2000).optional(),
};

/** Provider payload kinds, plus `extra` fields: {auth_code, nonce}, {access_token}, {auth_code}, {short_code}. */
export const linkPayloadWith = <S extends z.ZodRawShape>(extra: S) =>
  z.union([
    z.strictObject({ auth_code: authCode, nonce: z.string().min(1).max(256), ...authorizationResponse, ...extra }),
    z.strictObject({ access_token: opaqueToken, ...extra }),
    z.strictObject({ auth_code: authCode, ...authorizationResponse, ...extra }),
    z.strictObject({ short_code: shortCode, ...extra }),
  ]);
export const linkPayload = linkPayloadWith({});
export type LinkPayload = z.output<typeof linkPayload>;

// ---- Account ------------------------------------------------------------------------------------

export const avatar = z.object({
  image_url: z.string().max(2000),
  slug: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/),
});
export type Avatar = z.output<typeof avatar>;

/** Link of one platform account; `pending` is a link waiting for PUT /accounts/me/confirm/{platform}. */
export const platformLink = z.object({
  auth_id: z.string(),
  last_seen_username: z.string().nullable(),
  pending: z.object({ auth_id: z.string(), last_seen_username: z.string().nullable() }).nullable(),
  refresh_required: z.boolean(),
  /**
   * Not in the spec (docs/spec-deviations.md): until when this link can be neither replaced nor
   * removed, after the player disconnected the platform and connected it again (the relink cooldown).
   */
  locked_until: datetime().nullable(),
});
export type PlatformLink = z.output<typeof platformLink>;

export const identityLink = z.object({ id_type: z.string() });
export type IdentityLink = z.output<typeof identityLink>;

/** A game the account has played through this service. Shape not shown in the spec: chosen slug and date. */
export const gameLink = z.object({ game_slug: gameSlug, linked_at: datetime() });

export const account = z.object({
  id: accountId,
  public_id: z.string(),
  email: email().nullable(),
  /** New address waiting for verification; the old one stays in use until then. */
  email_pending: email().nullable(),
  username: z.string().nullable(),
  date_of_birth: calendarDate().nullable(),
  email_verified: z.boolean(),
  tos_consent_required: z.boolean(),
  privacy_policy_consent_required: z.boolean(),
  password_set: z.boolean(),
  stub: z.boolean(),
  completed: z.boolean(),
  mfa_active: z.boolean(),
  /** Not the codes themselves (GET /accounts/me/mfa/backup_codes shows them): how many are unused. */
  mfa: z.object({ backup_codes: z.number().int().min(0) }).nullable(),
  mfa_generated_at: datetime().nullable(),
  registration_flagged: z.boolean(),
  /** Per platform id, the linked platform account (spec: "per-platform link"). */
  links: z.partialRecord(platformId, platformLink),
  identity_links: z.array(identityLink),
  avatar: avatar.nullable(),
  locale: locale.nullable(),
  country: countryCode.nullable(),
  territory: territoryCode.nullable(),
  username_updated_at: datetime().nullable(),
  can_change_username: z.boolean(),
  /**
   * The next display-name change is free: it does not start the wait before the one after (the first
   * change of an account, issue 28). Not in spec 001: docs/spec-deviations.md.
   */
  username_change_free: z.boolean().optional(),
  marketing_opt_in: z.boolean(),
  game_links: z.array(gameLink),
  email_notification_preferences: z.object({ friend_request: z.boolean() }),
});
export type Account = z.output<typeof account>;

/** What other players see of an account (friends, invitations, blocked list, lookup). */
export const publicProfile = z.object({
  id: accountId,
  public_id: z.string(),
  username: z.string().nullable(),
  avatar: avatar.nullable(),
});
export type PublicProfile = z.output<typeof publicProfile>;

export const deviceData = z.object({
  visitor_id: z.uuid(),
  platform_name: z.string().min(1).max(100),
});
export type DeviceData = z.output<typeof deviceData>;

// ---- Sessions -----------------------------------------------------------------------------------

/** Answer of every sign-in and token call. */
export const tokenAnswer = z.object({
  access_token: opaqueToken,
  refresh_token: opaqueToken.optional(),
  /** Seconds until the access token expires. */
  expires_in: z.number().int().min(0),
  token_type: z.literal('Bearer'),
  /** The session is pending until PUT /sessions/mfa succeeds. */
  mfa_required: z.boolean(),
  account: account.optional(),
});
export type TokenAnswer = z.output<typeof tokenAnswer>;

export const userFlow = z.enum(['default', 'harry_potter_fc', 'curseforge', 'max', 'discord', 'twitch']);

export const deviceAuthorization = z.object({
  id: z.uuid(),
  user_code: z.string(),
  apikey: z.string(),
  expires_at: datetime(),
  device_name: z.string().nullable(),
  /** The device's own polling token: the server leaves it out of answers to the browser. */
  device_token: z.string().nullable().optional(),
  error: z.string().nullable(),
  redirect_uri: z.string().nullable(),
  user_flow: userFlow,
  user_flow_options: z.object({ is_required: z.boolean() }).nullable(),
  registration_defaults: z
    .object({
      dob: calendarDate().nullable(),
      age: z.number().int().min(1).max(120).nullable(),
      /** A country code, or a US-xx territory code. */
      location: z
        .string()
        .regex(/^[A-Z]{2}(-[A-Z]{2})?$/)
        .nullable(),
    })
    .nullable(),
  auth_type: z.enum(['device', 'passwordless']),
  game: gameConfig.nullable(),
});
export type DeviceAuthorization = z.output<typeof deviceAuthorization>;

// ---- Betas --------------------------------------------------------------------------------------

export const betaRecord = z.object({
  id: z.uuid(),
  campaign_id: z.string(),
  speed: speedBand.nullable(),
  platforms: z.array(gamePlatformKey),
  beta_tos: z.boolean(),
});
export type BetaRecord = z.output<typeof betaRecord>;

export const betaCampaignCode = z.object({
  code: z.string(),
  code_type: z.string(),
  state: z.string(),
  degree: z.number().int().min(0).nullable(),
});

export const betaPlatformCode = z.object({ code: z.string(), platform: gamePlatformKey });

export const betaWindow = z.object({ start: datetime().nullable(), end: datetime().nullable() });

/**
 * Where the signed-in player stands in a playtest (spec 000 §4 "Beta"), decided by the server:
 * not registered, pre-registered (preferences can change, can leave), redeemed and active (a code was
 * redeemed), registration ended (not registered and registration has closed).
 */
export const playtestState = z.enum(['not_registered', 'pre_registered', 'active', 'registration_ended']);
export type PlaytestState = z.output<typeof playtestState>;

export const beta = z.object({
  id: betaId,
  /** Changes whenever the operators change the playtest; sent back as `beta_version` by registration. */
  version: z.number().int().min(1),
  state: playtestState,
  /** A platform key can be awarded: redemption open, registered, a code redeemed, no key yet. */
  redeemable: z.boolean(),
  /** Preferences can change: registered, no code redeemed, a window open. */
  updateable: z.boolean(),
  /** The player may create referral codes (a code redeemed, its degree below the beta's referral degree). */
  referral_allowed: z.boolean(),
  record: betaRecord.nullable(),
  campaign_code: betaCampaignCode.nullable(),
  platform_code: betaPlatformCode.nullable(),
  registration_window: betaWindow,
  redemption_window: betaWindow,
  speed_check: z.boolean(),
  platform_choices: z.array(gamePlatformKey),
  registration_success: localized().nullable(),
  game_platforms: z.array(gamePlatformKey),
  registration_open: z.boolean(),
  redemption_open: z.boolean(),
  title: localized(),
  landing_page_text: localized().nullable(),
  platform_survey_msg: localized().nullable(),
  license_messaging_text: localized().nullable(),
  referral_max_count: z.number().int().min(0).nullable(),
  referral_degree: z.number().int().min(0).nullable(),
  description: localized().nullable(),
  redemption_agreement: localized().nullable(),
  platform_survey: z.boolean(),
  assets: z.object({ cover: z.string().nullable() }),
  /** Present with `?embeds=game`. */
  game: gameConfig.optional(),
});
export type Beta = z.output<typeof beta>;

export const referralCode = z.object({ code: z.string(), redeemed: z.boolean(), redeemed_at: datetime().nullable() });
export type ReferralCode = z.output<typeof referralCode>;

/** GET /twitch/benefits/{id}. Campaign and cycle fields are not shown in the spec: chosen ids, beta and window. */
export const benefitLookup = z.object({
  benefit: z.object({ benefit_id: z.string() }),
  game: gameConfig,
  campaign: z.object({ id: z.string(), beta_id: betaId.nullable(), title: localized().nullable() }),
  cycle: z.object({ id: z.string(), start: datetime().nullable(), end: datetime().nullable() }),
});
export type BenefitLookup = z.output<typeof benefitLookup>;

// ---- Game progress ------------------------------------------------------------------------------

export const gameProgress = z.object({
  game_slug: gameSlug,
  game_config: gameConfig.nullable(),
  /** Platform names as the game reports them. */
  last_seen_platform: z.string().nullable(),
  all_platforms: z.array(z.string()),
  /** Game-specific facts; null values are dropped. */
  game_details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  last_game_login: datetime().nullable(),
  last_accessed: datetime().nullable(),
});
export type GameProgress = z.output<typeof gameProgress>;

// ---- Friends and social -------------------------------------------------------------------------

export const invitationState = z.enum(['open', 'accepted', 'declined', 'cancelled']);

export const friend = z.object({ account: publicProfile, since: datetime() });
export type Friend = z.output<typeof friend>;

export const invitation = z.object({
  id: z.uuid(),
  state: invitationState,
  from: publicProfile,
  to: publicProfile,
  created_at: datetime(),
  updated_at: datetime(),
});
export type Invitation = z.output<typeof invitation>;

export const blockedEntry = z.object({ account: publicProfile, blocked_at: datetime() });
export type BlockedEntry = z.output<typeof blockedEntry>;
