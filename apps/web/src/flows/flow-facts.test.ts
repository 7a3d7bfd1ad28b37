import { describe, expect, it } from 'vitest';
import { deviceAuthType, gameFlowInProgress, pendingOauth } from './flow-facts.ts';
import { NO_FLOW } from './flow-state.ts';
import { DEVICE, deviceFlow, oauthFlow, userFlow } from './testing/flow-fixtures.ts';

describe('game flows', () => {
  it('an OAuth request is pending with its request kept, until an error', () => {
    expect(pendingOauth(oauthFlow())).toBe(true);
    expect(pendingOauth(oauthFlow({ step: 'login_credentials' }))).toBe(true);
    expect(pendingOauth(oauthFlow({ step: 'oauth_error', error: 'age_gate' }))).toBe(false);
    expect(pendingOauth(oauthFlow({ request: null }))).toBe(false);
    expect(pendingOauth(userFlow())).toBe(false);
  });

  it('the device auth type is known only in a device flow not ended by a problem', () => {
    expect(deviceAuthType(deviceFlow())).toBe('device');
    expect(deviceAuthType(deviceFlow({ device: { ...DEVICE, authType: 'passwordless' } }))).toBe('passwordless');
    expect(deviceAuthType(deviceFlow({ problem: 'age_gated' }))).toBeNull();
    expect(deviceAuthType(oauthFlow())).toBeNull();
  });

  it('a game flow is in progress until its error or the authorized device ends it', () => {
    expect(gameFlowInProgress(oauthFlow())).toBe(true);
    expect(gameFlowInProgress(oauthFlow({ step: 'oauth_error', error: 'unknown_error' }))).toBe(false);
    expect(gameFlowInProgress(deviceFlow())).toBe(true);
    expect(gameFlowInProgress(deviceFlow({ step: 'login_init' }))).toBe(true);
    expect(gameFlowInProgress(deviceFlow({ step: 'device_flow_authorization' }))).toBe(false);
    expect(gameFlowInProgress(deviceFlow({ problem: 'connection' }))).toBe(false);
    expect(gameFlowInProgress(userFlow())).toBe(false);
    expect(gameFlowInProgress(NO_FLOW)).toBe(false);
  });
});
