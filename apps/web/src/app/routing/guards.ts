// The guards of spec 000 §2 "Guards and redirects" as one pure, ordered decision:
// (location, app state) → allow | redirect | not found | error. The router applies it on every
// navigation; nothing here reads the browser, storage or the network.
import { normalizePlatformId } from '@portal/contract/data/platform-ids';
import type { Href } from '../../lib/router/href.ts';
import { href, matchRoute, redirectFor } from '../../lib/router/route-table.ts';
import type { FeatureFlag, RouteDef, Section } from '../../lib/router/route-table.ts';

export interface GuardAccount {
  registration_flagged: boolean;
  tos_consent_required: boolean;
  privacy_policy_consent_required: boolean;
  /** A stub account (spec 000 §4): never logged in; its session opens only the stub flow's routes. */
  stub?: boolean;
}

export interface GuardState {
  maintenance: boolean;
  /** Access token present, no pending two-factor, valid account (spec 000 §3). */
  loggedIn: boolean;
  account: GuardAccount | null;
  featureFlags: Record<FeatureFlag, boolean>;
  /** Platform ids that may appear in a URL (known and not blocked). */
  allowedPlatforms: ReadonlySet<string>;
  /** An auth flow (registration, device, oauth...) is under way. */
  flowActive: boolean;
  ageGated: boolean;
}

export type GuardName =
  | 'maintenance'
  | 'redirect'
  | 'public'
  | 'registration_flagged'
  | 'consent'
  | 'feature_flag'
  | 'token'
  | 'age_gate'
  | 'flow_only'
  | 'logged_in';

export type GuardDecision =
  | {
      kind: 'allow';
      route: RouteDef;
      params: Record<string, string>;
      /** Guard 10: the browser back action is blocked on this route. */
      blockBack: boolean;
      /** Guard 11: analytics section of the page view. */
      section: Section;
    }
  | {
      kind: 'redirect';
      to: Href;
      guard: GuardName;
      /** Guard 2: where to return after sign-in. */
      loginRedirect?: string;
      /** Guard 3: where to return after updating consent. */
      consentTarget?: string;
    }
  | { kind: 'not-found' }
  | { kind: 'error'; reason: 'unknown_platform' };

export interface GuardLocation {
  pathname: string;
  /** Query string with its leading `?`, or empty. */
  search: string;
}

const redirect = (
  to: Href,
  guard: GuardName,
  extra: Partial<Omit<GuardDecision & { kind: 'redirect' }, 'kind'>> = {},
): GuardDecision => ({
  kind: 'redirect',
  to,
  guard,
  ...extra,
});

export function decide(location: GuardLocation, state: GuardState): GuardDecision {
  const { pathname, search } = location;
  const target = `${pathname}${search}`;

  // 1. Maintenance: every route goes to the maintenance page, which exists only in maintenance.
  const maintenancePath = href('maintenance');
  if (state.maintenance) {
    return pathname === maintenancePath ? allow(maintenancePath, state) : redirect(maintenancePath, 'maintenance');
  }
  if (pathname === maintenancePath) return redirect(href('sign-in'), 'maintenance');

  // Paths that only redirect (/, /betas/*, /friend-request, unnamed routes).
  const redirected = redirectFor(pathname, search);
  if (redirected !== undefined) return redirect(redirected, 'redirect');

  const match = matchRoute(pathname);
  if (!match) return { kind: 'not-found' };
  const { route } = match;
  const meta = route.meta;
  const query = new URLSearchParams(search);

  // 2. Only public routes for signed-out visitors; the target is kept for after sign-in. A stub's
  // session in its flow opens the routes that say so (rule 6's platform connection).
  const stubInFlow = meta.stubInFlow === true && state.account?.stub === true && state.flowActive && !state.loggedIn;
  if (!meta.public && !state.loggedIn && !stubInFlow)
    return redirect(href('sign-in', { query: search }), 'public', { loginRedirect: target });

  // 3. Dashboard: registration-flagged accounts verify their email; required consents first. Not a
  // stub's: it consents at its completion, or moves into an account that has.
  if (meta.dashboard && state.account && !stubInFlow) {
    if (state.account.registration_flagged)
      return redirect(href('verify-email', { query: { account_flagged: 'true' } }), 'registration_flagged');
    if (state.account.tos_consent_required || state.account.privacy_policy_consent_required) {
      return redirect(href('update-consent'), 'consent', { consentTarget: target });
    }
  }

  // 4. Feature flags.
  if (meta.featureFlag && !state.featureFlags[meta.featureFlag]) return redirect(href('home'), 'feature_flag');

  // 5. New-password and similar routes need a token query.
  if (meta.needsToken && !query.get('token')) return redirect(href(meta.needsToken.back ?? 'sign-in'), 'token');

  // 6. platformId: hyphens become underscores; unknown or blocked platforms show the error page.
  const params = { ...match.params };
  if (meta.platformParam) {
    const platform = normalizePlatformId(params.platformId ?? '');
    if (platform === undefined || !state.allowedPlatforms.has(platform))
      return { kind: 'error', reason: 'unknown_platform' };
    params.platformId = platform;
  }

  // 7. Age-gated visitors go to the age-gate failure.
  if (meta.ageGate && state.ageGated) return redirect(href('not-eligible'), 'age_gate');

  // 8. Flow-only routes need an active flow.
  if (meta.flowOnly && !state.flowActive) return redirect(href('home'), 'flow_only');

  // 9. Signed in, no flow: pages for signed-out visitors lead to the account.
  // A sign-up link's referral (`ref`, a playtest code) still leads a signed-in player to its playtest.
  if (meta.redirectWhenLoggedIn && state.loggedIn && !state.flowActive) {
    const referral = route.id === 'sign-up' ? query.get('ref') : null;
    if (referral && /^[A-Za-z0-9_-]{1,64}$/.test(referral))
      return redirect(href('playtest', { params: { code: referral } }), 'logged_in');
    return redirect(href('account'), 'logged_in');
  }

  // 10 and 11: allowed, with back blocking and the analytics section.
  return { kind: 'allow', route, params, blockBack: meta.goBackBlocked === true, section: meta.section };
}

function allow(pathname: string, _state: GuardState): GuardDecision {
  const match = matchRoute(pathname);
  if (!match) return { kind: 'not-found' };
  return {
    kind: 'allow',
    route: match.route,
    params: match.params,
    blockBack: false,
    section: match.route.meta.section,
  };
}
