// The device flow of the spec (000 §4 "Device flow", 001 §7) over RFC 8628:
// - POST /sessions/device: a game starts an authorization (the standard form of it is
//   POST /oauth2/device_authorization, oauth/standard-routes.ts);
// - GET /sessions/device/{userCode}: the player's browser looks up the code it was shown, to say
//   which device and game it approves;
// - PUT /sessions/device/{code}/authorize: the signed-in player approves;
// - PUT /sessions/device/{code}/error: the player refuses, or the browser reports why it cannot
//   approve (age_gated); the device's next poll answers access_denied.
// Polling is POST /sessions/auth/token with grant_type device_code (oauth/grants.ts).
import {
  authorizeDevice,
  getDeviceAuthorization,
  reportDeviceError,
  startDeviceAuthorization,
} from '@portal/contract/calls/sessions';
import type { DeviceAuthorization } from '@portal/contract/calls/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { RequestError } from '../../http/request-error.ts';
import { AccountsRepo } from '../accounts/repo.ts';
import { signedInAccount } from '../accounts/signed-in.ts';
import { GamesRepo } from '../games/repo.ts';
import { toGameConfig } from '../games/service.ts';
import { assertMayAuthorize } from '../oauth/who-may-authorize.ts';
import { createDeviceFlow } from './device-flow.ts';
import type { LookedUp } from './device-flow.ts';
import { displayUserCode } from './user-code.ts';

export function registerDevice(app: FastifyInstance, deps: Deps) {
  const games = new GamesRepo(deps.db.orm);
  const accounts = new AccountsRepo(deps.db.orm);
  const flow = createDeviceFlow(deps);

  registerCall(app, startDeviceAuthorization, async ({ body, request }) => {
    const client = await games.findClient(body.client_id);
    // A game's API key starts device sign-ins for its own clients only.
    const caller = request.ctx.apiClient;
    if (!client || (caller?.kind === 'game' && caller.gameSlug !== client.gameSlug))
      throw new RequestError('invalid_client_id');
    return flow.start(client.clientId, body);
  });

  /** The live, undecided authorization of a typed code, within the guessing limits. */
  const undecided = async (typed: string, request: FastifyRequest): Promise<LookedUp> => {
    const row = await flow.lookUp(typed, request.ip);
    if (row.expiresAt.getTime() <= Date.now()) throw new RequestError('device_token_expired');
    if (row.authorizedAt !== null || row.error !== null) throw new RequestError('device_token_used');
    return row;
  };

  registerCall(app, getDeviceAuthorization, async ({ params, request }) => {
    const row = await undecided(params.userCode, request);
    const found = await games.findClientWithGame(row.clientId);
    return view(row, row.userCode, found ? toGameConfig(found.game) : null);
  });

  registerCall(app, authorizeDevice, async ({ params, request }) => {
    const row = await undecided(params.code, request);
    // Passwordless devices start the stub-account flow, which a later version brings.
    if (row.authType === 'passwordless') throw new RequestError('device_flow_unavailable');
    const account = await signedInAccount(accounts, request);
    const found = await games.findClientWithGame(row.clientId);
    if (!found) throw new RequestError('device_token_invalid');
    assertMayAuthorize(account, found.game);
    if (!(await flow.store.approve(row.id, account.id))) throw new RequestError('device_token_used');
    return {};
  });

  registerCall(app, reportDeviceError, async ({ params, body, request }) => {
    const row = await undecided(params.code, request);
    if (!(await flow.store.refuse(row.id, body.error))) throw new RequestError('device_token_used');
    return {};
  });
}

/** What the browser sees of an authorization: never the device's own code. */
function view(row: LookedUp, userCode: string, game: DeviceAuthorization['game']): DeviceAuthorization {
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
