// What a row of "Where you're signed in" and of "Connected games" says (issue 31): the sign-in's name
// (the game, or the browser and system of the web app), its device model, and the scopes a game was
// granted as the player reads them.
import type { SignIn } from '@portal/contract/calls/signed-in-devices';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { deviceText } from './recent-activity.ts';

import { CONNECTED_GAMES_KEY, SIGN_INS_KEY } from '../../lib/auth/security-queries.ts';

export { CONNECTED_GAMES_KEY, SIGN_INS_KEY };

/** The row's title, as a message and its values: "Firefox · Linux", "Starfall Legends", or unknown. */
export function signInTitle(signIn: Pick<SignIn, 'flow' | 'game' | 'client_name' | 'browser' | 'os' | 'device_name'>): {
  key: MessageKey;
  values?: Record<string, string>;
} {
  const game = signIn.game?.name ?? signIn.client_name;
  if (signIn.flow === 'device') {
    const device = signIn.device_name?.trim();
    if (game && device) return { key: 'security.devices.gameOnNamedDevice', values: { game, device } };
    return game ? { key: 'security.devices.gameOnDevice', values: { game } } : { key: 'security.devices.aDevice' };
  }
  if (game) return { key: 'security.devices.game', values: { game } };
  const device = deviceText(signIn.browser, signIn.os);
  return device ? { key: 'security.devices.browser', values: { device } } : { key: 'security.devices.unknown' };
}

/** Where a game's sign-in runs: its system and model ("PlayStation · PlayStation 5"), or null. */
export function signInDevice(signIn: Pick<SignIn, 'flow' | 'game' | 'browser' | 'os' | 'model'>): string | null {
  const parts = signIn.game || signIn.flow !== 'portal' ? [signIn.os, signIn.model] : [signIn.model];
  const known = parts.filter((part): part is string => Boolean(part?.trim()));
  // A model that repeats the system ("Nintendo · Nintendo Switch") is said once.
  const unique = known.filter(
    (part, i) => !known.some((other, j) => j !== i && other !== part && other.includes(part)),
  );
  return unique.length > 0 ? unique.join(' · ') : null;
}

const SCOPE_MESSAGES: Record<string, MessageKey> = {
  openid: 'security.games.scope.openid',
  profile: 'security.games.scope.profile',
  email: 'security.games.scope.email',
};

/** The scopes a game was granted, as messages, in a fixed order; unknown scopes are left out. */
export function scopeMessages(scopes: readonly string[]): MessageKey[] {
  return Object.entries(SCOPE_MESSAGES)
    .filter(([scope]) => scopes.includes(scope))
    .map(([, message]) => message);
}
