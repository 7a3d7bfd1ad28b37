// Sessions: sign-in (password, emailed code, platform, tokens), two-factor completion, the device
// flow and the OAuth-style authorization of games (spec 001 §7 "Sessions").
import { z } from 'zod';
import { defineCall } from './define.ts';
import {
  account,
  authCode,
  deviceAuthorization,
  deviceData,
  deviceUserCode,
  linkPayloadWith,
  opaqueToken,
  password,
  platformId,
  tokenAnswer,
  userFlow,
} from './entities.ts';
import { gameConfig } from './games.ts';
import { calendarDateOrDatetime, datetime, email, emailCode } from './wire.ts';

const device = { device_data: deviceData.optional() };
export const clientId = z.string().min(1).max(200);
export const redirectUri = z
  .url()
  .max(2000)
  .refine((v) => !/^(javascript|data|vbscript|file):/i.test(v), { error: 'Unsupported redirect URI scheme' });

export const signInWithPassword = defineCall({
  id: 'sessions.password',
  area: 'sessions',
  method: 'POST',
  path: '/sessions/auth/password',
  auth: 'public',
  rateLimit: 'sign-in',
  summary: 'Signs in with email and password (1012 invalid credentials, 1220 soft-locked).',
  body: z.object({ email: email(), password, ...device }),
  response: tokenAnswer,
  captcha: true,
});

export const signInWithPlatform = defineCall({
  id: 'sessions.platform',
  area: 'sessions',
  method: 'POST',
  path: '/sessions/auth/{platform}',
  auth: 'public',
  summary: 'Signs in with a linked platform account, from the provider payload of spec 001 §9.',
  params: z.object({ platform: platformId }),
  body: linkPayloadWith(device),
  response: tokenAnswer,
});

/**
 * Spec 001 §7 sends every grant as {grant_type, code, device_data, email}: a refresh token arrives in
 * `code`; `refresh_token` (RFC 6749 §6, the web app) works too. The handler always gets refresh_token.
 */
const refreshGrant = z
  .object({
    grant_type: z.literal('refresh_token'),
    refresh_token: opaqueToken.optional(),
    code: opaqueToken.optional(),
    ...device,
  })
  .refine((v) => v.refresh_token !== undefined || v.code !== undefined, {
    path: ['refresh_token'],
    error: 'Send the refresh token in refresh_token or code',
  })
  .refine((v) => v.refresh_token === undefined || v.code === undefined || v.refresh_token === v.code, {
    path: ['code'],
    error: 'refresh_token and code name different tokens',
  })
  .transform(({ refresh_token, code, ...rest }) => ({ ...rest, refresh_token: (refresh_token ?? code) as string }));

export const tokenGrant = z.discriminatedUnion('grant_type', [
  refreshGrant,
  /** `code` is the device code of a passwordless device authorization. */
  z.object({ grant_type: z.literal('device_code'), code: z.string().min(1).max(512), ...device }),
  z.object({ grant_type: z.literal('email_code'), email: email(), code: emailCode(), ...device }),
  z.object({
    grant_type: z.literal('authorization_code'),
    code: authCode,
    code_verifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, { error: 'Invalid PKCE code verifier' }),
    client_id: clientId,
    redirect_uri: redirectUri,
    ...device,
  }),
]);
export type TokenGrant = z.output<typeof tokenGrant>;

export const token = defineCall({
  id: 'sessions.token',
  area: 'sessions',
  method: 'POST',
  path: '/sessions/auth/token',
  auth: 'public',
  rateLimit: 'sign-in',
  summary: 'Issues tokens for a refresh token, a device code, an emailed code or a game authorization code.',
  body: tokenGrant,
  response: tokenAnswer,
});

export const sendSignInEmail = defineCall({
  id: 'sessions.email',
  area: 'sessions',
  method: 'POST',
  path: '/sessions/email',
  auth: 'public',
  summary: 'Emails a sign-in code (then POST /sessions/auth/token with grant_type email_code).',
  body: z.object({ email: email() }),
});

export const getCurrentSession = defineCall({
  id: 'sessions.current',
  area: 'sessions',
  method: 'GET',
  path: '/sessions/me/current',
  auth: 'token',
  allowMfaPending: true,
  gameToken: 'allowed',
  summary: 'The current session and its account; used to verify a stored session.',
  // payload not shown in the spec: chosen {account, mfa_required, created_at, expires_at}
  response: z.object({ account, mfa_required: z.boolean(), created_at: datetime(), expires_at: datetime() }),
});

export const signOut = defineCall({
  id: 'sessions.signOut',
  area: 'sessions',
  method: 'DELETE',
  path: '/sessions',
  auth: 'token',
  allowMfaPending: true,
  gameToken: 'allowed',
  summary: 'Signs out: revokes the access token and its refresh token.',
});

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
  auth: 'public',
  summary: 'A game starts a device authorization: a user code for the player, a device code to poll with.',
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
  // payload not shown in the spec: chosen {game}
  response: z.object({ game: gameConfig }),
});

export const authorize = defineCall({
  id: 'sessions.authorize',
  area: 'sessions',
  method: 'POST',
  path: '/sessions/authorize',
  auth: 'token',
  summary: 'Issues a game authorization code (PKCE S256) for the signed-in account.',
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
  }),
  response: z.object({ auth_code: z.string(), redirect_uri: redirectUri, state: z.string().optional() }),
});

export const sessions = {
  signInWithPassword,
  signInWithPlatform,
  token,
  sendSignInEmail,
  getCurrentSession,
  signOut,
  startDeviceAuthorization,
  getDeviceAuthorization,
  authorizeDevice,
  reportDeviceError,
  precheckAuthorize,
  authorize,
};
