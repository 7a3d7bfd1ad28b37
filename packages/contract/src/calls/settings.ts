import { z } from 'zod';
import { defineCall } from './define.ts';
import { gameSlug } from './games.ts';

export const featureFlagName = z.enum(['game_page', 'dev_tools', 'third_party_login', 'curseforge_hidden']);

export const environmentInfo = z.object({
  name: z.string(),
  apiKey: z.string(),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  service: z.string(),
});

export const publicSettings = z.object({
  featureFlags: z.object({
    game_page: z.boolean(),
    dev_tools: z.boolean(),
    third_party_login: z.boolean(),
    curseforge_hidden: z.boolean(),
  }),
  /**
   * Per platform id: whether linking and signing in with it is enabled everywhere, whether the
   * connection flow offers the platform's sign-out page after a link, and whether the platform is
   * restricted (only support disconnects or replaces its account), so the page offers neither (the
   * last two are deviations: not in spec 001).
   */
  platforms: z.record(
    z.string(),
    z.object({
      global_support_enabled: z.boolean(),
      sign_out_after_link: z.boolean().optional(),
      restricted: z.boolean().optional(),
    }),
  ),
  /** Games shown on the home page, in order. */
  featured_games: z.array(gameSlug),
  /**
   * The length of a display name, in characters, as the server checks it (USERNAME_MIN_LENGTH and
   * USERNAME_MAX_LENGTH), so that the forms state the rule with its numbers (issue 28; not in spec 001).
   */
  display_name: z.object({ min_length: z.number().int().min(1), max_length: z.number().int().min(1) }),
  /** Present only when the service runs in debug mode. */
  environments: z.array(environmentInfo).optional(),
});
export type PublicSettings = z.output<typeof publicSettings>;

export const getPublicSettings = defineCall({
  id: 'settings.public',
  area: 'settings',
  method: 'GET',
  path: '/settings/public',
  auth: 'public',
  summary: 'Feature flags, per-platform support and, in debug mode, the environments to switch between.',
  response: publicSettings,
});

export const settings = { getPublicSettings };
