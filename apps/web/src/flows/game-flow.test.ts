import { describe, expect, it } from 'vitest';
import type { FlowState } from './flow-store.ts';
import { deviceAuthType, gameFlowInProgress, pendingOauth } from './game-flow.ts';

const oauth: FlowState = {
  flow: 'oauth',
  step: null,
  data: {
    gameSlug: 'starfall-legends',
    oauthClientId: 'starfall-legends-pc',
    oauthRedirectUri: 'http://127.0.0.1/callback',
    oauthCodeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  },
};
const device: FlowState = { flow: 'device', step: 'device_flow_init', data: { deviceCode: 'BCDFGHJKL' } };

describe('game flows', () => {
  it('an OAuth request is pending with its client, redirect URI and challenge, until an error', () => {
    expect(pendingOauth(oauth)).toBe(true);
    expect(pendingOauth({ ...oauth, step: 'login_credentials' })).toBe(true);
    expect(pendingOauth({ ...oauth, step: 'oauth_error' })).toBe(false);
    expect(pendingOauth({ ...oauth, data: { ...oauth.data, oauthCodeChallenge: '' } })).toBe(false);
    expect(pendingOauth({ ...oauth, flow: 'registration' })).toBe(false);
  });

  it('the device auth type is known only in a device flow with a code', () => {
    expect(deviceAuthType(device)).toBe('device');
    expect(deviceAuthType({ ...device, data: { ...device.data, deviceAuthType: 'passwordless' } })).toBe(
      'passwordless',
    );
    expect(deviceAuthType({ ...device, data: {} })).toBeNull();
    expect(deviceAuthType({ ...device, data: { ...device.data, deviceError: 'age_gated' } })).toBeNull();
    expect(deviceAuthType(oauth)).toBeNull();
  });

  it('a game flow is in progress until its error or the authorized device ends it', () => {
    expect(gameFlowInProgress(oauth)).toBe(true);
    expect(gameFlowInProgress({ ...oauth, step: 'oauth_error' })).toBe(false);
    expect(gameFlowInProgress(device)).toBe(true);
    expect(gameFlowInProgress({ ...device, step: 'login_init' })).toBe(true);
    expect(gameFlowInProgress({ ...device, step: 'device_flow_authorization' })).toBe(false);
    expect(gameFlowInProgress({ ...device, data: { ...device.data, deviceError: 'connection' } })).toBe(false);
    expect(gameFlowInProgress({ flow: 'user-flow', step: 'login_init', data: {} })).toBe(false);
    expect(gameFlowInProgress({ flow: null, step: null, data: {} })).toBe(false);
  });
});
