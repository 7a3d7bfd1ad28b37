// Where the player is signed in and which games hold access (issue 31; not in the spec, see
// docs/spec-deviations.md): the live sign-ins of the account (the web app, each game, each device
// code) with their device and address, ended one at a time or all but this one; and the games the
// player granted access (an authorization code or a device code), each revocable.
import { z } from 'zod';
import { defineCall } from './define.ts';
import { gameSlug } from './game-slug.ts';
import { datetime } from './wire.ts';

/** The kind of device a User-Agent names (a desktop when it names a system and no device). */
export const DEVICE_KINDS = ['desktop', 'mobile', 'tablet', 'console', 'tv', 'other'] as const;

/** How a sign-in began: the web app, a game (code or platform sign-in), or a device code. */
export const SIGN_IN_FLOWS = ['portal', 'game', 'device'] as const;

const game = z.object({ slug: gameSlug, name: z.string() });

export const signIn = z.object({
  /** The sign-in's id (its token family); what ending it names. */
  id: z.uuid(),
  /** The sign-in of the request that asked ("this device"). */
  current: z.boolean(),
  flow: z.enum(SIGN_IN_FLOWS),
  /** The game holding it (its OAuth client's), null for the web app. */
  game: game.nullable(),
  client_name: z.string().nullable(),
  /** Read from the User-Agent of its first request; null when unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.enum(DEVICE_KINDS).nullable(),
  model: z.string().nullable(),
  /** The name a device gave itself when it started a device code ("Living-room TV"). */
  device_name: z.string().nullable(),
  /** The address of its first request and of its latest use (behind TRUST_PROXY, the client's). */
  ip: z.string().nullable(),
  last_ip: z.string().nullable(),
  created_at: datetime(),
  last_used_at: datetime(),
  /** Signed in with the password but two-factor not passed yet. */
  pending_two_factor: z.boolean(),
});
export type SignIn = z.output<typeof signIn>;

export const listSignIns = defineCall({
  id: 'sessions.signIns',
  area: 'sessions',
  method: 'GET',
  path: '/sessions/me/sign_ins',
  auth: 'token',
  summary:
    "The account's live sign-ins (web app, games, device codes), most recently used first; a sign-in unused " +
    'for SESSION_IDLE_DAYS is over and not listed.',
  response: z.object({ items: z.array(signIn) }),
});

export const endSignIn = defineCall({
  id: 'sessions.endSignIn',
  area: 'sessions',
  method: 'DELETE',
  path: '/sessions/me/sign_ins/{id}',
  auth: 'token',
  summary:
    'Ends one sign-in of the account: its refresh and access tokens stop working at their next use (1016 when ' +
    'the account has no such sign-in). Ending the current one signs out.',
  params: z.object({ id: z.uuid() }),
});

export const endOtherSignIns = defineCall({
  id: 'sessions.endOtherSignIns',
  area: 'sessions',
  method: 'DELETE',
  path: '/sessions/me/sign_ins',
  auth: 'token',
  summary: 'Ends every sign-in of the account but this one: the web app elsewhere, games and devices.',
  response: z.object({ ended: z.number().int().min(0) }),
});

export const GRANT_FLOWS = ['game', 'device'] as const;

export const connectedGame = z.object({
  client_id: z.string(),
  client_name: z.string(),
  game,
  /** What the player granted, as OAuth scopes ("openid", "profile", "email"). */
  scopes: z.array(z.string()),
  /** How it was granted last: a game's sign-in page (authorization code) or a device code. */
  flow: z.enum(GRANT_FLOWS),
  granted_at: datetime(),
  last_granted_at: datetime(),
  /** Live sign-ins it holds now. */
  sign_ins: z.number().int().min(0),
});
export type ConnectedGame = z.output<typeof connectedGame>;

export const listConnectedGames = defineCall({
  id: 'accounts.connectedGames',
  area: 'accounts',
  method: 'GET',
  path: '/accounts/me/connected_games',
  auth: 'token',
  summary: 'The games the player granted access to their account, with the scopes granted and when.',
  response: z.object({ items: z.array(connectedGame) }),
});

export const revokeConnectedGame = defineCall({
  id: 'accounts.revokeConnectedGame',
  area: 'accounts',
  method: 'DELETE',
  path: '/accounts/me/connected_games/{client_id}',
  auth: 'token',
  summary:
    "Revokes a game's access: every refresh and access token it holds stops working at once; signing in to " +
    'the game again grants it again (1016 when it holds no grant).',
  params: z.object({ client_id: z.string().min(1).max(200) }),
});

export const signedInDevices = { listSignIns, endSignIn, endOtherSignIns };
export const connectedGames = { listConnectedGames, revokeConnectedGame };
