import { gameConfig } from '@portal/contract/calls/games';
import type { DeviceAuthorization } from '@portal/contract/calls/entities';
import { describe, expect, it } from 'vitest';
import { deviceFlowData, successRedirect } from './device-game.ts';

const block = null;
const game = (patch: Record<string, unknown> = {}) =>
  gameConfig.parse({
    slug: 'starfall-legends',
    name: 'Starfall Legends',
    mature_audience: false,
    flagged_account_oauth_enabled: true,
    created_at: new Date(),
    updated_at: new Date(),
    user_experience: {
      display_name: 'Starfall Legends',
      assets: { image: null, background: null, hero: null, card: null, box_art: null },
      welcome_title: null,
      welcome_message: null,
      account_creation_success_message: null,
      connection_flow_welcome_message: null,
      device_flow_welcome_message: null,
      device_flow_link_success_message: null,
      success_redirect: 'https://game.example.com/play',
      success_redirect_timer: 5,
      registration_age: null,
      is_username_editable: true,
      registration_preferred_credentials: 'password',
      supported_platforms: [],
      fan_club: block,
      mod_site: block,
      streaming_service: block,
      chat_service: block,
      video_streaming_service: block,
      ...patch,
    },
  });

const authorization = (patch: Partial<DeviceAuthorization> = {}): DeviceAuthorization => ({
  id: '2f1c7a52-9d1e-4f7a-8a3c-1b2c3d4e5f60',
  user_code: 'BCD-FGH-JKL',
  apikey: 'starfall-legends-pc',
  expires_at: new Date(),
  device_name: 'Living-room PS5',
  error: null,
  redirect_uri: null,
  user_flow: 'default',
  user_flow_options: null,
  registration_defaults: { dob: '1995-06-15', age: null, location: 'US-CA' },
  auth_type: 'device',
  game: game(),
  ...patch,
});

describe('the flow data of a device flow', () => {
  it('keeps the code, device, game and the registration defaults under the registration keys', () => {
    expect(deviceFlowData(authorization(), 'BCDFGHJKL')).toEqual({
      gameSlug: 'starfall-legends',
      gameName: 'Starfall Legends',
      credentials: 'password',
      flaggedAccountOauth: 'true',
      deviceCode: 'BCDFGHJKL',
      deviceAuthType: 'device',
      deviceName: 'Living-room PS5',
      dob: '1995-06-15',
      country: 'US',
      territory: 'US-CA',
    });
  });

  it('leaves out what the device did not send', () => {
    expect(
      deviceFlowData(authorization({ game: null, device_name: null, registration_defaults: null }), 'BCDFGHJKL'),
    ).toEqual({ deviceCode: 'BCDFGHJKL', deviceAuthType: 'device' });
    expect(
      deviceFlowData(authorization({ registration_defaults: { dob: null, age: 30, location: 'FR' } }), 'X'),
    ).toMatchObject({ country: 'FR' });
  });
});

describe('the redirect after a device is connected', () => {
  it('is the game success_redirect with its timer', () => {
    expect(successRedirect(game())).toEqual({ url: 'https://game.example.com/play', seconds: 5 });
    expect(successRedirect(game({ success_redirect_timer: null }))).toEqual({
      url: 'https://game.example.com/play',
      seconds: null,
    });
  });

  it('is none without a game, without an address, or for anything but http(s)', () => {
    expect(successRedirect(null)).toBeNull();
    expect(successRedirect(game({ success_redirect: null }))).toBeNull();
    expect(successRedirect(game({ success_redirect: 'javascript:alert(1)' }))).toBeNull();
    expect(successRedirect(game({ success_redirect: '/home' }))).toBeNull();
  });
});
