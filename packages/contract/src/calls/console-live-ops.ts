// Live operations in the operators' console (issue 33): playtests (their figures, platform keys
// imported with the line-numbered errors of the command line, campaign codes), games and their OAuth
// clients (an admin adds a redirect URI or rotates a secret, shown once), the terms (a new version),
// the mail queue (failures, retry), and the feature flags. Each change needs a typed reason and is
// in the operators' audit. The same services as `npm run admin` do the work.
import { z } from 'zod';
import { defineCall } from './define.ts';
import { gamePlatformKey } from './games.ts';
import { datetime } from './wire.ts';

const reason = z.string().trim().min(3, { error: 'Say why, in 3 characters or more' }).max(500);

export const playtestSummary = z.object({
  id: z.uuid(),
  key: z.string(),
  game: z.string(),
  platforms: z.array(z.string()),
  registration_start: datetime().nullable(),
  registration_end: datetime().nullable(),
  redemption_start: datetime().nullable(),
  redemption_end: datetime().nullable(),
  registered: z.number().int(),
  redeemed: z.number().int(),
  referral_codes: z.number().int(),
  keys: z.array(
    z.object({ platform: z.string(), total: z.number().int(), awarded: z.number().int(), left: z.number().int() }),
  ),
});
export type PlaytestSummary = z.output<typeof playtestSummary>;

export const listPlaytests = defineCall({
  id: 'console.playtests',
  area: 'console',
  method: 'GET',
  path: '/console/playtests',
  auth: 'operator',
  role: 'viewer',
  summary: 'The playtests with their figures: registered, redeemed, referral codes, keys left per platform',
  response: z.object({ playtests: z.array(playtestSummary) }),
});

const playtestKey = z.object({ key: z.string().trim().min(1).max(64) });

/** The largest key file the console takes (about 100,000 keys). */
export const KEY_FILE_MAX_BYTES = 4_000_000;

export const importPlaytestKeys = defineCall({
  id: 'console.importPlaytestKeys',
  area: 'console',
  method: 'POST',
  path: '/console/playtests/{key}/keys',
  auth: 'operator',
  role: 'support',
  summary:
    'Imports platform keys, one per line: every line is checked, and nothing is imported when one is bad (the issues name the lines)',
  params: playtestKey,
  body: z.object({ platform: gamePlatformKey, text: z.string().min(1).max(KEY_FILE_MAX_BYTES), why: reason }),
  bodyLimit: KEY_FILE_MAX_BYTES + 10_000,
  response: z.object({ imported: z.number().int(), playtest: playtestSummary }),
});

export const makeCampaignCodes = defineCall({
  id: 'console.campaignCodes',
  area: 'console',
  method: 'POST',
  path: '/console/playtests/{key}/campaign_codes',
  auth: 'operator',
  role: 'support',
  summary: 'Makes campaign codes (single: one player each; shared: any number of players)',
  params: playtestKey,
  body: z.object({
    count: z
      .number()
      .int({ error: 'A whole number of codes' })
      .min(1, { error: 'At least 1 code' })
      .max(10_000, { error: 'At most 10,000 codes at a time' }),
    type: z.enum(['single', 'shared']),
    why: reason,
  }),
  response: z.object({ codes: z.array(z.string()) }),
  status: 201,
});

export const consoleClient = z.object({
  client_id: z.string(),
  name: z.string(),
  kind: z.enum(['public', 'confidential']),
  redirect_uris: z.array(z.string()),
  allowed_scopes: z.array(z.string()),
  first_party: z.boolean(),
});

export const listGamesAndClients = defineCall({
  id: 'console.games',
  area: 'console',
  method: 'GET',
  path: '/console/games',
  auth: 'operator',
  role: 'viewer',
  summary: 'The games and their OAuth clients',
  response: z.object({
    games: z.array(
      z.object({ slug: z.string(), name: z.string(), featured: z.boolean(), clients: z.array(consoleClient) }),
    ),
  }),
});

const clientId = z.object({ client_id: z.string().min(1).max(128) });

export const addClientRedirectUri = defineCall({
  id: 'console.addRedirectUri',
  area: 'console',
  method: 'POST',
  path: '/console/clients/{client_id}/redirect_uris',
  auth: 'operator',
  role: 'admin',
  summary: 'Allows one more redirect URI for a client (matched exactly)',
  params: clientId,
  body: z.object({ uri: z.string().trim().min(1).max(2000), why: reason }),
  response: consoleClient,
});

export const rotateClientSecret = defineCall({
  id: 'console.rotateClientSecret',
  area: 'console',
  method: 'POST',
  path: '/console/clients/{client_id}/secret',
  auth: 'operator',
  role: 'admin',
  summary: 'Gives a confidential client a new secret, shown once; the old one stops working at once',
  params: clientId,
  body: z.object({ why: reason }),
  response: z.object({ client_id: z.string(), client_secret: z.string() }),
});

export const publishTerms = defineCall({
  id: 'console.publishTerms',
  area: 'console',
  method: 'POST',
  path: '/console/terms',
  auth: 'operator',
  role: 'admin',
  summary: 'Publishes a new version of the terms of use or the privacy policy: every player consents again',
  body: z.object({ document: z.enum(['tos', 'privacy_policy']), why: reason }),
  response: z.object({ document: z.enum(['tos', 'privacy_policy']), version: z.number().int() }),
  status: 201,
});

export const readMailQueue = defineCall({
  id: 'console.mail',
  area: 'console',
  method: 'GET',
  path: '/console/mail',
  auth: 'operator',
  role: 'viewer',
  summary: 'The mail queue: waiting, retrying, given up, sent, and the latest failures',
  response: z.object({
    pending: z.number().int(),
    retrying: z.number().int(),
    failed: z.number().int(),
    sent: z.number().int(),
    oldest_pending_seconds: z.number(),
    failures: z.array(
      z.object({
        id: z.number().int(),
        template: z.string(),
        attempts: z.number().int(),
        last_error: z.string().nullable(),
        created_at: datetime(),
        failed_at: datetime().nullable(),
      }),
    ),
  }),
});

export const retryMail = defineCall({
  id: 'console.retryMail',
  area: 'console',
  method: 'POST',
  path: '/console/mail/retry',
  auth: 'operator',
  role: 'support',
  summary: 'Queues given-up mail again: one (by id) or all of it',
  body: z.object({ id: z.number().int().positive().optional(), why: reason }),
  response: z.object({ requeued: z.number().int() }),
});

export const FEATURE_FLAGS = ['game_page', 'dev_tools', 'third_party_login', 'curseforge_hidden'] as const;

const flags = z.object({
  flags: z.array(z.object({ name: z.enum(FEATURE_FLAGS), enabled: z.boolean() })),
  /** Whether players see the maintenance page: turned on in the console, or by the configuration. */
  maintenance: z.boolean(),
  /** MAINTENANCE_MODE in the server's configuration: on whatever the console says (a restart ends it). */
  maintenance_from_config: z.boolean(),
});

export const readFlags = defineCall({
  id: 'console.flags',
  area: 'console',
  method: 'GET',
  path: '/console/flags',
  auth: 'operator',
  role: 'viewer',
  summary: 'The feature flags, and whether maintenance mode is on',
  response: flags,
});

export const setFlag = defineCall({
  id: 'console.setFlag',
  area: 'console',
  method: 'PUT',
  path: '/console/flags/{name}',
  auth: 'operator',
  role: 'admin',
  summary: 'Turns a feature flag on or off; every instance sees it within seconds',
  params: z.object({ name: z.enum(FEATURE_FLAGS) }),
  body: z.object({ enabled: z.boolean(), why: reason }),
  response: flags,
});

export const setMaintenance = defineCall({
  id: 'console.setMaintenance',
  area: 'console',
  method: 'PUT',
  path: '/console/maintenance',
  auth: 'operator',
  role: 'admin',
  summary: "Turns maintenance mode on or off: players' pages show the maintenance page within seconds",
  body: z.object({ enabled: z.boolean(), why: reason }),
  response: flags,
});

/** The live operations' calls (kept out of `allCalls` and the public OpenAPI document, as the console's). */
export const consoleLiveOpsCalls = {
  playtests: listPlaytests,
  importKeys: importPlaytestKeys,
  campaignCodes: makeCampaignCodes,
  games: listGamesAndClients,
  addRedirectUri: addClientRedirectUri,
  rotateSecret: rotateClientSecret,
  publishTerms,
  mail: readMailQueue,
  retryMail,
  flags: readFlags,
  setFlag,
  setMaintenance,
} as const;
