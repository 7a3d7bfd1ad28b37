// Accounts, part 5: platform links (link, confirm, cancel, unlink), game links, the consolidation of
// a stub account into the signed-in one, and the streaming-service subscription.
import { z } from 'zod';
import { defineCall } from './define.ts';
import { documentedRule } from './documented.ts';
import { account, linkPayload, opaqueToken, platformId, platformLink } from './entities.ts';
import { gameSlug } from './games.ts';
import { datetime, queryBoolean } from './wire.ts';

const platformParams = z.object({ platform: platformId });

export const linkPlatform = defineCall({
  id: 'accounts.link',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/link/{platform}',
  auth: 'token',
  summary: 'Links a platform account from its provider payload; with needs_confirmation it stays pending.',
  // Each call asks the platform to check a code: counted like a sign-in.
  rateLimit: 'sign-in',
  // The stub flow's browser session connects its game's user-flow platform (spec 000 §4 rule 6); the
  // link moves with the stub into the account. A stub only adds a link (link-rules.ts).
  allowStub: true,
  params: platformParams,
  query: z.object({
    needs_confirmation: queryBoolean().default(false),
    /** Renews the link of a platform whose refresh_required is set. */
    refresh: queryBoolean().default(false),
  }),
  body: linkPayload,
  response: account,
});

export const confirmLink = defineCall({
  id: 'accounts.confirmLink',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/confirm/{platform}',
  auth: 'token',
  summary: 'Confirms the pending link of a platform, naming the pending auth_id.',
  params: platformParams,
  body: z.object({ auth_id: z.string().min(1).max(256) }),
  response: account,
});

export const cancelLink = defineCall({
  id: 'accounts.cancelLink',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/cancel/{platform}',
  auth: 'token',
  summary: 'Drops the pending link of a platform.',
  params: platformParams,
  response: account,
});

export const unlinkPlatform = defineCall({
  id: 'accounts.unlink',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/unlink/{platform}',
  auth: 'token',
  summary: 'Unlinks a platform account (restricted platforms refuse: unlink restricted).',
  params: platformParams,
  response: account,
});

export const unlinkGame = defineCall({
  id: 'accounts.unlinkGame',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/unlink/game/{game}',
  auth: 'token',
  summary: 'Removes the link between the account and a game.',
  params: z.object({ game: gameSlug }),
  response: account,
});

/** Which save stays where both accounts have one: the stub's (squash_conflict) or the account's (keep_old). */
export const conflictChoice = z.enum(['keep_old', 'squash_conflict']);

/** The stub account's access token, proving the signed-in player holds it. */
const sourceToken = { source_account_access_token: opaqueToken };

export const transferProfile = defineCall({
  id: 'accounts.transferProfile',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/transfer/profile/{gameSlug}',
  auth: 'token',
  summary: 'Moves the game profile of a stub account into the signed-in account (conflict: pick one save).',
  // Each call checks a stub's token: counted like a sign-in.
  rateLimit: 'sign-in',
  params: z.object({ gameSlug }),
  body: documentedRule(
    z.object({
      ...sourceToken,
      /** Overwrite the signed-in account's save of that game with the stub's. Cannot be undone. */
      squash_conflict: z.boolean().default(false),
      /** Keep the signed-in account's save and drop the stub's. */
      keep_old: z.boolean().default(false),
    }),
    (b) => !(b.squash_conflict && b.keep_old),
    { path: ['keep_old'], error: 'Choose one save: squash_conflict or keep_old, not both' },
    {
      not: {
        required: ['squash_conflict', 'keep_old'],
        properties: { squash_conflict: { const: true }, keep_old: { const: true } },
      },
    },
  ),
  response: account,
});

export const transferLink = defineCall({
  id: 'accounts.transferLink',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/transfer/link/{name}',
  auth: 'token',
  summary: 'Moves one platform link of a stub account into the signed-in account.',
  // Each call checks a stub's token: counted like a sign-in.
  rateLimit: 'sign-in',
  params: z.object({ name: platformId }),
  // payload not shown in the spec: chosen {source_account_access_token}
  body: z.object(sourceToken),
  response: account,
});

export const transferAccount = defineCall({
  id: 'accounts.transferAccount',
  area: 'accounts',
  method: 'PUT',
  path: '/accounts/me/transfer/account',
  auth: 'token',
  summary: 'Consolidates a whole stub account (links and game profiles) into the signed-in account.',
  // Each call checks a stub's token: counted like a sign-in.
  rateLimit: 'sign-in',
  // payload not shown in the spec: chosen {source_account_access_token, conflict_choices}
  body: z.object({
    ...sourceToken,
    /** Per game both accounts have a save of: which to keep (the game conflict error lists them). */
    conflict_choices: z.record(gameSlug, conflictChoice).default({}),
  }),
  response: account,
});

export { conflictSave, gameConflictBody } from './game-conflict.ts';
export type { GameConflictBody } from './game-conflict.ts';

export const getMaxSubscription = defineCall({
  id: 'accounts.maxSubscription',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/max/me/subscription',
  auth: 'token',
  summary: 'The streaming-service (max) subscription of the linked max account.',
  // payload not shown in the spec: chosen {subscribed, plan, expires_at, max_link}
  response: z.object({
    subscribed: z.boolean(),
    plan: z.string().nullable(),
    expires_at: datetime().nullable(),
    /** refresh_required here asks the player to link max again. */
    max_link: platformLink.nullable(),
  }),
});

export type MaxSubscription = z.output<typeof getMaxSubscription.response>;

export const accountsLinks = {
  linkPlatform,
  confirmLink,
  cancelLink,
  unlinkPlatform,
  unlinkGame,
  transferProfile,
  transferLink,
  transferAccount,
  getMaxSubscription,
};
