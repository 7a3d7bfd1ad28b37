// What the player's browser sees of a device authorization (GET /sessions/device/{code}): which
// device and game it approves, never the device's own code.
import type { DeviceAuthorization } from '@portal/contract/calls/entities';
import type { DeviceRow } from './repo.ts';
import { displayUserCode } from './user-code.ts';

export function deviceView(row: DeviceRow, userCode: string, game: DeviceAuthorization['game']): DeviceAuthorization {
  const defaults = row.registrationDefaults;
  return {
    id: row.id,
    user_code: displayUserCode(userCode),
    apikey: row.clientId,
    expires_at: row.expiresAt,
    device_name: row.deviceName,
    error: row.error,
    redirect_uri: null,
    user_flow: row.userFlow as DeviceAuthorization['user_flow'],
    user_flow_options: row.userFlowOptions ?? null,
    registration_defaults: defaults
      ? { dob: defaults.dob ?? null, age: defaults.age ?? null, location: defaults.location ?? null }
      : null,
    auth_type: row.authType,
    game,
  };
}
