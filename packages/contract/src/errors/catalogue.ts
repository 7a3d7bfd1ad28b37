// The error catalogue (spec 001 §8). Every error the service can answer is a row here: a stable
// name (the wire `code`), a numeric `hydraErrorCode`, the HTTP status, the message key the web app
// translates, and whether the message may be shown in production. The English messages are in
// english.ts, so the web app loads them with the other languages instead of at start.
// Numbers 1000-1012, 1058, 1107, 1108, 1200-1204, 1220, 1221 and 1400 are the spec's; the others
// are ours (see docs/errors.md). Never renumber a row: clients map numbers to messages.
// Messages may hold {{placeholders}} filled from the error body.

export interface ErrorDefinition {
  code: number;
  status: number;
  /** False: outside debug mode the web app shows error.generic instead. Default true. */
  production?: boolean;
  /** Message key when it differs from `error.<name>` (the captcha codes share one message). */
  key?: string;
}

export const ERRORS = {
  // Numbered codes of the spec.
  username_not_available: { code: 1000, status: 409 },
  email_not_available: { code: 1001, status: 409 },
  username_cooldown: { code: 1002, status: 409 },
  username_same: { code: 1003, status: 409 },
  password_same: { code: 1004, status: 409 },
  // A new password and its confirmation differ (the web checks it before sending); a wrong current
  // password is current_password_incorrect (1049).
  password_mismatch: { code: 1005, status: 400 },
  password_contains_display_name: { code: 1006, status: 400 },
  mail_service_error: { code: 1007, status: 502 },
  invalid_verification_code: { code: 1008, status: 400 },
  email_already_verified: { code: 1009, status: 409 },
  mfa_already_active: { code: 1010, status: 409 },
  mfa_not_available: { code: 1011, status: 403 },
  invalid_credentials: { code: 1012, status: 401 },
  invalid_unlock_token: { code: 1058, status: 400 },
  invalid_entry_client_id: { code: 1107, status: 400 },
  invalid_entry_slug: { code: 1108, status: 400 },
  captcha_failed: { code: 1200, status: 400, key: 'error.captcha_failed' },
  captcha_missing: { code: 1201, status: 400, key: 'error.captcha_failed' },
  captcha_invalid: { code: 1202, status: 400, key: 'error.captcha_failed' },
  captcha_expired: { code: 1203, status: 400, key: 'error.captcha_failed' },
  captcha_unavailable: { code: 1204, status: 503, key: 'error.captcha_failed' },
  account_soft_locked: { code: 1220, status: 423 },
  account_not_locked: { code: 1221, status: 409 },
  consolidation_denied: { code: 1400, status: 403 },

  // Requests and sessions.
  invalid_request: { code: 1013, status: 400 },
  payload_too_large: { code: 1014, status: 413 },
  unsupported_media_type: { code: 1015, status: 415 },
  not_found: { code: 1016, status: 404 },
  invalid_api_key: { code: 1017, status: 401 },
  unauthorized: { code: 1018, status: 401 },
  auth_expired: { code: 1019, status: 401 },
  too_many_requests: { code: 1020, status: 429 },
  service_unavailable: { code: 1021, status: 503 },
  internal_error: { code: 1022, status: 500, key: 'error.generic' },
  insufficient_configuration: { code: 1023, status: 500, production: false },
  external_service_error: { code: 1024, status: 502 },
  // Issue 28 (ADR 029): a second step that is the first again (an emailed code after a sign-in
  // through the mailbox, the password on a pending sign-in), too many wrong emailed codes, a reset
  // link used already, and a change that needs the password or the authenticator just before.
  mfa_email_not_allowed: { code: 1025, status: 403 },
  email_code_attempts_exceeded: { code: 1026, status: 400 },
  recovery_link_used: { code: 1027, status: 400 },
  reauthentication_required: { code: 1028, status: 403 },
  // Passkeys (issue 31, ADR 036): an answer that does not verify, a
  // challenge used or expired, a passkey the account holds already, too many, none to verify with.
  passkey_invalid: { code: 1080, status: 400 },
  passkey_challenge_expired: { code: 1081, status: 400 },
  passkey_already_registered: { code: 1082, status: 409 },
  passkey_limit_reached: { code: 1083, status: 409 },
  passkey_none: { code: 1084, status: 409 },
  // A passkey the portal does not know (removed from the account, or never added): the browser is
  // told so (WebAuthn's signalUnknownCredential) and may offer to delete it.
  passkey_unknown: { code: 1085, status: 400 },

  // Accounts.
  account_banned: { code: 1030, status: 403 },
  account_already_banned: { code: 1031, status: 409, production: false },
  account_not_banned: { code: 1032, status: 409, production: false },
  account_blocked: { code: 1033, status: 403 },
  invalid_country_code: { code: 1034, status: 400 },
  embargoed_country: { code: 1035, status: 403 },
  age_gated: { code: 1036, status: 403 },
  age_location_error: { code: 1037, status: 400 },
  username_invalid: { code: 1038, status: 400 },
  email_not_different: { code: 1039, status: 400 },
  missing_email: { code: 1040, status: 400 },
  invalid_recovery_token: { code: 1041, status: 400 },
  email_verification_code_invalid: { code: 1042, status: 400 },
  email_verification_token_invalid: { code: 1043, status: 400 },
  email_verification_required: { code: 1044, status: 403 },
  email_code_expired: { code: 1045, status: 400 },
  email_code_invalid: { code: 1046, status: 400 },
  email_code_not_sent: { code: 1047, status: 400 },
  no_email_pending: { code: 1048, status: 409 },
  current_password_incorrect: { code: 1049, status: 400 },
  mfa_not_enabled: { code: 1050, status: 409 },
  email_send_failure: { code: 1051, status: 502 },
  stub_completed: { code: 1052, status: 409 },
  unknown_identity: { code: 1053, status: 404 },
  transfer_invalid_token: { code: 1054, status: 400 },
  weak_password: { code: 1055, status: 400 },
  terms_required: { code: 1056, status: 400 },
  mfa_code_invalid: { code: 1057, status: 400 },
  session_verification_required: { code: 1059, status: 403 },

  // Platform links and game profiles.
  account_link_failed: { code: 1060, status: 400 },
  environment_link_missing: { code: 1061, status: 404, production: false },
  environment_link_mismatch: { code: 1062, status: 409, production: false },
  environment_link_needs_merge: { code: 1063, status: 409, production: false },
  game_profile_mismatch: { code: 1064, status: 409 },
  game_profile_missing: { code: 1065, status: 404 },
  platform_link_already_claimed: { code: 1066, status: 409 },
  platform_link_already_exists: { code: 1067, status: 409 },
  platform_link_claimed_other_environment: { code: 1068, status: 409, production: false },
  unlink_restricted: { code: 1069, status: 403 },
  fan_club_shortcode_invalid: { code: 1070, status: 400 },
  fan_club_link_failure: { code: 1071, status: 502 },
  console_no_account: { code: 1072, status: 404 },
  console_age_verification: { code: 1073, status: 403 },
  platform_not_supported: { code: 1074, status: 400 },
  link_invalid: { code: 1075, status: 400 },
  // Not in the spec (docs/spec-deviations.md): the relink cooldown, and the last way to sign in.
  platform_link_locked: { code: 1076, status: 409 },
  unlink_last_sign_in: { code: 1077, status: 409 },
  // Consolidation: both accounts have a save of a game (body: spec 000 §3 "Conflict error body").
  game_profile_conflict: { code: 1078, status: 409 },

  // OAuth and device sign-in.
  redirect_uri_mismatch: { code: 1100, status: 400 },
  oauth_code_challenge_failed: { code: 1101, status: 400 },
  device_token_invalid: { code: 1102, status: 400 },
  device_token_expired: { code: 1103, status: 400 },
  device_token_used: { code: 1104, status: 409 },
  invalid_client_id: { code: 1105, status: 404 },
  invalid_redirect_uri: { code: 1106, status: 400 },
  missing_client_id: { code: 1109, status: 400 },
  missing_redirect_uri: { code: 1110, status: 400 },
  missing_code_challenge: { code: 1111, status: 400 },
  entry_slug_missing: { code: 1112, status: 400 },
  unknown_error: { code: 1113, status: 500, key: 'error.generic' },
  device_flow_unavailable: { code: 1114, status: 400 },
  game_token_mismatch: { code: 1116, status: 403 },
  // Scopes and consent per client (issue 32): a scope the client may not ask for; a client that is
  // not the publisher's own, whose sign-in the player has not agreed to yet (body.scopes to show).
  oauth_scope_not_allowed: { code: 1117, status: 400 },
  oauth_consent_required: { code: 1118, status: 403 },

  // Friends and blocking.
  friend_invitation_access_invalid: { code: 1120, status: 403 },
  friend_invitation_state_invalid: { code: 1121, status: 409 },
  duplicate_friend_record: { code: 1122, status: 409 },
  social_target_self: { code: 1123, status: 400 },
  // Beyond the spec (issue 17, ADR 022): a player you blocked, and the limits.
  social_target_blocked: { code: 1124, status: 409 },
  friend_limit_reached: { code: 1125, status: 409 },
  friend_invitations_limit: { code: 1126, status: 409 },

  // Betas and playtests.
  beta_registration_closed: { code: 1140, status: 409 },
  beta_registration_stale: { code: 1141, status: 409 },
  beta_registration_missing: { code: 1142, status: 404 },
  beta_code_not_available: { code: 1143, status: 404 },
  beta_already_awarded: { code: 1144, status: 409 },
  beta_max_referrals: { code: 1145, status: 409 },
  beta_referral_not_allowed: { code: 1146, status: 403 },
  beta_award_not_allowed: { code: 1147, status: 403 },
  beta_unable_to_award: { code: 1148, status: 409 },
  beta_redemption_age_gate: { code: 1149, status: 403 },
  beta_campaign_closed: { code: 1150, status: 409 },
  // Beyond the spec (issue 18, ADR 023): a Twitch drop claimed without a linked Twitch account, or
  // not on that account.
  twitch_link_missing: { code: 1151, status: 409 },
  twitch_drop_not_found: { code: 1152, status: 404 },

  // The operators' console (issue 33): an operator whose role does not allow the call; an address
  // outside CONSOLE_ALLOWED_IPS; a setup link that is unknown, used or out of date.
  operator_role_refused: { code: 1160, status: 403 },
  console_address_refused: { code: 1161, status: 403 },
  operator_setup_invalid: { code: 1162, status: 400 },
  operator_code_used: { code: 1163, status: 400 },
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
