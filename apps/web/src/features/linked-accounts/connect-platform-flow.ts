// /connect/{platformId} in a stub's device flow (spec 000 §4 rule 6): a passwordless console whose
// game connects a platform first is sent here with `entry` (the game) and `redirect_uri` (where to go
// on). Once the platform is linked, the flow marks it connected and goes on.
import type { FlowState } from '../../flows/flow-state.ts';
import type { Href } from '../../lib/router/href.ts';
import { isSitePath } from '../../lib/router/redirect-url.ts';

/** The device flow under way connects this platform first (its user flow), and has not yet. */
export function userFlowConnects(flow: FlowState, platform: string): boolean {
  return flow.flow === 'device' && flow.device.userFlowPlatform === platform && !flow.device.userFlowDone;
}

/** Where to go once linked: `redirect_uri` when it is a path of this site, else null (the flow decides). */
export function redirectAfterLink(search: string): Href | null {
  const target = new URLSearchParams(search).get('redirect_uri');
  return isSitePath(target) ? (target as Href) : null;
}
