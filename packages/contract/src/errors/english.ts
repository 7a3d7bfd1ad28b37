// The English message of every error of the catalogue. Messages may hold {{placeholders}} filled
// from the error body. Other languages: messages/<tag>.json.
import { ERROR_NAMES, errorKey, GENERIC_MESSAGE, GENERIC_MESSAGE_KEY } from './catalogue.ts';
import type { ErrorName } from './catalogue.ts';

export const ENGLISH_MESSAGES = {
  // Numbered codes of the spec.
  username_not_available: 'That display name is not available.',
  email_not_available: 'That email address is already in use.',
  username_cooldown: 'You can change your display name once every 30 days. You can change it again on {{date}}.',
  username_same: 'That is already your display name.',
  password_same: 'Choose a password you have not used before.',
  password_mismatch: 'Your passwords do not match. Please try again.',
  password_contains_display_name: 'Your password cannot contain your display name.',
  mail_service_error: 'We could not send the email. Please try again later.',
  invalid_verification_code: 'That code is not valid. Check it and try again.',
  email_already_verified: 'Your email address is already verified.',
  mfa_already_active: 'Two-factor authentication is already turned on.',
  mfa_not_available: 'To turn on two-factor authentication, verify your email address and set a password first.',
  invalid_credentials: 'The email address or password is incorrect.',
  invalid_unlock_token: 'The unlock link has expired.',
  invalid_entry_client_id: 'This game sign-in link is not valid.',
  invalid_entry_slug: 'This game is not known to us.',
  captcha_failed: 'We could not check that you are a person. Please try again.',
  captcha_missing: 'We could not check that you are a person. Please try again.',
  captcha_invalid: 'We could not check that you are a person. Please try again.',
  captcha_expired: 'We could not check that you are a person. Please try again.',
  captcha_unavailable: 'We could not check that you are a person. Please try again.',
  account_soft_locked:
    'Your account is locked after too many sign-in attempts. Use the link we emailed you to unlock it, or reset your password.',
  account_not_locked: 'This account is not locked.',
  consolidation_denied: 'These accounts cannot be combined. Please contact customer support.',

  // Requests and sessions.
  invalid_request: 'Some of the information sent is not valid.',
  payload_too_large: 'The request is too large.',
  unsupported_media_type: 'The request format is not supported.',
  not_found: 'We could not find what you were looking for.',
  invalid_api_key: 'This application is not allowed to use the account service.',
  unauthorized: 'Please sign in to continue.',
  auth_expired: 'Your session has expired. Please sign in again.',
  too_many_requests: 'Too many attempts. Please wait {{seconds}} seconds and try again.',
  service_unavailable: 'The service is temporarily unavailable. Please try again later.',
  internal_error: 'Something went wrong. Please try again.',
  insufficient_configuration: 'The service is missing part of its configuration.',
  external_service_error: 'A partner service did not answer. Please try again later.',
  mfa_email_not_allowed:
    'Your second step must be different from your first: use your authenticator app or a backup code. Lost both? Contact customer support.',
  email_code_attempts_exceeded: 'Too many wrong codes. Ask for a new code, then enter that one.',
  recovery_link_used: 'That link has already been used. If you still cannot sign in, ask for a new link.',
  reauthentication_required: 'For your security, confirm it is you with your password or your authenticator app first.',
  passkey_invalid: 'This passkey could not be used. Try again, or sign in another way.',
  passkey_challenge_expired: 'The passkey request timed out. Try again.',
  passkey_already_registered: 'This passkey is already added to your account.',
  passkey_limit_reached: 'You have added the most passkeys an account can hold ({{max}}). Remove one to add another.',
  passkey_none: 'Your account has no passkey yet.',
  passkey_unknown:
    'This passkey is no longer linked to an account here. Sign in another way, and delete it from your device or password manager.',

  // Accounts.
  account_banned: 'This account has been banned.',
  account_already_banned: 'This account is already banned.',
  account_not_banned: 'This account is not banned.',
  account_blocked: 'This account is blocked. Please contact customer support.',
  invalid_country_code: 'Choose a country from the list.',
  embargoed_country: 'Accounts are not available in your country.',
  age_gated: 'You are not eligible for an account at this time.',
  age_location_error: 'We could not check your age and location. Please check them and try again.',
  username_invalid:
    "That display name can't be used. Display names are {{min}} to {{max}} letters and numbers, with no spaces or special characters.",
  email_not_different: 'The new email address must be different from your current one.',
  missing_email: 'Email is not provided',
  invalid_recovery_token: 'That link has expired. Please try again',
  email_verification_code_invalid: 'That verification code is not valid.',
  email_verification_token_invalid: 'That verification link is not valid.',
  email_verification_required: 'Please verify your email address first.',
  email_code_expired: 'That code has expired. Ask for a new code.',
  email_code_invalid: 'That code is not valid. Check it and try again.',
  email_code_not_sent: 'Ask for a code first.',
  no_email_pending: 'There is no new email address waiting to be verified.',
  current_password_incorrect: 'Your current password is incorrect.',
  mfa_not_enabled: 'Two-factor authentication is not turned on.',
  email_send_failure: 'We could not send the email. Please try again later.',
  stub_completed: 'This account has already been completed.',
  unknown_identity: 'We could not find an account for that sign-in.',
  transfer_invalid_token: 'The account to move is no longer signed in.',
  game_profile_conflict: 'Both accounts have progress in the same game. Choose which to keep.',
  weak_password:
    'Use at least 8 characters, with an upper-case letter, a lower-case letter, a number and a special character.',
  terms_required: 'Please agree to Terms of Use and acknowledge the Privacy Policy to continue.',
  mfa_code_invalid: 'That code is not valid. Check your authenticator app.',
  session_verification_required: 'For your security, confirm it is you with a code first.',

  // Platform links and game profiles.
  account_link_failed: 'We could not link that account. Please try again.',
  environment_link_missing: 'No link in this environment.',
  environment_link_mismatch: 'The environment link differs.',
  environment_link_needs_merge: 'The environment link needs a merge.',
  game_profile_mismatch: 'That game profile belongs to another account.',
  game_profile_missing: 'There is no game profile for that game.',
  platform_link_already_claimed: 'That platform account is already linked to another account.',
  platform_link_already_exists: 'An account of this platform is already linked to your account.',
  platform_link_claimed_other_environment: 'That platform account is linked in another environment.',
  unlink_restricted: 'This platform can only be disconnected by customer support.',
  platform_link_locked: 'This platform was connected again recently. You can change or disconnect it on {{date}}.',
  unlink_last_sign_in:
    'This platform is the only way to sign in to your account. Set a password before you disconnect it.',
  fan_club_shortcode_invalid: 'That fan club code is not valid.',
  fan_club_link_failure: 'We could not link your fan club account.',
  console_no_account: 'There is no account for this console profile.',
  console_age_verification: 'This console account needs adult age verification first.',
  platform_not_supported: 'That platform is not available.',
  link_invalid: 'That link has expired. Please try again',

  // OAuth and device sign-in.
  redirect_uri_mismatch: 'The return address of this game is not registered.',
  oauth_code_challenge_failed: 'The sign-in check of the game failed.',
  device_token_invalid: 'That device code is not valid.',
  device_token_expired: 'That link has expired. Please try again',
  device_token_used: 'That device code has already been used.',
  invalid_client_id: 'This game is not registered.',
  invalid_redirect_uri: 'The return address of this game is not valid.',
  missing_client_id: 'The game did not say who it is.',
  missing_redirect_uri: 'The game did not give a return address.',
  device_flow_unavailable:
    'This code links the progress of a game played without an account. Enter it on the Connect page to keep that progress.',
  missing_code_challenge: 'The game did not send its sign-in check.',
  entry_slug_missing: 'Entry slug parameter is missing',
  unknown_error: 'Something went wrong. Please try again.',
  game_token_mismatch: 'This sign-in belongs to another game: a game can only record its own progress.',
  oauth_scope_not_allowed: "This game asked for access it is not allowed to have. Contact the game's developer.",
  oauth_consent_required: 'This game needs your permission before it can sign you in.',

  // Friends and blocking.
  friend_invitation_access_invalid: 'That friend request is not yours.',
  friend_invitation_state_invalid: 'That friend request has already been answered.',
  duplicate_friend_record: 'You are already friends or a request is waiting.',
  social_target_self: 'You cannot do that with your own account.',
  social_target_blocked: 'You blocked this player. Unblock them first.',
  friend_limit_reached: 'One of you already has the most friends an account can have.',
  friend_invitations_limit:
    'You have sent the most friend requests that can wait at once. Cancel some, or wait for answers.',

  // Betas and playtests.
  beta_registration_closed: 'Registration for this playtest has closed.',
  beta_registration_stale: 'Page is out of date, please refresh',
  beta_registration_missing: 'You are not registered for this playtest.',
  beta_code_not_available: 'That code is not valid or has already been used.',
  beta_already_awarded: 'You already have access to this playtest.',
  beta_max_referrals: 'You have shared all of your invitation codes.',
  beta_referral_not_allowed: 'This playtest does not allow invitations.',
  beta_award_not_allowed: 'You cannot get access to this playtest.',
  beta_unable_to_award: 'We could not give you access. Please try again later.',
  beta_redemption_age_gate: 'You are not old enough for this playtest.',
  beta_campaign_closed: 'This playtest campaign has ended.',
  twitch_link_missing: 'Connect your Twitch account to claim this drop.',
  twitch_drop_not_found:
    'We could not find this drop on your Twitch account. Watch a stream with drops enabled, then try again.',
  operator_role_refused: 'Your role does not allow this. Ask an admin.',
  console_address_refused: 'The console cannot be used from this network.',
  operator_setup_invalid: 'This setup link is not valid any more. Ask an admin for a new one.',
  operator_code_used: "This code was used already. Wait for your app's next code (a new one every 30 seconds).",
} as const satisfies Record<ErrorName, string>;

/** Message key → English message, error.generic included. */
export function englishErrorMessages(): Record<string, string> {
  const table: Record<string, string> = { [GENERIC_MESSAGE_KEY]: GENERIC_MESSAGE };
  for (const name of ERROR_NAMES) table[errorKey(name)] = ENGLISH_MESSAGES[name];
  return table;
}
