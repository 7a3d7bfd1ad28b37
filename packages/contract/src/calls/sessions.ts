// Sessions: sign-in (password, emailed code, platform, tokens) (spec 001 §7 "Sessions"). The device
// flow and the authorization of games are in sessions-games.ts, which the sign-in page does not load.
import { z } from 'zod';
import { defineCall } from './define.ts';
import {
  account,
  authCode,
  deviceData,
  linkPayloadWith,
  opaqueToken,
  password,
  platformId,
  tokenAnswer,
} from './entities.ts';
import { datetime, email, emailCode } from './wire.ts';

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
  summary:
    'Signs in with a linked platform account, from the provider payload of spec 001 §9. A game (its own API key) ' +
    'signing in an identity no account has gets a new stub account.',
  rateLimit: 'sign-in',
  params: z.object({ platform: platformId }),
  // client_id: not in the spec. With a game's API key, the game's OAuth client the session is issued
  // to (default: the game's first); the web app's key sends none.
  body: linkPayloadWith({ ...device, client_id: z.string().min(1).max(200).optional() }),
  response: tokenAnswer,
});

/**
 * Spec 001 §7 sends every grant as {grant_type, code, device_data, email}: a refresh token arrives in
 * `code`; `refresh_token` (RFC 6749 §6, the web app) works too. The handler always gets refresh_token.
 */
/** The fields of a refresh grant and their rules (the server's OpenAPI document states them). */
export const refreshGrantFields = z
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
  });
const refreshGrant = refreshGrantFields.transform(({ refresh_token, code, ...rest }) => ({
  ...rest,
  refresh_token: (refresh_token ?? code) as string,
}));

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
  // A device code is no secret to guess (256 random bits): its polls are limited by the device's
  // interval (slow_down), and count only in the default tier of their address.
  grantTiers: { device_code: 'default' },
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
  allowStub: true,
  allowMfaPending: true,
  gameToken: 'allowed',
  summary: 'The current session and its account; used to verify a stored session.',
  // payload not shown in the spec: chosen {account, mfa_required, mfa_methods, created_at, expires_at};
  // mfa_methods: the ways to complete a sign-in pending two-factor (ADR 029), empty once complete
  response: z.object({
    account,
    mfa_required: z.boolean(),
    mfa_methods: z.array(z.enum(['mfa_code', 'backup_code', 'email_code', 'passkey'])),
    created_at: datetime(),
    expires_at: datetime(),
  }),
});

export const signOut = defineCall({
  id: 'sessions.signOut',
  area: 'sessions',
  method: 'DELETE',
  path: '/sessions',
  auth: 'token',
  allowStub: true,
  allowMfaPending: true,
  gameToken: 'allowed',
  summary: 'Signs out: revokes the access token and its refresh token.',
});

export const sessions = {
  signInWithPassword,
  signInWithPlatform,
  token,
  sendSignInEmail,
  getCurrentSession,
  signOut,
};
