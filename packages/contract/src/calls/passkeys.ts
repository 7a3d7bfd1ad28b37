// Passkeys (WebAuthn; issue 31, ADR 036; not in the spec, see docs/spec-deviations.md): the player
// adds, names and removes passkeys on /security, signs in with one on /sign-in (a button, or the
// browser's autofill in the email field), and uses one as the second step of a sign-in pending
// two-factor or to prove themselves again before a sensitive change. The browser's options and
// answers are WebAuthn's JSON forms (PublicKeyCredentialCreationOptionsJSON and the like, WebAuthn
// Level 3 §5.1.8-5.1.10), checked here for their outline; the server verifies what they hold.
import { z } from 'zod';
import { defineCall } from './define.ts';
import { tokenAnswer } from './entities.ts';
import { datetime } from './wire.ts';

/** How many passkeys an account may hold. */
export const PASSKEYS_MAX = 10;

/** A passkey's name: shown on /security, chosen by the player (the browser and system by default). */
export const passkeyName = z.string().trim().min(1).max(64);

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/)
  .max(16_384);

/** Options for navigator.credentials.create / get, as the browser library takes them. */
const options = z.looseObject({ challenge: base64url, timeout: z.number().int().positive().optional() });

/** A new credential's answer (RegistrationResponseJSON). */
export const registrationResponse = z.looseObject({
  id: base64url.min(1).max(1_366),
  rawId: base64url.min(1).max(1_366),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    transports: z.array(z.string().max(32)).max(8).optional(),
  }),
  clientExtensionResults: z.looseObject({}).optional().default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** An assertion's answer (AuthenticationResponseJSON). */
export const authenticationResponse = z.looseObject({
  id: base64url.min(1).max(1_366),
  rawId: base64url.min(1).max(1_366),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}).optional().default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

export type AuthenticationResponse = z.input<typeof authenticationResponse>;
export type RegistrationResponse = z.input<typeof registrationResponse>;

export const passkey = z.object({
  id: z.uuid(),
  name: z.string(),
  created_at: datetime(),
  /** The last sign-in or verification it made; null when never used. */
  last_used_at: datetime().nullable(),
  /** Synced between the player's devices by their password manager (a multi-device credential). */
  synced: z.boolean(),
  /** Whether it is backed up now (the authenticator's BS flag at its last use). */
  backed_up: z.boolean(),
});
export type Passkey = z.output<typeof passkey>;

export const passkeyOptions = defineCall({
  id: 'accounts.passkeyOptions',
  area: 'accounts',
  method: 'POST',
  path: '/accounts/me/passkeys/options',
  auth: 'token',
  recentVerification: 'credential',
  summary:
    'Starts adding a passkey: the options for navigator.credentials.create, with a challenge usable once for five ' +
    "minutes (a discoverable credential, user verification preferred, the account's passkeys excluded).",
  response: z.object({ options }),
});

export const addPasskey = defineCall({
  id: 'accounts.passkeyAdd',
  area: 'accounts',
  method: 'POST',
  path: '/accounts/me/passkeys',
  auth: 'token',
  rateLimit: 'sign-in',
  recentVerification: 'credential',
  summary:
    "Adds the passkey the browser created from the options' challenge (1080 when it does not verify, 1081 when the " +
    'challenge expired, 1082 when it is registered already, 1083 past PASSKEYS_MAX); mailed as a security notice.',
  body: z.object({ name: passkeyName.optional(), response: registrationResponse }),
  response: passkey,
});

export const listPasskeys = defineCall({
  id: 'accounts.passkeys',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/me/passkeys',
  auth: 'token',
  summary: "The account's passkeys, the newest first.",
  response: z.object({ items: z.array(passkey) }),
});

export const renamePasskey = defineCall({
  id: 'accounts.passkeyRename',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/passkeys/{id}',
  auth: 'token',
  summary: 'Renames a passkey (1016 when the account has no such passkey).',
  params: z.object({ id: z.uuid() }),
  body: z.object({ name: passkeyName }),
  response: passkey,
});

export const removePasskey = defineCall({
  id: 'accounts.passkeyRemove',
  area: 'accounts',
  method: 'DELETE',
  path: '/accounts/me/passkeys/{id}',
  auth: 'token',
  recentVerification: 'credential',
  summary: 'Removes a passkey (1016 when the account has no such passkey); mailed as a security notice.',
  params: z.object({ id: z.uuid() }),
});

export const signInPasskeyOptions = defineCall({
  id: 'sessions.passkeyOptions',
  area: 'sessions',
  method: 'POST',
  path: '/sessions/passkey/options',
  auth: 'public',
  summary:
    'The options for navigator.credentials.get to sign in with a passkey (no account named: the browser offers the ' +
    'passkeys it holds for this site, also as autofill); the challenge is usable once for five minutes. In the ' +
    'default rate-limit tier: it checks no secret, and the sign-in page asks for one on each visit.',
  response: z.object({ options }),
});

export const signInWithPasskey = defineCall({
  id: 'sessions.authPasskey',
  area: 'sessions',
  method: 'POST',
  path: '/sessions/auth/passkey',
  auth: 'public',
  rateLimit: 'sign-in',
  summary:
    'Signs in with a passkey: a verified user (PIN or biometrics) with their own device counts as both steps, so ' +
    'an account with two-factor on is signed in fully (1080 when the passkey does not verify, 1081 when the challenge expired).',
  body: z.object({ response: authenticationResponse }),
  response: tokenAnswer,
});

export const sessionPasskeyOptions = defineCall({
  id: 'sessions.verifyPasskeyOptions',
  area: 'sessions',
  method: 'POST',
  path: '/sessions/me/passkey/options',
  auth: 'token',
  allowMfaPending: true,
  summary:
    "The options for navigator.credentials.get naming the account's passkeys, for PUT /sessions/me/verify with " +
    'code_type passkey: the second step of a sign-in pending two-factor, or proving the player again (1050 when the ' +
    'account has no passkey).',
  response: z.object({ options }),
});

/** The accounts area's: managing the account's passkeys. */
export const accountPasskeys = { passkeyOptions, addPasskey, listPasskeys, renamePasskey, removePasskey };

/** The sessions area's: signing in with a passkey, and the options of a passkey verification. */
export const sessionPasskeys = { signInPasskeyOptions, signInWithPasskey, sessionPasskeyOptions };
