import { gameConfig } from '@portal/contract/calls/games';
import { describe, expect, it } from 'vitest';
import { NO_FLOW } from '../../flows/flow-state.ts';
import type { FlowState } from '../../flows/flow-state.ts';
import { GAME, connectionFlow, deviceFlow, oauthFlow } from '../../flows/testing/flow-fixtures.ts';
import { displayNameGame } from './display-name-game.ts';

const config = (patch: Record<string, unknown> = {}) =>
  gameConfig.parse({
    slug: 'starfall-legends',
    name: 'Starfall Legends',
    mature_audience: false,
    flagged_account_oauth_enabled: false,
    created_at: new Date(),
    updated_at: new Date(),
    user_experience: {
      display_name: { slug: 'demo.display_name', default: 'Starfall Legends', localizations: { 'fr-FR': 'Légendes' } },
      assets: { image: null, background: null, hero: null, card: null, box_art: null },
      welcome_title: null,
      welcome_message: null,
      account_creation_success_message: {
        slug: 'demo.account_creation_success_message',
        default: 'Your account is ready.',
        localizations: { 'fr-FR': 'Votre compte est prêt.' },
      },
      connection_flow_welcome_message: null,
      device_flow_welcome_message: null,
      device_flow_link_success_message: null,
      success_redirect: 'https://game.example.com/play',
      success_redirect_timer: 5,
      registration_age: null,
      is_username_editable: true,
      registration_preferred_credentials: 'email_code',
      supported_platforms: [],
      fan_club: null,
      mod_site: null,
      streaming_service: null,
      chat_service: null,
      video_streaming_service: null,
      ...patch,
    },
  });

/** A console's stub becoming an account (a passwordless device flow). */
const stubFlow = (game = GAME): FlowState =>
  deviceFlow({ step: 'account_created', game, device: { ...deviceFlow().device, authType: 'passwordless' } });

describe('the game on the display-name screen', () => {
  it("shows the game's success message in the player's language, and offers to return to the game", () => {
    expect(displayNameGame(stubFlow(), config(), 'fr-FR')).toEqual({
      editable: true,
      message: 'Votre compte est prêt.',
      returnTo: { url: 'https://game.example.com/play', game: 'Légendes' },
    });
  });

  it('keeps the name of a game whose display name is not editable', () => {
    expect(displayNameGame(stubFlow({ ...GAME, isUsernameEditable: false }), config(), 'en-US').editable).toBe(false);
  });

  it('is the plain screen without a game', () => {
    expect(displayNameGame(NO_FLOW, null, 'en-US')).toEqual({ editable: true, message: null, returnTo: null });
    // While the game's config loads: the flow's facts already decide the field.
    expect(displayNameGame(stubFlow({ ...GAME, isUsernameEditable: false }), undefined, 'en-US')).toEqual({
      editable: false,
      message: null,
      returnTo: null,
    });
  });

  it('returns only to an http(s) address', () => {
    for (const url of ['javascript:alert(1)', '/home', '//evil.example.com', null]) {
      expect(displayNameGame(stubFlow(), config({ success_redirect: url }), 'en-US').returnTo).toBeNull();
    }
  });

  it('offers no return where the flow itself takes the player back to the game', () => {
    // An OAuth request is answered, a device authorized, a connection made, once the name is chosen.
    for (const flow of [
      oauthFlow({ step: 'account_created' }),
      deviceFlow({ step: 'account_created' }),
      connectionFlow({ game: GAME }),
    ]) {
      expect(displayNameGame(flow, config(), 'en-US').returnTo).toBeNull();
      expect(displayNameGame(flow, config(), 'en-US').message).toBe('Your account is ready.');
    }
  });
});
