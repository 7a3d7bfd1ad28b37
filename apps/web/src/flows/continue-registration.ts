// The continue-registration decision of spec 000 §4: after every step of every auth flow, where
// to go next. Its 21 rules are applied in the spec's order; the first that applies decides.
import type { AuthFlow, FlowStep } from './flow-state.ts';
import type { Href } from '../lib/router/href.ts';
import { href } from '../lib/router/route-table.ts';
import type { StaticRouteId } from '../lib/router/route-table.ts';

export interface ContinueAccount {
  stub: boolean;
  completed: boolean;
  registration_flagged: boolean;
  tos_consent_required: boolean;
  privacy_policy_consent_required: boolean;
}

export interface ContinueState {
  flow: AuthFlow | null;
  step: FlowStep | null;
  /** An email address is held in the flow state (registration/remediation). */
  flowEmail: string | null;
  hasAccessToken: boolean;
  pendingMfa: boolean;
  account: ContinueAccount | null;
  game: {
    prefersPassword: boolean;
    /** False: registration without credentials (age and location, then the display name). */
    requireCredentials: boolean;
    flaggedAccountOauth: boolean;
    serverGameName: string | null;
  } | null;
  /** A password reset link's token (rule 3). */
  resetToken: string | null;
  deviceAuthType: 'device' | 'passwordless' | null;
  /** A stub account waits to move into the signed-in account (its session is kept in the flow). */
  consolidationPending: boolean;
  /** A stub flow that should continue on a platform's connection page. */
  connectRedirect: { platform: string; gameSlug: string; redirectUri: string } | null;
  pendingOauth: boolean;
  connection: {
    /** The player picks the platform (the connect-platform-selection flow of the spec). */
    selection: boolean;
    selectionCompleted: boolean;
    platform: string | null;
    /** The route of a platform with its own connection page. */
    specialPage: StaticRouteId | null;
    linked: boolean;
    refreshRequired: boolean;
  } | null;
}

export type ContinueDecision =
  | { kind: 'navigate'; to: Href; clearHistory?: boolean; rule: number }
  | { kind: 'consolidate'; rule: 10 }
  | { kind: 'complete-account'; rule: 11 }
  /** Rule 8 without credentials: the stub becomes the account with its age and location alone. */
  | { kind: 'complete-stub'; rule: 8 }
  | { kind: 'authorize-oauth'; rule: 15 }
  | { kind: 'finish'; rule: 21 };

const go = (rule: number, to: Href, clearHistory = false): ContinueDecision => ({
  kind: 'navigate',
  to,
  rule,
  ...(clearHistory ? { clearHistory } : {}),
});

export function continueRegistration(s: ContinueState): ContinueDecision {
  const { step, account } = s;
  // 1. An OAuth error goes back to the OAuth page, which shows it.
  if (step === 'oauth_error') return go(1, href('oauth'));
  // 2. Anonymous email verification ends on its success page.
  if (step === 'anonymous_email_verification_init') return go(2, href('verify-email-success'));
  // 3. Reset password → the new-password screen; update password → its success page.
  // The pages need the link's token (guard 5), which the flow keeps.
  const token = s.resetToken ? { query: { token: s.resetToken } } : undefined;
  if (step === 'reset_password_init') return go(3, href('choose-password', token));
  if (step === 'update_password') return go(3, href('choose-password-success', token));
  // 4. Registration or remediation starts at age and location when the email is known, else sign-in.
  // A game that registers without credentials needs no email: the stub becomes the account.
  const withoutCredentials = s.game?.requireCredentials === false && account?.stub === true;
  if (step === 'registration_init' || step === 'remediation_init')
    return go(
      4,
      href(s.flowEmail || (step === 'remediation_init' && withoutCredentials) ? 'age-and-location' : 'sign-in'),
    );
  // 5. An age-gate error clears history and shows the age-gate failure.
  if (step === 'age_gate_error') return go(5, href('not-eligible'), true);
  // 6. Stub flow init with a stub account: the landing page, or the platform's connection page.
  if (step === 'stub_flow_init' && account?.stub) {
    if (s.connectRedirect) {
      const { platform, gameSlug, redirectUri } = s.connectRedirect;
      const query = new URLSearchParams({ entry: gameSlug, redirect_uri: redirectUri });
      return go(6, href('connect-platform', { params: { platformId: platform }, query }));
    }
    return go(6, href('landing-page'));
  }
  // 7. Choosing between game saves starts with the conflict warning.
  if (step === 'stub_choose_game') return go(7, href('game-conflicts-warning'));
  // 8. After age and location: a password or an emailed code, as the game prefers.
  // Without credentials (spec 000 §4 "Registration steps"): age and location, then the display name.
  if (step === 'age_and_location' && withoutCredentials && !s.flowEmail) return { kind: 'complete-stub', rule: 8 };
  if (step === 'age_and_location')
    return go(8, href(s.game?.prefersPassword ? 'create-password' : 'email-registration'));
  // 9. Without an access token, sign in; with two-factor pending, finish it.
  if (!s.hasAccessToken) return go(9, href('sign-in'));
  if (s.pendingMfa) return go(9, href('two-factor'));
  // 10. Consolidation: signed in to a full account, the stub moves into it; until then it starts
  // at sign-in. A stub account is prompted to sign in.
  if (s.consolidationPending && account && !account.stub && account.completed) return { kind: 'consolidate', rule: 10 };
  if (step === 'consolidation_init') return go(10, href('sign-in'));
  if (account?.stub) return go(10, href('prompt-sign-in'));
  // 11. An incomplete account is completed automatically (marketing off, consent, current locale).
  if (account && !account.completed) return { kind: 'complete-account', rule: 11 };
  // 12. A flagged account verifies its email in a registration flow or for a flagged-OAuth game.
  if (account?.registration_flagged && (s.flow === 'registration' || s.game?.flaggedAccountOauth)) {
    return go(12, href('verify-email', { query: { account_flagged: 'true' } }));
  }
  // 13. A passwordless device after consolidation: the stub connection success page.
  if (s.deviceAuthType === 'passwordless' && step === 'consolidation_completed') {
    const game = s.game?.serverGameName;
    return go(13, href('connect-success', { query: game ? { game } : undefined }));
  }
  // 14. A new account (or a passwordless device after remediation) picks its display name.
  if (step === 'account_created' || (s.deviceAuthType === 'passwordless' && step === 'remediation_completed')) {
    return go(14, href('display-name'));
  }
  // 17 first for a game (docs/spec-deviations.md): a game gets no player who has not agreed to the
  // terms in force, so the required consents come before its code (15) or its device (16).
  const consentRequired = account && (account.tos_consent_required || account.privacy_policy_consent_required);
  if (consentRequired && (s.pendingOauth || (s.deviceAuthType !== null && step !== 'device_flow_authorization')))
    return go(17, href('update-consent'));
  // 15. Pending OAuth data: authorize the game now.
  if (s.pendingOauth) return { kind: 'authorize-oauth', rule: 15 };
  // 16. Device authorization done → success (history cleared); device flow → authorising device.
  if (step === 'device_flow_authorization') return go(16, href('device-success'), true);
  if (step === 'device_flow_init' || s.deviceAuthType === 'device') return go(16, href('device-code'));
  // 17. Required consents first.
  if (account && (account.tos_consent_required || account.privacy_policy_consent_required))
    return go(17, href('update-consent'));
  // 18. A platform selection not yet made.
  if (s.connection?.selection && !s.connection.selectionCompleted) return go(18, href('connection-select-platform'));
  // 19. A connection flow for a platform with its own page.
  if (s.flow === 'connection' && s.connection?.specialPage) return go(19, href(s.connection.specialPage));
  // 20. A platform not linked yet, or needing a refresh: confirm the connection.
  if (s.flow === 'connection' && s.connection?.platform && (!s.connection.linked || s.connection.refreshRequired)) {
    return go(20, href('connection-confirmation', { params: { platformId: s.connection.platform } }));
  }
  // 21. Otherwise the flow ends: flush events, follow the stored redirect (or /account).
  return { kind: 'finish', rule: 21 };
}
