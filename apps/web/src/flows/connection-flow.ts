// The connection flow (spec 000 §2 "Connection", §4 rules 18-20 and "Connection result"): a player
// sent by a game (a link to /connection, or a device flow whose user flow names a platform) connects
// one platform, chosen by the game or by the player, and goes back where they came from.
import type { Account, PlatformLink } from '@portal/contract/calls/entities';
import type { PublicSettings } from '@portal/contract/calls/settings';
import type { PlatformId } from '@portal/contract/data/platforms';
import type { Href } from '../lib/router/href.ts';
import { href } from '../lib/router/route-table.ts';
import type { StaticRouteId } from '../lib/router/route-table.ts';
import type { ContinueState } from './continue-registration.ts';
import { connectionInProgress } from './flow-facts.ts';
import type { FlowState } from './flow-state.ts';

/** The fan club (its site shows a short code): the platform of /connection/fan-club. */
export const FAN_CLUB_PLATFORM: PlatformId = 'wizarding_world';

/** Rule 19: the platforms with a connection page of their own. */
export const SPECIAL_CONNECTION_PAGES: Partial<Record<PlatformId, StaticRouteId>> = {
  [FAN_CLUB_PLATFORM]: 'connection-fan-club',
};

/** A link to connect again: the platform asked it, or debug mode's refreshRequired pretends so. */
export function linkNeedsRefresh(link: PlatformLink | undefined, debugRefreshRequired: boolean): boolean {
  return link !== undefined && (link.refresh_required || debugRefreshRequired);
}

/** The platform the connection flow connects, once chosen. */
export const connectionPlatform = (state: FlowState): PlatformId | null =>
  state.flow === 'connection' ? state.connection.platform : null;

/** What rules 18-20 read: the platform, whether it was chosen, and the account's link of it. */
export function connectionState(
  state: FlowState,
  account: Account | null,
  debugRefreshRequired: boolean,
): ContinueState['connection'] {
  if (!connectionInProgress(state)) return null;
  const { platform, selection } = state.connection;
  const link = platform && account ? account.links[platform] : undefined;
  return {
    selection,
    selectionCompleted: platform !== null,
    platform,
    specialPage: platform ? (SPECIAL_CONNECTION_PAGES[platform] ?? null) : null,
    linked: link !== undefined,
    refreshRequired: linkNeedsRefresh(link, debugRefreshRequired),
  };
}

/** The connection result (spec 000 §4): the platform's sign-out offer, or the success page. */
export function connectionResult(state: FlowState, settings: PublicSettings, platform: PlatformId): Href {
  const signOut = settings.platforms[platform]?.sign_out_after_link === true;
  // A device flow goes on after the connection: its player stays signed in here and there.
  const resumesDevice = state.flow === 'connection' && state.resumeDevice !== null;
  if (signOut && !resumesDevice) return href('connection-sign-out');
  return href('connection-success');
}
