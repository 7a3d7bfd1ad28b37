// What the device flow keeps and shows of a device authorization (spec 000 §3 "Device
// authorization", §4 "Device flow"): the flow data while the player signs in or registers (with the
// game's registration defaults prefilled), and the game's redirect after success.
import type { DeviceAuthorization } from '@portal/contract/calls/entities';
import type { GameConfig } from '@portal/contract/calls/games';
import { USER_FLOW_PLATFORMS } from '@portal/contract/data/platforms';
import { CONNECTION_KEYS } from '../../flows/connection-flow.ts';
import { DEVICE_KEYS, gameFlowData } from '../../flows/game-flow.ts';

/** The flow data of a device flow: the code, the device, its game, and registration defaults. */
export function deviceFlowData(authorization: DeviceAuthorization, code: string): Record<string, string> {
  const defaults = authorization.registration_defaults;
  const location = defaults?.location ?? null;
  return {
    ...(authorization.game ? gameFlowData(authorization.game) : {}),
    [DEVICE_KEYS.code]: code,
    [DEVICE_KEYS.authType]: authorization.auth_type,
    ...(authorization.device_name ? { [DEVICE_KEYS.name]: authorization.device_name } : {}),
    // A user flow that connects a platform (twitch, max...) before the device is authorized.
    ...(authorization.user_flow !== 'default'
      ? {
          [DEVICE_KEYS.userFlowPlatform]: USER_FLOW_PLATFORMS[authorization.user_flow],
          // The connection flow reads it once the device flow hands over.
          ...(authorization.user_flow_options?.is_required ? { [CONNECTION_KEYS.required]: 'true' } : {}),
        }
      : {}),
    // The keys the registration screens prefill from (as from a game's sign-up link).
    ...(defaults?.dob ? { dob: defaults.dob } : {}),
    ...(location ? { country: location.slice(0, 2) } : {}),
    ...(location && location.length === 5 ? { territory: location } : {}),
  };
}

/**
 * Where the success page sends the player, and after how many seconds (null: only a link). Only
 * http(s) addresses are followed.
 */
export function successRedirect(game: GameConfig | null): { url: string; seconds: number | null } | null {
  const url = game?.user_experience.success_redirect;
  if (!url || !/^https?:\/\//i.test(url) || !URL.canParse(url)) return null;
  return { url, seconds: game.user_experience.success_redirect_timer };
}
