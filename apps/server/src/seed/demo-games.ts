// Two more demo games beside Starfall Legends, each showing registration and sign-in options the
// first one does not use: an adult-only game (mature_audience: players under 18 are refused at its
// OAuth and device sign-in, spec 000 §3) that prefers a password at registration and counts down a
// minute before returning to the game after a device sign-in; and a game that asks for an age
// bracket instead of a date of birth (registration_age).
import { localizedText } from './seed-texts.ts';
import type { GameRegistryService } from '../modules/games/registry-service.ts';

export const DEMO_MATURE_GAME_SLUG = 'ashen-crown';
export const DEMO_MATURE_CLIENT_ID = 'ashen-crown-pc';
export const DEMO_AGE_BRACKETS_GAME_SLUG = 'pocket-planets';

const noLinks = {
  fan_club: null,
  mod_site: null,
  streaming_service: null,
  chat_service: null,
  video_streaming_service: null,
};
const noAssets = { image: null, background: null, hero: null, card: null, box_art: null };

function matureGame(origin: string) {
  return {
    slug: DEMO_MATURE_GAME_SLUG,
    name: 'Ashen Crown',
    mature_audience: true,
    flagged_account_oauth_enabled: false,
    featured: false,
    user_experience: {
      display_name: { slug: 'demo.ashen_crown.display_name', default: 'Ashen Crown', localizations: {} },
      assets: noAssets,
      welcome_title: localizedText('demo.ashen_crown.welcome_title'),
      welcome_message: localizedText('demo.welcome_message'),
      account_creation_success_message: null,
      connection_flow_welcome_message: null,
      device_flow_welcome_message: localizedText('demo.ashen_crown.device_flow_welcome_message'),
      device_flow_link_success_message: localizedText('demo.ashen_crown.device_flow_link_success_message'),
      success_redirect: `${origin}/home`,
      success_redirect_timer: 60,
      registration_require_credentials: true,
      registration_age: null,
      is_username_editable: true,
      registration_preferred_credentials: 'password',
      supported_platforms: ['psn', 'xbox', 'steam'],
      ...noLinks,
    },
  };
}

function ageBracketsGame() {
  return {
    slug: DEMO_AGE_BRACKETS_GAME_SLUG,
    name: 'Pocket Planets',
    mature_audience: false,
    flagged_account_oauth_enabled: false,
    featured: false,
    user_experience: {
      display_name: { slug: 'demo.pocket_planets.display_name', default: 'Pocket Planets', localizations: {} },
      assets: noAssets,
      welcome_title: localizedText('demo.pocket_planets.welcome_title'),
      welcome_message: localizedText('demo.welcome_message'),
      account_creation_success_message: null,
      connection_flow_welcome_message: null,
      device_flow_welcome_message: null,
      device_flow_link_success_message: null,
      success_redirect: null,
      success_redirect_timer: null,
      registration_require_credentials: true,
      // Buttons "Under 13", "13 to 17" and "18 or older" instead of a date of birth.
      registration_age: [13, 18],
      is_username_editable: true,
      registration_preferred_credentials: 'email_code',
      supported_platforms: ['steam', 'epic_games'],
      ...noLinks,
    },
  };
}

/**
 * Adds (or restores) the two games and the public OAuth client of the adult-only one. `origin`: the
 * portal's own address (PUBLIC_URL), where the adult-only game's device sign-in returns the player.
 */
export async function seedDemoGames(registry: GameRegistryService, origin: string): Promise<void> {
  await registry.putGame(matureGame(origin));
  await registry.putGame(ageBracketsGame());
  await registry.addClient(
    {
      game: DEMO_MATURE_GAME_SLUG,
      clientId: DEMO_MATURE_CLIENT_ID,
      name: 'Ashen Crown for PC',
      redirectUris: ['http://127.0.0.1/callback'],
    },
    { ifMissing: true },
  );
}
