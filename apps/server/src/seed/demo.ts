// Data the portal needs to run (its own API key) and, unless SEED_DEMO=false, demo data: a game
// with a full user_experience and an OAuth client, three more games with other registration and
// sign-in options (demo-games.ts), feature flags, platform support and the environments of the
// debug switcher; outside production also demo players and an expired device code
// (demo-players.ts). Safe to run at every start. It works through the services composeOperations
// (composition.ts) builds, as the operators' command line does.
import type { Orm } from '../db/database.ts';
import { apiClients, environments, featureFlags } from '../db/schema.ts';
import type { Operations } from '../deps.ts';
import { hashApiKey } from '../http/api-key.ts';
import { SANDBOX_PLATFORMS, sandboxClient, sandboxPlatformConfig } from '../platforms/sandbox/catalogue.ts';
import { DEMO_GAMES_API_KEYS, seedDemoGames } from './demo-games.ts';
import { seedDemoPlayers } from './demo-players.ts';
import { localizedText } from './seed-texts.ts';
import { seedDemoPlaytest } from './demo-playtest.ts';

export const DEMO_GAME_SLUG = 'starfall-legends';
export const DEMO_GAME_API_KEY = 'ag-starfall-dev-key-0001';
export const DEMO_OAUTH_CLIENT_ID = 'starfall-legends-pc';
/** A third party's client of the demo game (issue 32): its players are asked to consent. */
export const DEMO_THIRD_PARTY_CLIENT_ID = 'starfall-tracker';

export async function ensurePortalClient(orm: Orm, apiKey: string): Promise<void> {
  await orm
    .insert(apiClients)
    .values({
      name: 'Account portal web app',
      kind: 'portal',
      keyHash: hashApiKey(apiKey),
      keyPrefix: apiKey.slice(0, 8),
    })
    .onConflictDoNothing({ target: apiClients.keyHash });
}

const linkBlock = (provider: string, landingPage: string) => ({
  connect_message: localizedText(`demo.${provider}.connect_message`),
  success_message: localizedText(`demo.${provider}.success_message`),
  landing_page: landingPage,
});

/**
 * The demo game's configuration. `origin`: the portal's own address (PUBLIC_URL), where the success
 * page of a device sign-in returns the player to: the demo has no game of its own to go back to.
 */
export function demoUserExperience(origin = 'http://localhost:8080') {
  const assets = '/games/starfall-legends';
  return {
    display_name: { slug: 'demo.display_name', default: 'Starfall Legends', localizations: {} },
    assets: {
      image: `${assets}/image.svg`,
      background: `${assets}/background.svg`,
      hero: `${assets}/hero.svg`,
      card: `${assets}/card.svg`,
      box_art: `${assets}/box-art.svg`,
    },
    welcome_title: localizedText('demo.welcome_title'),
    welcome_message: localizedText('demo.welcome_message'),
    account_creation_success_message: localizedText('demo.account_creation_success_message'),
    connection_flow_welcome_message: localizedText('demo.connection_flow_welcome_message'),
    device_flow_welcome_message: localizedText('demo.device_flow_welcome_message'),
    device_flow_link_success_message: localizedText('demo.device_flow_link_success_message'),
    success_redirect: `${origin}/home`,
    success_redirect_timer: 5,
    registration_require_credentials: true,
    registration_age: null,
    is_username_editable: true,
    registration_preferred_credentials: 'email_code',
    supported_platforms: ['psn', 'xbox', 'steam', 'epic_games'],
    fan_club: linkBlock('fan_club', 'https://fanclub.example.com/starfall'),
    mod_site: linkBlock('mod_site', 'https://mods.example.com/starfall'),
    streaming_service: linkBlock('streaming_service', 'https://stream.example.com/starfall'),
    chat_service: linkBlock('chat_service', 'https://chat.example.com/starfall'),
    video_streaming_service: linkBlock('video_streaming_service', 'https://video.example.com/starfall'),
  };
}

/** The avatars of the demo seed; their images are in apps/web/public/avatars. */
export const DEMO_AVATARS = [
  'default',
  'ember-flame',
  'ocean-wave',
  'forest-leaf',
  'violet-star',
  'night-moon',
  'ruby-diamond',
  'mint-hex',
  'sun-burst',
] as const;

export async function seedDemo(operations: Operations): Promise<void> {
  const { config, db } = operations;
  const orm = db.orm;
  await operations.accounts.addAvatars(DEMO_AVATARS);
  // Through the registry the admin command line uses: the same rules as an operator's game. Every
  // start puts the games again, so a database seeded behind another address gets this one's.
  const registry = operations.gameRegistry;
  await registry.putGame({
    slug: DEMO_GAME_SLUG,
    name: 'Starfall Legends',
    user_experience: demoUserExperience(config.publicUrl),
    mature_audience: false,
    featured: true,
  });
  await registry.addClient(
    {
      game: DEMO_GAME_SLUG,
      clientId: DEMO_OAUTH_CLIENT_ID,
      name: 'Starfall Legends for PC',
      redirectUris: [
        'http://127.0.0.1/callback',
        'http://localhost:8080/demo-game/callback',
        'com.aurora.starfall:/oauth/callback',
      ],
      firstParty: true,
    },
    { ifMissing: true },
  );
  // A third party's app (issue 32): a fan-made companion site that reads the player's name. Its
  // players see the consent screen, and it may not ask for the email address.
  await registry.addClient(
    {
      game: DEMO_GAME_SLUG,
      clientId: DEMO_THIRD_PARTY_CLIENT_ID,
      name: 'Starfall Tracker (community app)',
      redirectUris: ['http://127.0.0.1/callback', 'http://localhost:8080/demo-game/callback'],
      scopes: ['openid', 'profile', 'offline_access'],
      firstParty: false,
    },
    { ifMissing: true },
  );
  await seedDemoGames(registry, config.publicUrl);
  await seedDemoPlaytest(operations.betas, DEMO_GAME_SLUG);
  await orm
    .insert(apiClients)
    .values({
      name: 'Starfall Legends',
      kind: 'game',
      keyHash: hashApiKey(DEMO_GAME_API_KEY),
      keyPrefix: DEMO_GAME_API_KEY.slice(0, 8),
      gameSlug: DEMO_GAME_SLUG,
    })
    .onConflictDoNothing({ target: apiClients.keyHash });
  for (const { name, gameSlug, apiKey } of DEMO_GAMES_API_KEYS) {
    await orm
      .insert(apiClients)
      .values({ name, kind: 'game', keyHash: hashApiKey(apiKey), keyPrefix: apiKey.slice(0, 8), gameSlug })
      .onConflictDoNothing({ target: apiClients.keyHash });
  }
  const flags = { game_page: true, dev_tools: !config.production, third_party_login: true, curseforge_hidden: false };
  await orm
    .insert(featureFlags)
    .values(Object.entries(flags).map(([name, enabled]) => ({ name, enabled })))
    .onConflictDoNothing();
  // In development the OAuth 2.0 / OpenID Connect platforms and Steam are played by the sandbox (a platform an
  // operator configured otherwise is left as it is).
  if (!config.production) await seedSandboxPlatforms(operations);
  await orm
    .insert(environments)
    .values([
      { name: 'Local', apiKey: config.PORTAL_API_KEY, color: '#f47e2a', service: '/api', position: 0 },
      {
        name: 'Staging',
        apiKey: 'ag-portal-staging-key',
        color: '#3b82f6',
        service: 'https://staging.accounts.example.com/api',
        position: 1,
      },
      {
        name: 'Integration',
        apiKey: 'ag-portal-int-key',
        color: '#16a34a',
        service: 'https://int.accounts.example.com/api',
        position: 2,
      },
    ])
    .onConflictDoNothing();
  if (!config.production) await seedDemoPlayers(operations, DEMO_OAUTH_CLIENT_ID);
}

/** The sandbox platforms (platforms/sandbox), for the platforms not configured yet. */
async function seedSandboxPlatforms({ platforms: registry, config }: Operations): Promise<void> {
  const configured = new Set((await registry.list()).map((platform) => platform.platform));
  const origin = config.publicUrl.replace(/\/$/, '');
  const client = sandboxClient(origin);
  for (const platform of SANDBOX_PLATFORMS) {
    if (!configured.has(platform)) await registry.put(sandboxPlatformConfig(origin, platform, client));
  }
}
