// Runs the continue-registration decision against the app's state and goes where it says.
import type { Account } from '@portal/contract/calls/entities';
import { currentLanguage } from '../lib/i18n/messages.ts';
import { history } from '../lib/router/history.ts';
import { href } from '../lib/router/route-table.ts';
import { safeRedirectTarget } from '../lib/router/safe-redirect.ts';
import { debugSettings } from '../lib/environment.ts';
import { ApiError } from '../lib/api/api-error.ts';
import { continueRegistration } from './continue-registration.ts';
import type { ContinueDecision, ContinueState } from './continue-registration.ts';
import { connectionState } from './connection-flow.ts';
import { consolidationPending, deviceAuthType, gameOf, pendingOauth, signUpOf } from './flow-facts.ts';
import { resumableDevice } from './flow-events.ts';
import type { FlowServices } from './flow-services.tsx';
import type { FlowState } from './flow-state.ts';
import { failureQuery, stubChoices, stubOf } from './stub-flow.ts';
import { gameConflictBody } from '@portal/contract/calls/game-conflict';

/**
 * After a call that signed in: keep the tokens and account. A sign-in that waits for its second
 * step is the flow's two-factor step (rule 9 then sends the player to it).
 */
export async function signedIn(
  services: FlowServices,
  answer: {
    access_token: string;
    refresh_token?: string | undefined;
    mfa_required: boolean;
    account?: Account | undefined;
  },
) {
  services.session.setTokens({
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    mfaRequired: answer.mfa_required,
  });
  if (answer.account) await services.account.set(answer.account);
  if (answer.mfa_required) services.flow.send({ type: 'twoFactorPending' });
}

/** Signing in is a flow of its own, unless a game's sign-in (OAuth or device) goes on after it. */
export function startSignIn(services: FlowServices, email: string) {
  services.flow.send({ type: 'signInStarted', email });
}

/**
 * A sign-in without an email typed (a platform's, a reset link's automatic one) is a sign-in flow of
 * its own when none is under way: its two-factor step (/two-factor, a flow-only route) needs one
 * (issue 28).
 */
export function startSignInFlow(services: FlowServices) {
  services.flow.send({ type: 'signInStarted', email: null });
}

/** Rule 6: a passwordless device whose game connects a platform first goes to that connection. */
function stubConnectRedirect(state: FlowState): ContinueState['connectRedirect'] {
  if (state.flow !== 'device' || state.device.authType !== 'passwordless') return null;
  const platform = state.device.userFlowPlatform;
  const gameSlug = state.game?.slug;
  if (!platform || !gameSlug || state.device.userFlowDone) return null;
  return { platform, gameSlug, redirectUri: href('prompt-sign-in') };
}

/** The continue-registration decision for the app's state now (spec 000 §4). */
export function nextStep(services: FlowServices): ContinueDecision {
  const flow = services.flow.get();
  const session = services.session.get();
  const game = gameOf(flow);
  return continueRegistration({
    flow: flow.flow,
    step: flow.flow === null ? null : flow.step,
    flowEmail: signUpOf(flow).email,
    hasAccessToken: session.accessToken !== null,
    pendingMfa: session.pendingMfa,
    // Debug mode's "registration flagged" counts as the server's flag (as the guards read it).
    account:
      session.account && debugSettings(services.debug).isRegistrationFlagged
        ? { ...session.account, registration_flagged: true }
        : session.account,
    game: game
      ? {
          prefersPassword: game.credentials === 'password',
          requireCredentials: game.requireCredentials,
          flaggedAccountOauth: game.flaggedAccountOauth,
          serverGameName: game.name,
        }
      : null,
    deviceAuthType: deviceAuthType(flow),
    consolidationPending: consolidationPending(flow),
    connectRedirect: stubConnectRedirect(flow),
    pendingOauth: pendingOauth(flow),
    resetToken: flow.flow === 'user-flow' ? flow.resetToken : null,
    connection: connectionState(flow, session.account, debugSettings(services.debug).refreshRequired),
  });
}

/**
 * Rule 10's consolidation: the stub (its session kept in the flow) moves into the signed-in account.
 * A game both have a save of: the choice of save (rule 7); any other refusal: the failure page.
 */
async function consolidate(services: FlowServices): Promise<void> {
  const flow = services.flow.get();
  const { transferAccount } = await import('@portal/contract/calls/accounts-links');
  try {
    const account = await services.api.call(transferAccount, {
      body: {
        source_account_access_token: stubOf(flow)?.token ?? '',
        conflict_choices: stubChoices(flow),
      },
    });
    await services.account.set(account);
    services.flow.send({ type: 'consolidated' });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const conflicts = error.is('game_profile_conflict') ? gameConflictBody.safeParse(error.wire.body ?? {}) : null;
    if (conflicts?.success) {
      services.flow.send({ type: 'saveConflict', conflicts: conflicts.data });
    } else {
      history.navigate(href('connect-fail', { query: failureQuery(error.wire, flow) }), { replace: true });
      return;
    }
  }
  return continueFlow(services);
}

export async function continueFlow(services: FlowServices): Promise<void> {
  const decision = nextStep(services);
  if (decision.kind === 'navigate') {
    history.navigate(decision.to, { replace: decision.clearHistory === true });
    return;
  }
  if (decision.kind === 'consolidate') return consolidate(services);
  if (decision.kind === 'complete-account') {
    // Rule 11: an incomplete account is completed with marketing off, consent given, the current language.
    const { complete } = await import('@portal/contract/calls/accounts');
    const account = await services.api.call(complete, {
      body: { tos_consent: true, marketing_opt_in: false, locale: currentLanguage() },
    });
    await services.account.set(account);
    return continueFlow(services);
  }
  if (decision.kind === 'complete-stub') {
    // Rule 8 without credentials: the stub account is completed with the age and location given.
    const { complete } = await import('@portal/contract/calls/accounts');
    const { dob, age, country, territory, marketing } = signUpOf(services.flow.get());
    const account = await services.api.call(complete, {
      body: {
        tos_consent: true,
        marketing_opt_in: marketing,
        locale: currentLanguage(),
        ...(dob ? { date_of_birth: dob } : { age: age ?? 0 }),
        country: country ?? 'US',
        territory,
      },
    });
    await services.account.set(account);
    services.flow.send({ type: 'stubCompleted' });
    return continueFlow(services);
  }
  // Rule 15: the /oauth page authorizes the game for the signed-in player and sends them back to it.
  if (decision.kind === 'authorize-oauth') {
    history.navigate(href('oauth'), { replace: true });
    return;
  }
  // A device flow that handed over to a connection goes on: the device is authorized now.
  const flow = services.flow.get();
  if (resumableDevice(flow)) {
    services.flow.send({ type: 'deviceResumed' });
    return continueFlow(services);
  }
  // A stub completed from a passwordless device: its console is signed in now, as rule 13 shows it.
  if (deviceAuthType(flow) === 'passwordless' && flow.flow !== null && flow.step !== 'consolidation_completed') {
    const game = gameOf(flow)?.name;
    services.flow.send({ type: 'stubSettled' });
    history.navigate(href('connect-success', { query: game ? { game } : undefined }), { replace: true });
    return;
  }
  // A sign-up link's referral (`ref`) is a playtest code: its page redeems it for the new account.
  const referral = flow.flow === 'registration' ? flow.signUp.ref : null;
  const redirect =
    flow.flow === 'connection'
      ? flow.connection.redirect
      : referral
        ? href('playtest', { params: { code: referral } })
        : null;
  const target = safeRedirectTarget(redirect ?? services.session.loginRedirect);
  services.session.loginRedirect = null;
  services.flow.send({ type: 'ended' });
  void services.analytics.flush();
  history.navigate(target, { replace: true });
}
