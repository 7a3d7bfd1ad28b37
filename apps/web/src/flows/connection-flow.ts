// The connection flow (spec 000 §2 "Connection", §4 rules 18-20 and "Connection result"): a player
// sent by a game (a link to /connection, or a device flow whose user flow names a platform) connects
// one platform, chosen by the game or by the player, and goes back where they came from. What it
// keeps in the flow data between its screens, and what the continue-registration decision reads.
import type { Account, PlatformLink } from '@portal/contract/calls/entities';
import type { PublicSettings } from '@portal/contract/calls/settings';
import type { PlatformId } from '@portal/contract/data/platforms';
import type { AuthFlow, FlowState } from './flow-store.ts';
import type { Href } from '../lib/router/href.ts';
import { href } from '../lib/router/route-table.ts';
import type { StaticRouteId } from '../lib/router/route-table.ts';
import type { ContinueState } from './continue-registration.ts';

export const CONNECTION_KEYS = {
  /** The platform to connect (chosen by the game, or by the player on the selection page). */
  platform: 'connectionPlatform',
  /** The game requires the connection: the player cannot skip it. */
  required: 'connectionRequired',
  /** Where the flow goes at its end, a path of this site (the `redirect_uri` of /connection). */
  redirect: 'connectionRedirect',
  /** A device flow handed over to this connection and goes on once it ends. */
  resumeDevice: 'connectionResumeDevice',
} as const;

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

const CONNECTION_FLOWS: ReadonlySet<FlowState['flow']> = new Set(['connection', 'connect-platform-selection']);

/** A connection flow that has not ended (its result, or the player's skip, ends it). */
export function connectionInProgress(flow: FlowState): boolean {
  return CONNECTION_FLOWS.has(flow.flow) && flow.step !== 'account_connection_completed';
}

/** What rules 18-20 read: the platform, whether it was chosen, and the account's link of it. */
export function connectionState(
  flow: FlowState,
  account: Account | null,
  debugRefreshRequired: boolean,
): ContinueState['connection'] {
  if (!connectionInProgress(flow)) return null;
  const platform = (flow.data[CONNECTION_KEYS.platform] ?? null) as PlatformId | null;
  const link = platform && account ? account.links[platform] : undefined;
  return {
    selectionCompleted: platform !== null,
    platform,
    specialPage: platform ? (SPECIAL_CONNECTION_PAGES[platform] ?? null) : null,
    linked: link !== undefined,
    refreshRequired: linkNeedsRefresh(link, debugRefreshRequired),
  };
}

/**
 * Starts a connection: of one platform (the flow `connection`), or of the one the player picks (the
 * flow `connect-platform-selection`). `carried` is the flow data to keep (a device flow's).
 */
export function connectionFlow(
  platform: PlatformId | null,
  carried: Record<string, string> = {},
): { flow: AuthFlow; data: Record<string, string> } {
  return {
    flow: platform ? 'connection' : 'connect-platform-selection',
    data: { ...carried, ...(platform ? { [CONNECTION_KEYS.platform]: platform } : {}) },
  };
}

/** The connection result (spec 000 §4): the platform's sign-out offer, or the success page. */
export function connectionResult(flow: FlowState, settings: PublicSettings, platform: PlatformId): Href {
  const signOut = settings.platforms[platform]?.sign_out_after_link === true;
  // A device flow goes on after the connection: its player stays signed in here and there.
  if (signOut && flow.data[CONNECTION_KEYS.resumeDevice] !== 'true') return href('connection-sign-out');
  return href('connection-success');
}

/** The device flow's data to go on with after its connection ended, or null for another flow. */
export function deviceFlowAfterConnection(flow: FlowState): Record<string, string> | null {
  if (!CONNECTION_FLOWS.has(flow.flow) || flow.data[CONNECTION_KEYS.resumeDevice] !== 'true') return null;
  const own: ReadonlySet<string> = new Set(Object.values(CONNECTION_KEYS));
  return Object.fromEntries(Object.entries(flow.data).filter(([key]) => !own.has(key)));
}
