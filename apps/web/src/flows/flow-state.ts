// The state of the auth flow under way (spec 000 §3 "Flow steps", §4): which flow, its step, and only
// the data that flow carries, typed. Each flow is one member of a discriminated union, and each flow
// allows only its own steps, so that an impossible state (an OAuth error in a device flow, a stub's
// session outside a device flow) cannot be written. The state is kept in sessionStorage so that a
// reload mid-flow continues; what is read back is parsed with these schemas, and a stale or tampered
// value starts over cleanly (no flow).
import { gameConflictBody } from '@portal/contract/calls/game-conflict';
import { platformId } from '@portal/contract/calls/entities';
import { restrictionNotice } from '@portal/contract/data/moderation';
import { z } from 'zod';

export const FLOW_STEPS = [
  'age_gate_error',
  'account_created',
  'age_and_location',
  'account_connection_completed',
  'update_password',
  'success_account_creation',
  'device_flow_authorization',
  'remediation_completed',
  'consolidation_completed',
  'login_credentials',
  'consolidation_init',
  'registration_init',
  'login_init',
  'two_factor_init',
  'reset_password_init',
  'email_verification_init',
  'device_flow_init',
  'stub_flow_init',
  'remediation_init',
  'anonymous_email_verification_init',
  'stub_choose_game',
  'oauth_error',
  'connection_confirmation',
  'connection_flow_init',
] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

/** Signing in: any flow may sign the player in (a game's sign-in goes on after it). */
const SIGN_IN_STEPS = ['login_init', 'login_credentials', 'two_factor_init'] as const;
/** Creating an account (spec 000 §4 "Registration steps"): any flow may register the player. */
const REGISTRATION_STEPS = [
  'registration_init',
  'age_gate_error',
  'age_and_location',
  'account_created',
  'success_account_creation',
  'email_verification_init',
] as const;

/** The steps each flow may be at (null: started, no step yet). */
export const STEPS_OF = {
  'user-flow': [
    ...SIGN_IN_STEPS,
    ...REGISTRATION_STEPS,
    'reset_password_init',
    'update_password',
    'anonymous_email_verification_init',
  ],
  registration: [...REGISTRATION_STEPS, ...SIGN_IN_STEPS],
  oauth: [...SIGN_IN_STEPS, ...REGISTRATION_STEPS, 'oauth_error'],
  device: [
    ...SIGN_IN_STEPS,
    ...REGISTRATION_STEPS,
    'device_flow_init',
    'device_flow_authorization',
    'stub_flow_init',
    'stub_choose_game',
    'consolidation_init',
    'consolidation_completed',
    'remediation_init',
    'remediation_completed',
  ],
  connection: [
    ...SIGN_IN_STEPS,
    ...REGISTRATION_STEPS,
    'connection_flow_init',
    'connection_confirmation',
    'account_connection_completed',
  ],
} as const satisfies Record<string, readonly FlowStep[]>;

/** The current auth game of spec 000 §3, as a flow keeps it. */
export const gameFacts = z.object({
  slug: z.string().min(1),
  name: z.string(),
  /** The game prefers password registration (rule 8) or an emailed code. */
  credentials: z.enum(['password', 'email_code']),
  /** Without credentials: age and location, then the display name (spec 000 §4). */
  requireCredentials: z.boolean(),
  isUsernameEditable: z.boolean(),
  flaggedAccountOauth: z.boolean(),
  /** Ages offered as buttons instead of a date of birth (registration_age). */
  ageButtons: z.array(z.number().int()).nullable(),
});
export type GameFacts = z.infer<typeof gameFacts>;

/** What a sign-up carries between its screens (so that Back, Forward and a reload keep it). */
export const signUpData = z.object({
  email: z.string().nullable(),
  /** The address a code was mailed to in this flow (mailed once per address). */
  codeSentTo: z.string().nullable(),
  /** The emailed code as typed. */
  code: z.string(),
  terms: z.boolean(),
  marketing: z.boolean(),
  /** Age and location, as given or prefilled by the game's registration defaults. */
  dob: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  /** The date of birth as typed (in the player's format), kept while the player picks a country. */
  dobTyped: z.string().max(32).nullable(),
  age: z.number().int().min(0).max(150).nullable(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  territory: z
    .string()
    .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/)
    .nullable(),
  /** A referral the sign-up link carried (`ref`), sent with the account's creation analytics. */
  ref: z.string().max(64).nullable(),
});
export type SignUpData = z.infer<typeof signUpData>;
export const NO_SIGN_UP: SignUpData = {
  email: null,
  codeSentTo: null,
  code: '',
  terms: false,
  marketing: false,
  dob: null,
  dobTyped: null,
  age: null,
  country: null,
  territory: null,
  ref: null,
};

export const OAUTH_ERRORS = [
  'missing_client_id',
  'missing_redirect_uri',
  'missing_code_challenge',
  'invalid_client_id',
  'invalid_redirect_uri',
  'age_gate',
  'unknown_error',
  /** A code_challenge_method other than S256, or a challenge that is not a SHA-256 in base64url. */
  'oauth_code_challenge_failed',
  /** A response_type other than code, or a state too long to carry. */
  'invalid_request',
  /** The player is banned from this game (issue 30): the flow keeps the notice to show. */
  'game_banned',
] as const;
/** Errors of the OAuth error step: the spec's names, and two for requests no game should send. */
export type OAuthErrorName = (typeof OAUTH_ERRORS)[number];

/** The OAuth state of spec 000 §3: the client, where to send the code, PKCE, state, force verify. */
export const oauthRequest = z.object({
  clientId: z.string().min(1),
  redirectUri: z.string().min(1),
  codeChallenge: z.string().min(1),
  state: z.string().nullable(),
  forceVerify: z.boolean(),
  /** OpenID Connect requests (through /oauth2/authorize): the scope asked for, the ID token's nonce. */
  scope: z.string().nullable(),
  nonce: z.string().nullable(),
  /**
   * prompt (OIDC Core §3.1.2.1): none, the page shows nothing and answers the game at once (an error
   * when the player would have to do something); consent, the player is asked even with a grant.
   */
  prompt: z.enum(['none', 'consent']).nullable().default(null),
});
export type OAuthFlowRequest = z.infer<typeof oauthRequest>;

/** `game_banned`: the player is banned from the device's game (issue 30), the flow keeps the notice. */
export const DEVICE_PROBLEMS = ['connection', 'failed', 'unavailable', 'age_gated', 'denied', 'game_banned'] as const;
export type DeviceProblem = (typeof DEVICE_PROBLEMS)[number];

/** The device being authorized (spec 000 §3 "Device authorization"). */
export const deviceRequest = z.object({
  /** The user code, normalized (9 characters, upper case, no separators). */
  code: z.string().min(1),
  name: z.string().nullable(),
  authType: z.enum(['device', 'passwordless']),
  /** The platform the game's user flow connects before the device is authorized (twitch, max...). */
  userFlowPlatform: platformId.nullable(),
  /** That connection is required: the player cannot skip it. */
  userFlowRequired: z.boolean(),
  /** The connection of the user flow's platform is over (connected, or skipped when not required). */
  userFlowDone: z.boolean(),
});
export type DeviceRequest = z.infer<typeof deviceRequest>;

export const SAVE_CHOICES = ['keep_old', 'squash_conflict'] as const;
export type SaveChoice = (typeof SAVE_CHOICES)[number];

/** A stub account waiting to move into the player's account (spec 000 §4 "Consolidation"). */
export const stubData = z.object({
  /** The stub's session, kept while the player signs in to their account (null: the browser holds it). */
  token: z.string().nullable(),
  refresh: z.string().nullable(),
  /** The stub's platform (its first link), for the screens. */
  platform: z.string().nullable(),
  /** The game conflict the last transfer answered, then the player's choice per game. */
  conflicts: gameConflictBody.nullable(),
  choices: z.record(z.string(), z.enum(SAVE_CHOICES)),
  /** The game of the choice shown (its index), so that a reload shows the same one. */
  choosing: z.number().int().min(0).nullable(),
});
export type StubData = z.infer<typeof stubData>;

/** A connection of one platform, chosen by the game or by the player (spec 000 §4 rules 18-20). */
export const connectionData = z.object({
  platform: platformId.nullable(),
  /** The player picks the platform (/connection/select-platform) rather than the game. */
  selection: z.boolean(),
  required: z.boolean(),
  /** Where the flow ends, a path of this site (the `redirect_uri` of /connection). */
  redirect: z
    .string()
    .regex(/^\/(?![/\\])/)
    .nullable(),
});
export type ConnectionData = z.infer<typeof connectionData>;

const common = {
  game: gameFacts.nullable(),
  signUp: signUpData,
};
const stepOf = <F extends keyof typeof STEPS_OF>(flow: F) => z.enum(STEPS_OF[flow]).nullable();

export const flowState = z.discriminatedUnion('flow', [
  z.object({ flow: z.literal(null) }),
  /** Signing in, resetting a password, verifying an email: the player's own flow. */
  z.object({
    flow: z.literal('user-flow'),
    step: stepOf('user-flow'),
    ...common,
    /** The password reset link's token (rule 3: its new-password page and success page need it). */
    resetToken: z.string().min(1).max(512).nullable(),
  }),
  /** Creating an account, not for a game (or for the game of a sign-up link). */
  z.object({ flow: z.literal('registration'), step: stepOf('registration'), ...common }),
  /** A game's OAuth sign-in: the request waits for the signed-in player (rule 15). */
  z.object({
    flow: z.literal('oauth'),
    step: stepOf('oauth'),
    ...common,
    request: oauthRequest.nullable(),
    error: z.enum(OAUTH_ERRORS).nullable(),
    /** The notice of a ban of the game (error game_banned); none kept before issue 30. */
    restriction: restrictionNotice.nullable().default(null),
  }),
  /** A device (console, TV) authorized by its user code; a passwordless code brings its stub. */
  z.object({
    flow: z.literal('device'),
    step: stepOf('device'),
    ...common,
    device: deviceRequest,
    problem: z.enum(DEVICE_PROBLEMS).nullable(),
    /** The notice of a ban of the game (problem game_banned); none kept before issue 30. */
    restriction: restrictionNotice.nullable().default(null),
    stub: stubData.nullable(),
  }),
  /** A connection of a platform; a device flow that handed over to it goes on afterwards. */
  z.object({
    flow: z.literal('connection'),
    step: stepOf('connection'),
    ...common,
    connection: connectionData,
    resumeDevice: deviceRequest.nullable(),
  }),
]);
export type FlowState = z.infer<typeof flowState>;
export type ActiveFlow = Exclude<FlowState, { flow: null }>;
export type AuthFlow = ActiveFlow['flow'];
export type FlowOf<F extends AuthFlow> = Extract<FlowState, { flow: F }>;

export const NO_FLOW: FlowState = { flow: null };

/** A value read back from storage: the flow it was, or no flow when it is stale or tampered with. */
export function parseFlowState(value: unknown): FlowState {
  const parsed = flowState.safeParse(value);
  return parsed.success ? parsed.data : NO_FLOW;
}

/** Whether a step belongs to a flow. */
export function flowAllows(flow: AuthFlow, step: FlowStep | null): boolean {
  return step === null || (STEPS_OF[flow] as readonly FlowStep[]).includes(step);
}
