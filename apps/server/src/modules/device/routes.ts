// The device flow of the spec (000 §4 "Device flow", 001 §7) over RFC 8628; its rules are
// DeviceService's, its states and answers device-machine.ts's:
// - POST /sessions/device: a game starts an authorization (the standard form of it is
//   POST /oauth2/device_authorization, oauth/standard/token-routes.ts);
// - GET /sessions/device/{userCode}: the player's browser looks up the code it was shown, to say
//   which device and game it approves;
// - PUT /sessions/device/{code}/authorize: the signed-in player approves;
// - POST /sessions/device/{code}/stub: the browser takes the stub of a passwordless code (the stub
//   flow: consolidate it into the player's account, or complete it);
// - PUT /sessions/device/{code}/error: the player refuses, or the browser reports why it cannot
//   approve (age_gated); the device's next poll answers access_denied.
// Polling is POST /sessions/auth/token with grant_type device_code (OAuthService.deviceCode).
import {
  authorizeDevice,
  claimDeviceStub,
  getDeviceAuthorization,
  reportDeviceError,
  startDeviceAuthorization,
} from '@portal/contract/calls/sessions-games';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerDevice(
  app: FastifyInstance,
  { device, tokenAnswer }: Pick<Services, 'device' | 'tokenAnswer'>,
) {
  registerCall(app, startDeviceAuthorization, async ({ body, request, session, account }) =>
    device.startFor(request.ctx.apiClient, body, session && account ? { session, account } : null),
  );

  registerCall(app, claimDeviceStub, async ({ params, request }) => {
    const { tokens, account } = await device.claimStub(params.code, request.ip);
    return tokenAnswer(tokens, account);
  });

  registerCall(app, getDeviceAuthorization, async ({ params, request }) => device.show(params.userCode, request.ip));

  registerCall(app, authorizeDevice, async ({ params, account, request }) => {
    await device.approve(params.code, account, request.ip);
    return {};
  });

  registerCall(app, reportDeviceError, async ({ params, body, request }) => {
    await device.deny(params.code, body.error, request.ip);
    return {};
  });
}
