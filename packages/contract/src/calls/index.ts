// Every call of the API, by area (spec 001 §7).
import type { Call } from './define.ts';
import { accountsRegistration } from './accounts.ts';
import { accountsLinks } from './accounts-links.ts';
import { accountsActivity } from './accounts-activity.ts';
import { accountsMe } from './accounts-me.ts';
import { accountsMfa } from './accounts-mfa.ts';
import { accountsRecovery } from './accounts-recovery.ts';
import { analytics } from './analytics.ts';
import { betas } from './betas.ts';
import { friends } from './friends.ts';
import { games } from './games.ts';
import { sessions as sessionsCalls } from './sessions.ts';
import { sessionsGames } from './sessions-games.ts';
import { sessionsMfa } from './sessions-mfa.ts';
import { accountPasskeys, sessionPasskeys } from './passkeys.ts';
import { settings } from './settings.ts';
import { connectedGames, signedInDevices } from './signed-in-devices.ts';
import { social } from './social.ts';
import { twitch } from './twitch.ts';

/** The accounts area: registration and checks, recovery, the signed-in account, two-factor, links. */
export const accounts = {
  ...accountsRegistration,
  ...accountsRecovery,
  ...accountsMe,
  ...accountsActivity,
  ...accountsMfa,
  ...accountsLinks,
  ...connectedGames,
  ...accountPasskeys,
};

/** The sessions area: sign-in and tokens, two-factor completion, devices, game authorization. */
export const sessions = { ...sessionsCalls, ...sessionsMfa, ...sessionsGames, ...signedInDevices, ...sessionPasskeys };

export { analytics, betas, friends, games, settings, social, twitch };

export const calls = { accounts, sessions, betas, friends, social, games, settings, twitch, analytics } as const;

/** Every call, flattened, in area order. */
export const allCalls: Call[] = Object.values(calls).flatMap((area): Call[] => Object.values(area));
