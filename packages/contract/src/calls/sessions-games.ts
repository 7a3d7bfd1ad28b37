// Sessions of games (spec 001 §7 "Sessions"): the device flow and the OAuth-style authorization of
// games. Apart from sessions.ts so that the sign-in page loads none of it.
import { z } from 'zod';
import { defineCall } from './define.ts';
import { deviceAuthorization, deviceUserCode, tokenAnswer, userFlow } from './entities.ts';
import { gameConfig } from './games.ts';
import { clientId, redirectUri } from './sessions.ts';
import { calendarDateOrDatetime } from './wire.ts';

/** What a game sends to start a device authorization (RFC 8628 §3.1, with the spec's fields). */
export const deviceStart = z.object({
  client_id: clientId,
  /** Shown to the player so they know which device they approve, e.g. "Living-room PS5". */
  device_name: z.string().trim().min(1).max(100).optional(),
  user_flow: userFlow.default('default'),
  user_flow_options: z.object({ is_required: z.boolean() }).optional(),
  registration_defaults: deviceAuthorization.shape.registration_defaults
    .unwrap()
    .extend({ dob: calendarDateOrDatetime().nullable() })
    .partial()
    .optional(),
  auth_type: z.enum(['device', 'passwordless']).default('device'),
});

/** The device's answer (RFC 8628 §3.2): it shows user_code and verification_uri, polls with device_code. */
export const deviceStarted = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: z.number().int().min(1),
  interval: z.number().int().min(1),
});

export const startDeviceAuthorization = defineCall({
  id: 'sessions.deviceStart',
  area: 'sessions',
  method: 'POST',
  path: '/sessions/device',
  // A passwordless authorization is started by the game signed in as the stub account (its token).
  auth: 'optional',
  gameToken: 'allowed',
  summary:
    'A game starts a device authorization: a user code for the player, a device code to poll with. ' +
    'auth_type passwordless: the game signed in as a stub account lets the player consolidate or complete it.',
  // payload not shown in the spec: the RFC 8628 device authorization request and answer
  body: deviceStart,
  response: deviceStarted,
});

export const getDeviceAuthorization = defineCall({
  id: 'sessions.device',
  area: 'sessions',
  method: 'GET',
  path: '/sessions/device/{userCode}',
  auth: 'public',
  summary: 'The device authorization of a typed device code (9 characters, hyphens ignored).',
  params: z.object({ userCode: deviceUserCode }),
  response: deviceAuthorization,
});

export const claimDeviceStub = defineCall({
  id: 'sessions.deviceStub',
  area: 'sessions',
  method: 'POST',
  path: '/sessions/device/{code}/stub',
  auth: 'public',
  // not in the spec: the browser of a passwordless code gets a session of the game's stub account
  summary: 'The first browser to send a passwordless device code gets a session of its stub account (the stub flow).',
  rateLimit: 'sign-in',
  params: z.object({ code: deviceUserCode }),
  response: tokenAnswer,
});

export const authorizeDevice = defineCall({
  id: 'sessions.deviceAuthorize',
  area: 'sessions',
  method: 'PUT',
  path: '/sessions/device/{code}/authorize',
  auth: 'token',
  summary: 'Authorizes the device of a device code for the signed-in account.',
  params: z.object({ code: deviceUserCode }),
});

export const reportDeviceError = defineCall({
  id: 'sessions.deviceError',
  area: 'sessions',
  method: 'PUT',
  path: '/sessions/device/{code}/error',
  auth: 'optional',
  summary: 'Records why a device code could not be authorized (e.g. age_gated), for the device to show.',
  params: z.object({ code: deviceUserCode }),
  body: z.object({ error: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, { error: 'An error is a snake_case name' }) }),
});

export const precheckAuthorize = defineCall({
  id: 'sessions.authorizePrecheck',
  area: 'sessions',
  method: 'GET',
  path: '/sessions/authorize/precheck',
  auth: 'public',
  summary: 'Checks a client id and redirect URI before the authorize step (404 invalid client, 400 bad redirect).',
  query: z.object({ client_id: clientId, redirect_uri: redirectUri }),
  // payload not shown in the spec: chosen {game}, and the portal's issuer (RFC 9207 `iss`), which the
  // page names in every answer it sends back to the game, errors included
  response: z.object({ game: gameConfig, iss: z.string() }),
});

export const authorize = defineCall({
  id: 'sessions.authorize',
  area: 'sessions',
  method: 'POST',
  path: '/sessions/authorize',
  auth: 'token',
  summary:
    'Issues a game authorization code (PKCE S256) for the signed-in account. A client that is not the ' +
    "publisher's own needs the player's consent once per grant (consent: true; else oauth_consent_required).",
  body: z.object({
    client_id: clientId,
    code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Expected a base64url SHA-256 challenge' }),
    redirect_uri: redirectUri,
    response_type: z.literal('code'),
    code_method: z.literal('S256'),
    state: z.string().max(1000).optional(),
    /** OpenID Connect (from /oauth2/authorize): the scope asked for and the nonce for the ID token. */
    scope: z.string().max(500).optional(),
    nonce: z.string().max(500).optional(),
    /**
     * The player agreed on the consent screen (issue 32): a client that is not the publisher's own
     * is refused with oauth_consent_required until then (once per grant).
     */
    consent: z.literal(true).optional(),
    /** prompt=consent of the game's request: the player is asked even when a grant covers it. */
    prompt: z.literal('consent').optional(),
  }),
  // iss (RFC 9207) beyond the spec: the game's OAuth library checks the issuer it was answered by
  response: z.object({
    auth_code: z.string(),
    redirect_uri: redirectUri,
    state: z.string().optional(),
    iss: z.string(),
  }),
});

export const sessionsGames = {
  claimDeviceStub,
  startDeviceAuthorization,
  getDeviceAuthorization,
  authorizeDevice,
  reportDeviceError,
  precheckAuthorize,
  authorize,
};
