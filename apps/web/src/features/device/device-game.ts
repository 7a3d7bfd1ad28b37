// What the device flow keeps and shows of a device authorization (spec 000 §3 "Device
// authorization", §4 "Device flow"): the flow data while the player signs in or registers (with the
// game's registration defaults prefilled).
import type { DeviceAuthorization } from '@portal/contract/calls/entities';
import { deviceRequest, gameFacts, registrationPrefill } from '../../flows/game-flow.ts';
import type { DeviceRequest, GameFacts } from '../../flows/flow-state.ts';
import type { SignUpPrefill } from '../../flows/flow-events.ts';

/** What the device flow keeps: the device, its game, and the game's registration defaults prefilled. */
export function deviceFlowStart(
  authorization: DeviceAuthorization,
  code: string,
): { device: DeviceRequest; game: GameFacts | null; prefill: SignUpPrefill } {
  return {
    device: deviceRequest(authorization, code),
    game: authorization.game ? gameFacts(authorization.game) : null,
    prefill: registrationPrefill(authorization.registration_defaults ?? {}),
  };
}
