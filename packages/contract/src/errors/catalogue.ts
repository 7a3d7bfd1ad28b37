// The error catalogue (spec 001 §8). Every error the service can answer is a row here: a stable
// name (the wire `code`), a numeric `hydraErrorCode`, the HTTP status, the message key the web app
// translates, the English message, and whether the message may be shown in production.
// Numbers 1000-1012, 1058, 1107, 1108, 1200-1204, 1220, 1221 and 1400 are the spec's; the others
// are ours (see docs/errors.md). Never renumber a row: clients map numbers to messages.
// Messages may hold {{placeholders}} filled from the error body.

export interface ErrorDefinition {
  code: number;
  status: number;
  message: string;
  /** False: outside debug mode the web app shows error.generic instead. Default true. */
  production?: boolean;
  /** Message key when it differs from `error.<name>` (the captcha codes share one message). */
  key?: string;
}

const CAPTCHA_MESSAGE = 'We could not check that you are a person. Please try again.';

export const ERRORS = {
  // Numbered codes of the spec.
  username_not_available: { code: 1000, status: 409, message: 'That display name is not available.' },
  email_not_available: { code: 1001, status: 409, message: 'That email address is already in use.' },
  username_cooldown: {
    code: 1002,
    status: 409,
    message: 'You can change your display name once every 30 days. You can change it again on {{date}}.',
  },
  username_same: { code: 1003, status: 409, message: 'That is already your display name.' },
  password_same: { code: 1004, status: 409, message: 'Choose a password you have not used before.' },
  password_mismatch: { code: 1005, status: 400, message: 'Your current password is incorrect.' },
  password_contains_display_name: {
    code: 1006,
    status: 400,
    message: 'Your password cannot contain your display name.',
  },
  mail_service_error: { code: 1007, status: 502, message: 'We could not send the email. Please try again later.' },
  invalid_verification_code: { code: 1008, status: 400, message: 'That code is not valid. Check it and try again.' },
  email_already_verified: { code: 1009, status: 409, message: 'Your email address is already verified.' },
  mfa_already_active: { code: 1010, status: 409, message: 'Two-factor authentication is already turned on.' },
  mfa_not_available: {
    code: 1011,
    status: 403,
    message: 'To turn on two-factor authentication, verify your email address and set a password first.',
  },
  invalid_credentials: { code: 1012, status: 401, message: 'The email address or password is incorrect.' },
  invalid_unlock_token: { code: 1058, status: 400, message: 'The unlock link has expired.' },
  invalid_entry_client_id: { code: 1107, status: 400, message: 'This game sign-in link is not valid.' },
  invalid_entry_slug: { code: 1108, status: 400, message: 'This game is not known to us.' },
  captcha_failed: { code: 1200, status: 400, message: CAPTCHA_MESSAGE, key: 'error.captcha_failed' },
  captcha_missing: { code: 1201, status: 400, message: CAPTCHA_MESSAGE, key: 'error.captcha_failed' },
  captcha_invalid: { code: 1202, status: 400, message: CAPTCHA_MESSAGE, key: 'error.captcha_failed' },
  captcha_expired: { code: 1203, status: 400, message: CAPTCHA_MESSAGE, key: 'error.captcha_failed' },
  captcha_unavailable: { code: 1204, status: 503, message: CAPTCHA_MESSAGE, key: 'error.captcha_failed' },
  account_soft_locked: {
    code: 1220,
    status: 423,
    message:
      'Your account is locked after too many sign-in attempts. Use the link we emailed you to unlock it, or reset your password.',
  },
  account_not_locked: { code: 1221, status: 409, message: 'This account is not locked.' },
  consolidation_denied: {
    code: 1400,
    status: 403,
    message: 'These accounts cannot be combined. Please contact customer support.',
  },

  // Requests and sessions.
  invalid_request: { code: 1013, status: 400, message: 'Some of the information sent is not valid.' },
  payload_too_large: { code: 1014, status: 413, message: 'The request is too large.' },
  unsupported_media_type: { code: 1015, status: 415, message: 'The request format is not supported.' },
  not_found: { code: 1016, status: 404, message: 'We could not find what you were looking for.' },
  invalid_api_key: { code: 1017, status: 401, message: 'This application is not allowed to use the account service.' },
  unauthorized: { code: 1018, status: 401, message: 'Please sign in to continue.' },
  auth_expired: { code: 1019, status: 401, message: 'Your session has expired. Please sign in again.' },
  too_many_requests: {
    code: 1020,
    status: 429,
    message: 'Too many attempts. Please wait {{seconds}} seconds and try again.',
  },
  service_unavailable: {
    code: 1021,
    status: 503,
    message: 'The service is temporarily unavailable. Please try again later.',
  },
  internal_error: { code: 1022, status: 500, message: 'Something went wrong. Please try again.', key: 'error.generic' },
  insufficient_configuration: {
    code: 1023,
    status: 500,
    message: 'The service is missing part of its configuration.',
    production: false,
  },
  external_service_error: {
    code: 1024,
    status: 502,
    message: 'A partner service did not answer. Please try again later.',
  },

  // Accounts.
  account_banned: { code: 1030, status: 403, message: 'This account has been banned.' },
  account_already_banned: { code: 1031, status: 409, message: 'This account is already banned.', production: false },
  account_not_banned: { code: 1032, status: 409, message: 'This account is not banned.', production: false },
  account_blocked: { code: 1033, status: 403, message: 'This account is blocked. Please contact customer support.' },
  invalid_country_code: { code: 1034, status: 400, message: 'Choose a country from the list.' },
  embargoed_country: { code: 1035, status: 403, message: 'Accounts are not available in your country.' },
  age_gated: { code: 1036, status: 403, message: 'You are not eligible for an account at this time.' },
  age_location_error: {
    code: 1037,
    status: 400,
    message: 'We could not check your age and location. Please check them and try again.',
  },
  username_invalid: {
    code: 1038,
    status: 400,
    message: 'Display names use letters and numbers only, with no spaces or special characters.',
  },
  email_not_different: {
    code: 1039,
    status: 400,
    message: 'The new email address must be different from your current one.',
  },
  missing_email: { code: 1040, status: 400, message: 'Email is not provided' },
  invalid_recovery_token: { code: 1041, status: 400, message: 'That link has expired. Please try again' },
  email_verification_code_invalid: { code: 1042, status: 400, message: 'That verification code is not valid.' },
  email_verification_token_invalid: { code: 1043, status: 400, message: 'That verification link is not valid.' },
  email_verification_required: { code: 1044, status: 403, message: 'Please verify your email address first.' },
  email_code_expired: { code: 1045, status: 400, message: 'That code has expired. Ask for a new code.' },
  email_code_invalid: { code: 1046, status: 400, message: 'That code is not valid. Check it and try again.' },
  email_code_not_sent: { code: 1047, status: 400, message: 'Ask for a code first.' },
  no_email_pending: { code: 1048, status: 409, message: 'There is no new email address waiting to be verified.' },
  current_password_incorrect: { code: 1049, status: 400, message: 'Your current password is incorrect.' },
  mfa_not_enabled: { code: 1050, status: 409, message: 'Two-factor authentication is not turned on.' },
  email_send_failure: { code: 1051, status: 502, message: 'We could not send the email. Please try again later.' },
  stub_completed: { code: 1052, status: 409, message: 'This account has already been completed.' },
  unknown_identity: { code: 1053, status: 404, message: 'We could not find an account for that sign-in.' },
  transfer_invalid_token: { code: 1054, status: 400, message: 'The account to move is no longer signed in.' },
  weak_password: {
    code: 1055,
    status: 400,
    message:
      'Use at least 8 characters, with an upper-case letter, a lower-case letter, a number and a special character.',
  },
  terms_required: {
    code: 1056,
    status: 400,
    message: 'Please agree to Terms of Use and acknowledge the Privacy Policy to continue.',
  },
  mfa_code_invalid: { code: 1057, status: 400, message: 'That code is not valid. Check your authenticator app.' },

  // Platform links and game profiles.
  account_link_failed: { code: 1060, status: 400, message: 'We could not link that account. Please try again.' },
  environment_link_missing: { code: 1061, status: 404, message: 'No link in this environment.', production: false },
  environment_link_mismatch: { code: 1062, status: 409, message: 'The environment link differs.', production: false },
  environment_link_needs_merge: {
    code: 1063,
    status: 409,
    message: 'The environment link needs a merge.',
    production: false,
  },
  game_profile_mismatch: { code: 1064, status: 409, message: 'That game profile belongs to another account.' },
  game_profile_missing: { code: 1065, status: 404, message: 'There is no game profile for that game.' },
  platform_link_already_claimed: {
    code: 1066,
    status: 409,
    message: 'That platform account is already linked to another account.',
  },
  platform_link_already_exists: {
    code: 1067,
    status: 409,
    message: 'An account of this platform is already linked to your account.',
  },
  platform_link_claimed_other_environment: {
    code: 1068,
    status: 409,
    message: 'That platform account is linked in another environment.',
    production: false,
  },
  unlink_restricted: {
    code: 1069,
    status: 403,
    message: 'This platform can only be disconnected by customer support.',
  },
  fan_club_shortcode_invalid: { code: 1070, status: 400, message: 'That fan club code is not valid.' },
  fan_club_link_failure: { code: 1071, status: 502, message: 'We could not link your fan club account.' },
  console_no_account: { code: 1072, status: 404, message: 'There is no account for this console profile.' },
  console_age_verification: {
    code: 1073,
    status: 403,
    message: 'This console account needs adult age verification first.',
  },
  platform_not_supported: { code: 1074, status: 400, message: 'That platform is not available.' },

  // OAuth and device sign-in.
  redirect_uri_mismatch: { code: 1100, status: 400, message: 'The return address of this game is not registered.' },
  oauth_code_challenge_failed: { code: 1101, status: 400, message: 'The sign-in check of the game failed.' },
  device_token_invalid: { code: 1102, status: 400, message: 'That device code is not valid.' },
  device_token_expired: { code: 1103, status: 400, message: 'That link has expired. Please try again' },
  device_token_used: { code: 1104, status: 409, message: 'That device code has already been used.' },
  invalid_client_id: { code: 1105, status: 404, message: 'This game is not registered.' },
  invalid_redirect_uri: { code: 1106, status: 400, message: 'The return address of this game is not valid.' },
  missing_client_id: { code: 1109, status: 400, message: 'The game did not say who it is.' },
  missing_redirect_uri: { code: 1110, status: 400, message: 'The game did not give a return address.' },
  missing_code_challenge: { code: 1111, status: 400, message: 'The game did not send its sign-in check.' },
  entry_slug_missing: { code: 1112, status: 400, message: 'Entry slug parameter is missing' },
  unknown_error: { code: 1113, status: 500, message: 'Something went wrong. Please try again.', key: 'error.generic' },

  // Friends and blocking.
  friend_invitation_access_invalid: { code: 1120, status: 403, message: 'That friend request is not yours.' },
  friend_invitation_state_invalid: {
    code: 1121,
    status: 409,
    message: 'That friend request has already been answered.',
  },
  duplicate_friend_record: { code: 1122, status: 409, message: 'You are already friends or a request is waiting.' },
  social_target_self: { code: 1123, status: 400, message: 'You cannot do that with your own account.' },

  // Betas and playtests.
  beta_registration_closed: { code: 1140, status: 409, message: 'Registration for this playtest has closed.' },
  beta_registration_stale: { code: 1141, status: 409, message: 'Page is out of date, please refresh' },
  beta_registration_missing: { code: 1142, status: 404, message: 'You are not registered for this playtest.' },
  beta_code_not_available: { code: 1143, status: 404, message: 'That code is not valid or has already been used.' },
  beta_already_awarded: { code: 1144, status: 409, message: 'You already have access to this playtest.' },
  beta_max_referrals: { code: 1145, status: 409, message: 'You have shared all of your invitation codes.' },
  beta_referral_not_allowed: { code: 1146, status: 403, message: 'This playtest does not allow invitations.' },
  beta_award_not_allowed: { code: 1147, status: 403, message: 'You cannot get access to this playtest.' },
  beta_unable_to_award: { code: 1148, status: 409, message: 'We could not give you access. Please try again later.' },
  beta_redemption_age_gate: { code: 1149, status: 403, message: 'You are not old enough for this playtest.' },
  beta_campaign_closed: { code: 1150, status: 409, message: 'This playtest campaign has ended.' },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof ERRORS;
export const ERROR_NAMES = Object.keys(ERRORS) as ErrorName[];

export const GENERIC_MESSAGE_KEY = 'error.generic';
export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

export function errorKey(name: ErrorName): string {
  const definition: ErrorDefinition = ERRORS[name];
  return definition.key ?? `error.${name}`;
}

const byCode = new Map<number, ErrorName>(ERROR_NAMES.map((name) => [ERRORS[name].code, name]));
export function errorNameForCode(code: number): ErrorName | undefined {
  return byCode.get(code);
}
