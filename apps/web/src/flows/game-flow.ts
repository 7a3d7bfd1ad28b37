// The flows by which a game signs a player in (spec 000 §3 "Current auth game", "OAuth state", §4
// "Device flow"): what they keep in the flow data between the sign-in and registration screens, and
// what the continue-registration decision reads from it (rules 12, 13, 15 and 16).
import type { GameConfig } from '@portal/contract/calls/games';
import type { FlowState } from './flow-store.ts';
import { connectionInProgress } from './connection-flow.ts';

/** Keys of the flow data of a game flow. */
export const GAME_KEYS = {
  slug: 'gameSlug',
  name: 'gameName',
  flaggedAccountOauth: 'flaggedAccountOauth',
  /** Read by the registration screens: 'password' when the game prefers password registration. */
  credentials: 'credentials',
} as const;

/** The OAuth state of spec 000 §3 (code challenge, state, redirect URL, force verify) and the client. */
export const OAUTH_KEYS = {
  clientId: 'oauthClientId',
  redirectUri: 'oauthRedirectUri',
  codeChallenge: 'oauthCodeChallenge',
  state: 'oauthState',
  forceVerify: 'oauthForceVerify',
  /** OpenID Connect requests (through /oauth2/authorize): the scope asked for, the ID token's nonce. */
  scope: 'oauthScope',
  nonce: 'oauthNonce',
  /** The error name shown on the OAuth error step. */
  error: 'oauthError',
} as const;

export const DEVICE_KEYS = {
  /** The user code, normalized (9 characters, upper case, no separators). */
  code: 'deviceCode',
  name: 'deviceName',
  authType: 'deviceAuthType',
  /** Why the device could not be authorized (the /device-code page shows it): the flow is over. */
  error: 'deviceError',
  /** The platform the game's user flow connects before the device is authorized (twitch, max...). */
  userFlowPlatform: 'deviceUserFlowPlatform',
  /** The connection of the user flow's platform is over (connected, or skipped when not required). */
  userFlowDone: 'deviceUserFlowDone',
} as const;

/** The current auth game of spec 000 §3, as the flow data keeps it. */
export function gameFlowData(game: GameConfig): Record<string, string> {
  return {
    [GAME_KEYS.slug]: game.slug,
    [GAME_KEYS.name]: game.name,
    [GAME_KEYS.credentials]: game.user_experience.registration_preferred_credentials,
    ...(game.flagged_account_oauth_enabled ? { [GAME_KEYS.flaggedAccountOauth]: 'true' } : {}),
  };
}

/** Rule 15: an OAuth request waits for the signed-in player (not yet ended by an error). */
export function pendingOauth(flow: FlowState): boolean {
  return (
    flow.flow === 'oauth' &&
    flow.step !== 'oauth_error' &&
    Boolean(flow.data[OAUTH_KEYS.clientId] && flow.data[OAUTH_KEYS.redirectUri] && flow.data[OAUTH_KEYS.codeChallenge])
  );
}

/** Rules 13, 14 and 16: the auth type of the device being authorized, while there is one. */
export function deviceAuthType(flow: FlowState): 'device' | 'passwordless' | null {
  if (flow.flow !== 'device' || !flow.data[DEVICE_KEYS.code] || flow.data[DEVICE_KEYS.error]) return null;
  const type = flow.data[DEVICE_KEYS.authType];
  return type === 'passwordless' ? 'passwordless' : 'device';
}

/**
 * A game flow still under way: the sign-in and registration screens keep it (and show its game)
 * instead of starting their own. An OAuth error, an authorized device or a device error has ended it;
 * a connection flow ends with its result.
 */
export function gameFlowInProgress(flow: FlowState): boolean {
  if (pendingOauth(flow) || connectionInProgress(flow)) return true;
  return deviceAuthType(flow) !== null && flow.step !== 'device_flow_authorization';
}
