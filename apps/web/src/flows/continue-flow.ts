// Runs the continue-registration decision against the app's state and goes where it says.
import type { Account } from '@portal/contract/calls/entities';
import { currentLanguage } from '../lib/i18n/messages.ts';
import { history } from '../lib/router/history.ts';
import { href } from '../lib/router/route-table.ts';
import { safeRedirectTarget } from '../lib/router/safe-redirect.ts';
import type { AppServices } from '../lib/services.tsx';
import { continueRegistration } from './continue-registration.ts';
import type { ContinueDecision, ContinueState } from './continue-registration.ts';
import { debugSettings } from '../lib/environment.ts';
import { CONNECTION_KEYS, connectionState, deviceFlowAfterConnection } from './connection-flow.ts';
import { DEVICE_KEYS, deviceAuthType, GAME_KEYS, gameFlowInProgress, pendingOauth } from './game-flow.ts';
import { consolidationPending, failureQuery, STUB_KEYS, stubChoices } from './stub-flow.ts';
import { ApiError } from '../lib/api/api-error.ts';

/** After a call that signed in: keep the tokens and account, then continue the flow. */
export function signedIn(
  services: AppServices,
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
  if (answer.account) services.session.setAccount(answer.account);
}

/** Signing in is a flow of its own, unless a game's sign-in (OAuth or device) goes on after it. */
export function startSignIn(services: AppServices, email: string) {
  if (gameFlowInProgress(services.flow.get())) services.flow.setStep('login_init', { email });
  else services.flow.start('user-flow', 'login_init', { email });
}

/**
 * A sign-in without an email typed (a platform's, a reset link's automatic one) is a sign-in flow of
 * its own when none is under way: its two-factor step (/two-factor, a flow-only route) needs one
 * (issue 28).
 */
export function startSignInFlow(services: AppServices) {
  if (!services.flow.active) services.flow.start('user-flow', 'login_init');
}

/** The continue-registration decision for the app's state now (spec 000 §4). */
export function nextStep(services: AppServices): ContinueDecision {
  const flow = services.flow.get();
  const session = services.session.get();
  return continueRegistration({
    flow: flow.flow,
    step: flow.step,
    flowEmail: flow.data.email ?? null,
    hasAccessToken: session.accessToken !== null,
    pendingMfa: session.pendingMfa,
    account: session.account,
    game: {
      prefersPassword: flow.data[GAME_KEYS.credentials] === 'password',
      flaggedAccountOauth: flow.data[GAME_KEYS.flaggedAccountOauth] === 'true',
      serverGameName: flow.data[GAME_KEYS.name] ?? null,
    },
    deviceAuthType: deviceAuthType(flow),
    consolidationPending: consolidationPending(flow),
    connectRedirect: stubConnectRedirect(flow),
    pendingOauth: pendingOauth(flow),
    connection: connectionState(flow, session.account, debugSettings(services.debug).refreshRequired),
  });
}

/** Rule 6: a passwordless device whose game connects a platform first goes to that connection. */
function stubConnectRedirect(flow: ReturnType<AppServices['flow']['get']>): ContinueState['connectRedirect'] {
  const platform = flow.data[DEVICE_KEYS.userFlowPlatform];
  const gameSlug = flow.data[GAME_KEYS.slug];
  if (deviceAuthType(flow) !== 'passwordless' || !platform || !gameSlug) return null;
  return { platform, gameSlug, redirectUri: href('prompt-sign-in') };
}

/**
 * Rule 10's consolidation: the stub (its session kept in the flow) moves into the signed-in account.
 * A game both have a save of: the choice of save (rule 7); any other refusal: the failure page.
 */
async function consolidate(services: AppServices): Promise<void> {
  const flow = services.flow.get();
  const { transferAccount } = await import('@portal/contract/calls/accounts-links');
  try {
    const account = await services.api.call(transferAccount, {
      body: {
        source_account_access_token: flow.data[STUB_KEYS.token] ?? '',
        conflict_choices: stubChoices(flow),
      },
    });
    services.session.setAccount(account);
    services.flow.setStep('consolidation_completed', {
      [STUB_KEYS.token]: '',
      [STUB_KEYS.refresh]: '',
      [STUB_KEYS.conflicts]: '',
      [STUB_KEYS.choices]: '',
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.is('game_profile_conflict')) {
      services.flow.setStep('stub_choose_game', {
        [STUB_KEYS.conflicts]: JSON.stringify(error.wire.body ?? {}),
        [STUB_KEYS.choices]: '',
        [STUB_KEYS.choosing]: '',
      });
    } else {
      history.navigate(href('connect-fail', { query: failureQuery(error.wire, flow) }), { replace: true });
      return;
    }
  }
  return continueFlow(services);
}

export async function continueFlow(services: AppServices): Promise<void> {
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
    services.session.setAccount(account);
    return continueFlow(services);
  }
  // Rule 15: the /oauth page authorizes the game for the signed-in player and sends them back to it.
  if (decision.kind === 'authorize-oauth') {
    history.navigate(href('oauth'), { replace: true });
    return;
  }
  // A device flow that handed over to a connection goes on: the device is authorized now.
  const flow = services.flow.get();
  const device = deviceFlowAfterConnection(flow);
  if (device) {
    services.flow.start('device', 'device_flow_init', { ...device, [DEVICE_KEYS.userFlowDone]: 'true' });
    return continueFlow(services);
  }
  // A stub completed from a passwordless device: its console is signed in now, as rule 13 shows it.
  if (deviceAuthType(flow) === 'passwordless' && flow.step !== 'consolidation_completed') {
    const game = flow.data[GAME_KEYS.name];
    services.flow.start('device', 'remediation_completed', flow.data);
    history.navigate(href('connect-success', { query: game ? { game } : undefined }), { replace: true });
    return;
  }
  const target = safeRedirectTarget(flow.data[CONNECTION_KEYS.redirect] ?? services.session.loginRedirect);
  services.session.loginRedirect = null;
  services.flow.end();
  void services.analytics.flush();
  history.navigate(target, { replace: true });
}
