// The keys of the reads of the player's security that more than one page reads again after a change:
// the signed-in devices, the connected games and the recent activity (/security, issue 31), and the
// offer to sign out the other devices that /account and /linked-accounts show too.
export const SIGN_INS_KEY = ['signed-in-devices'] as const;
export const CONNECTED_GAMES_KEY = ['connected-games'] as const;
export const RECENT_ACTIVITY_KEY = ['recent-activity'] as const;
