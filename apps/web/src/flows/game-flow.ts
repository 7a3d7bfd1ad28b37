// The flows by which a game signs a player in (spec 000 §3 "Current auth game", "OAuth state", §4
// "Device flow"): the game's facts and the device as a flow keeps them.
import type { DeviceAuthorization } from '@portal/contract/calls/entities';
import type { GameConfig } from '@portal/contract/calls/games';
import { USER_FLOW_PLATFORMS } from '@portal/contract/data/platforms';
import type { SignUpPrefill } from './flow-events.ts';
import type { DeviceRequest, GameFacts } from './flow-state.ts';

/** The current auth game of spec 000 §3, as the flow keeps it. */
export function gameFacts(game: GameConfig): GameFacts {
  const experience = game.user_experience;
  return {
    slug: game.slug,
    name: game.name,
    credentials: experience.registration_preferred_credentials,
    requireCredentials: experience.registration_require_credentials,
    isUsernameEditable: experience.is_username_editable,
    flaggedAccountOauth: game.flagged_account_oauth_enabled,
    ageButtons: experience.registration_age,
  };
}

/** The device being authorized, as the device flow keeps it. */
export function deviceRequest(authorization: DeviceAuthorization, code: string): DeviceRequest {
  const userFlow = authorization.user_flow;
  return {
    code,
    name: authorization.device_name || null,
    authType: authorization.auth_type,
    userFlowPlatform: userFlow !== 'default' ? USER_FLOW_PLATFORMS[userFlow] : null,
    userFlowRequired: userFlow !== 'default' && authorization.user_flow_options?.is_required === true,
    userFlowDone: false,
  };
}

/** A game's registration defaults (date of birth, age, location) as the sign-up's prefill. */
export function registrationPrefill(defaults: {
  dob?: string | null | undefined;
  age?: number | null | undefined;
  location?: string | null | undefined;
}): SignUpPrefill {
  const location = defaults.location?.toUpperCase() ?? null;
  const valid = location !== null && /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/.test(location);
  return {
    ...(defaults.dob && /^\d{4}-\d{2}-\d{2}$/.test(defaults.dob) ? { dob: defaults.dob } : {}),
    ...(typeof defaults.age === 'number' && defaults.age >= 0 && defaults.age <= 150 ? { age: defaults.age } : {}),
    ...(valid ? { country: location.slice(0, 2) } : {}),
    ...(valid && location.length > 2 ? { territory: location } : {}),
  };
}
