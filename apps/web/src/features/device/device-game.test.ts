import { gameConfig } from '@portal/contract/calls/games';
import type { DeviceAuthorization } from '@portal/contract/calls/entities';
import { describe, expect, it } from 'vitest';
import { deviceFlowStart } from './device-game.ts';
import { successRedirect } from '../../lib/game-redirect.ts';

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

describe('what a device flow keeps', () => {
  it('keeps the code, device, game and the registration defaults (the age too) as the sign-up prefill', () => {
    expect(deviceFlowStart(authorization(), 'BCDFGHJKL')).toEqual({
      device: {
        code: 'BCDFGHJKL',
        name: 'Living-room PS5',
        authType: 'device',
        userFlowPlatform: null,
        userFlowRequired: false,
        userFlowDone: false,
      },
      game: {
        slug: 'starfall-legends',
        name: 'Starfall Legends',
        credentials: 'password',
        requireCredentials: true,
        isUsernameEditable: true,
        flaggedAccountOauth: true,
        ageButtons: null,
      },
      prefill: { dob: '1995-06-15', country: 'US', territory: 'US-CA' },
    });
  });

  it('leaves out what the device did not send, and keeps an age default', () => {
    expect(
      deviceFlowStart(authorization({ game: null, device_name: null, registration_defaults: null }), 'BCDFGHJKL'),
    ).toMatchObject({ device: { code: 'BCDFGHJKL', name: null }, game: null, prefill: {} });
    expect(
      deviceFlowStart(authorization({ registration_defaults: { dob: null, age: 30, location: 'FR' } }), 'X').prefill,
    ).toEqual({ age: 30, country: 'FR' });
  });

  it("keeps the user flow's platform and whether it is required", () => {
    expect(
      deviceFlowStart(authorization({ user_flow: 'twitch', user_flow_options: { is_required: true } }), 'X').device,
    ).toMatchObject({ userFlowPlatform: 'twitch', userFlowRequired: true, userFlowDone: false });
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
