// Calls the product needs beyond spec 001 §7's list, each recorded in docs/spec-deviations.md: the
// account page edits country and date of birth (spec 000 §2 "Account settings"), for which the spec
// names no call (ADR 009); games record the progress that GET /accounts/me/game_progress answers.
export const CALLS_BEYOND_SPEC: readonly string[] = [
  'PUT /accounts/me/country',
  'PUT /accounts/me/date_of_birth',
  'PUT /accounts/me/game_progress/{game}',
  // A game starts a device authorization (RFC 8628 §3.1; the spec lists only the browser's calls).
  'POST /sessions/device',
  // The browser of a passwordless device code takes the game's stub account (the stub flow, ADR 021).
  'POST /sessions/device/{code}/stub',
  // Whether the friends search finds the account by email and by display name (issue 17, ADR 022).
  'GET /accounts/me/privacy',
  'PUT /accounts/me/privacy',
  // The account's recent security events (issue 19, ADR 027).
  'GET /accounts/me/activity',
  // Signed-in devices and connected games (issue 31, ADR 034).
  'GET /sessions/me/sign_ins',
  'DELETE /sessions/me/sign_ins/{id}',
  'DELETE /sessions/me/sign_ins',
  'GET /accounts/me/connected_games',
  'DELETE /accounts/me/connected_games/{client_id}',
  // Passkeys (issue 31, ADR 036).
  'POST /accounts/me/passkeys/options',
  'POST /accounts/me/passkeys',
  'GET /accounts/me/passkeys',
  'PUT /accounts/me/passkeys/{id}',
  'DELETE /accounts/me/passkeys/{id}',
  'POST /sessions/passkey/options',
  'POST /sessions/auth/passkey',
  'POST /sessions/me/passkey/options',
];
