// Connecting a platform that signs in in a popup (every kind but short codes): the platform's sign-in
// in its popup, then the link call with what it answered. /linked-accounts, /connect/{platformId},
// the connection flow's confirmation and the Twitch drop's connect page of the playtests all connect
// this way.
import { linkPlatform } from '@portal/contract/calls/accounts-links';
import type { Account } from '@portal/contract/calls/entities';
import type { PlatformId } from '@portal/contract/data/platforms';
import type { MessageKey } from '../i18n/messages.ts';
import { signInWithPopup } from './popup.ts';
import type { AppServices } from '../services.tsx';

/** connect: a first link; reconnect: the same identity again (refresh); replace: another identity. */
export type LinkAction = 'connect' | 'reconnect' | 'replace';

export type LinkOutcome =
  | { kind: 'linked'; account: Account }
  /** The player cancelled, at the platform or with the wait's Cancel (or started another attempt). */
  | { kind: 'cancelled' }
  /** The popup was blocked, the platform refused or never answered: what to tell the player (with {{platform}}). */
  | { kind: 'failed'; notice: MessageKey };

const FAILURE_NOTICES = {
  blocked: 'linkedAccounts.popupBlocked',
  timeout: 'linkedAccounts.popupTimeout',
  refused: 'linkedAccounts.failed',
  unavailable: 'linkedAccounts.failed',
} as const satisfies Record<string, MessageKey>;

/** Signs in to the platform in its popup and links what it answered; call errors are thrown. */
export async function linkThroughPopup(
  services: AppServices,
  platform: PlatformId,
  action: LinkAction,
): Promise<LinkOutcome> {
  const result = await signInWithPopup(platform, { askWho: action === 'replace' });
  if (result.kind === 'cancelled') return result;
  if (result.kind === 'failed') {
    return { kind: 'failed', notice: FAILURE_NOTICES[result.reason] };
  }
  const account = await services.api.call(linkPlatform, {
    params: { platform },
    query: { needs_confirmation: action === 'replace', refresh: action === 'reconnect' },
    body: result.payload,
  });
  return { kind: 'linked', account };
}
