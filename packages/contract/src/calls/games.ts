import { z } from 'zod';
import { defineCall } from './define.ts';
import { documentRequired } from './documented.ts';
import { datetime, localized } from './wire.ts';

import { gameSlug } from './game-slug.ts';

export { gameSlug };

export const gamePlatformKey = z.enum(['ps_4', 'ps_5', 'xbox_one', 'xbox_series_xs', 'pc_steam', 'pc_epic']);
export type GamePlatformKey = z.output<typeof gamePlatformKey>;
export const linkPlatform = z.enum(['psn', 'xbox', 'steam', 'epic_games']);

/** A block of messages for a provider-specific link (fan club, mod site, streaming service...). */
export const linkBlock = z.object({
  connect_message: localized().nullable(),
  success_message: localized().nullable(),
  landing_page: z.string().nullable(),
});

export const gameAssets = z.object({
  image: z.string().nullable(),
  background: z.string().nullable(),
  hero: z.string().nullable(),
  card: z.string().nullable(),
  box_art: z.string().nullable(),
});

/** `user_experience` of the game config (spec 000 §3). */
export const userExperience = z.object({
  display_name: localized(),
  assets: gameAssets,
  welcome_title: localized().nullable(),
  welcome_message: localized().nullable(),
  account_creation_success_message: localized().nullable(),
  connection_flow_welcome_message: localized().nullable(),
  device_flow_welcome_message: localized().nullable(),
  device_flow_link_success_message: localized().nullable(),
  success_redirect: z.string().nullable(),
  success_redirect_timer: z.number().int().min(0).max(600).nullable(),
  registration_require_credentials: z.boolean().default(true),
  /** Ages offered as buttons instead of a date-of-birth field; null: ask for the date of birth. */
  registration_age: z.array(z.number().int().min(1).max(120)).nullable(),
  is_username_editable: z.boolean(),
  registration_preferred_credentials: z.enum(['password', 'email_code']),
  supported_platforms: z.array(linkPlatform),
  fan_club: linkBlock.nullable(),
  mod_site: linkBlock.nullable(),
  streaming_service: linkBlock.nullable(),
  chat_service: linkBlock.nullable(),
  video_streaming_service: linkBlock.nullable(),
});

export const gameConfig = z.object({
  slug: gameSlug,
  name: z.string(),
  user_experience: userExperience,
  mature_audience: z.boolean(),
  flagged_account_oauth_enabled: z.boolean(),
  created_at: datetime(),
  updated_at: datetime(),
});
export type GameConfig = z.output<typeof gameConfig>;

export const getGame = defineCall({
  id: 'games.get',
  area: 'games',
  method: 'GET',
  path: '/games/{slug}',
  auth: 'public',
  summary: 'The configuration of a game: names, messages, assets and registration options.',
  params: z.object({ slug: gameSlug }),
  response: gameConfig,
});

export const verifyGameEntry = defineCall({
  id: 'games.verify',
  area: 'games',
  method: 'GET',
  path: '/games/verify',
  auth: 'public',
  summary: 'Checks that an entry slug, client id and redirect URI belong together (1107, 1108).',
  query: z.object({
    // Left out, the call answers the spec's entry_slug_missing (1112), not a schema refusal: optional
    // to the schema, required in the document.
    entry: documentRequired(gameSlug.optional()),
    client_id: z.string().max(200).optional(),
    redirect_uri: z.string().max(2000).optional(),
  }),
  response: z.object({ game: gameConfig }),
});

export const games = { getGame, verifyGameEntry };
