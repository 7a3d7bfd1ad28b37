import { describe, expect, it } from 'vitest';
import { connectionFlow, DEVICE, deviceFlow, userFlow } from '../../flows/testing/flow-fixtures.ts';
import { redirectAfterLink, userFlowConnects } from './connect-platform-flow.ts';

const passwordless = (over: Partial<typeof DEVICE> = {}) =>
  deviceFlow({
    step: 'stub_flow_init',
    device: { ...DEVICE, authType: 'passwordless', userFlowPlatform: 'twitch', userFlowRequired: true, ...over },
  });

describe("the platform connection of a stub's device flow (spec 000 §4 rule 6)", () => {
  it('is the device flow whose game connects this platform first, until it is connected', () => {
    expect(userFlowConnects(passwordless(), 'twitch')).toBe(true);
    expect(userFlowConnects(passwordless({ userFlowDone: true }), 'twitch')).toBe(false);
  });

  it('is no other platform, device or flow: the page then does what it does on the dashboard', () => {
    expect(userFlowConnects(passwordless(), 'discord')).toBe(false);
    expect(userFlowConnects(passwordless({ userFlowPlatform: null }), 'twitch')).toBe(false);
    expect(userFlowConnects(deviceFlow(), 'twitch')).toBe(false);
    expect(userFlowConnects(connectionFlow(), 'twitch')).toBe(false);
    expect(userFlowConnects(userFlow(), 'twitch')).toBe(false);
  });

  it('goes on to redirect_uri when it is a path of this site, else lets the flow decide (null)', () => {
    expect(redirectAfterLink('?entry=starfall-legends&redirect_uri=%2Fprompt-sign-in')).toBe('/prompt-sign-in');
    for (const search of [
      '',
      '?redirect_uri=https%3A%2F%2Fevil.example%2F',
      '?redirect_uri=%2F%2Fevil.example',
      '?redirect_uri=%2F%5Cevil.example',
      '?redirect_uri=javascript%3Aalert(1)',
    ]) {
      expect(redirectAfterLink(search), search).toBeNull();
    }
  });
});
