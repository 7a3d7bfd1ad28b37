// Two more demo games beside Starfall Legends, each showing registration and sign-in options the
// first one does not use: an adult-only game (mature_audience: players under 18 are refused at its
// OAuth and device sign-in, spec 000 §3) that prefers a password at registration and counts down a
// minute before returning to the game after a device sign-in; and a game that asks for an age
// bracket instead of a date of birth (registration_age). A third, a console game, registers a
// platform player without credentials (registration_require_credentials false: age and location,
// then the display name, spec 000 §4) and keeps the name it generated (is_username_editable false);
// it has its own game API key, so that the example game's console can play it.
import { localizedText } from './seed-texts.ts';
import type { GameRegistryService } from '../modules/games/registry-service.ts';

export const DEMO_MATURE_GAME_SLUG = 'ashen-crown';
export const DEMO_MATURE_CLIENT_ID = 'ashen-crown-pc';
export const DEMO_AGE_BRACKETS_GAME_SLUG = 'pocket-planets';
export const DEMO_NO_CREDENTIALS_GAME_SLUG = 'tide-runners';
export const DEMO_NO_CREDENTIALS_CLIENT_ID = 'tide-runners-console';
export const DEMO_NO_CREDENTIALS_API_KEY = 'ag-tiderunners-dev-key-0001';

/** The game API keys of these games (demo.ts stores them beside the first game's). */
export const DEMO_GAMES_API_KEYS = [
  { name: 'Tide Runners', gameSlug: DEMO_NO_CREDENTIALS_GAME_SLUG, apiKey: DEMO_NO_CREDENTIALS_API_KEY },
] as const;

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

function noCredentialsGame(origin: string) {
  return {
    slug: DEMO_NO_CREDENTIALS_GAME_SLUG,
    name: 'Tide Runners',
    mature_audience: false,
    flagged_account_oauth_enabled: false,
    featured: false,
    user_experience: {
      display_name: { slug: 'demo.tide_runners.display_name', default: 'Tide Runners', localizations: {} },
      assets: noAssets,
      welcome_title: localizedText('demo.tide_runners.welcome_title'),
      welcome_message: localizedText('demo.welcome_message'),
      account_creation_success_message: localizedText('demo.tide_runners.account_creation_success_message'),
      connection_flow_welcome_message: null,
      device_flow_welcome_message: null,
      device_flow_link_success_message: null,
      success_redirect: `${origin}/home`,
      success_redirect_timer: null,
      // A console player becomes an account with an age and a location only, and the generated name.
      registration_require_credentials: false,
      registration_age: null,
      is_username_editable: false,
      registration_preferred_credentials: 'email_code',
      supported_platforms: ['psn', 'xbox'],
      ...noLinks,
    },
  };
}

/**
 * Adds (or restores) the three games, the public OAuth client of the adult-only one and the device
 * client of the console game. `origin`: the portal's own address (PUBLIC_URL), where the adult-only
 * game's device sign-in and the console game's "return to the game" send the player.
 */
export async function seedDemoGames(registry: GameRegistryService, origin: string): Promise<void> {
  await registry.putGame(matureGame(origin));
  await registry.putGame(ageBracketsGame());
  await registry.putGame(noCredentialsGame(origin));
  await registry.addClient(
    {
      game: DEMO_NO_CREDENTIALS_GAME_SLUG,
      clientId: DEMO_NO_CREDENTIALS_CLIENT_ID,
      name: 'Tide Runners for consoles',
      redirectUris: ['http://127.0.0.1/callback'],
      firstParty: true,
    },
    { ifMissing: true },
  );
  await registry.addClient(
    {
      game: DEMO_MATURE_GAME_SLUG,
      clientId: DEMO_MATURE_CLIENT_ID,
      name: 'Ashen Crown for PC',
      redirectUris: ['http://127.0.0.1/callback'],
      firstParty: true,
    },
    { ifMissing: true },
  );
}
