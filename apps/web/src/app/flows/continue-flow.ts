// Runs the continue-registration decision against the app's state and goes where it says.
import type { Account } from '@portal/contract/calls/entities';
import { currentLanguage } from '../../lib/i18n/messages.ts';
import { history } from '../../lib/router/history.ts';
import { safeRedirectTarget } from '../routing/safe-redirect.ts';
import type { AppServices } from '../services.tsx';
import { continueRegistration } from './continue-registration.ts';

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

export async function continueFlow(services: AppServices): Promise<void> {
  const flow = services.flow.get();
  const session = services.session.get();
  const decision = continueRegistration({
    flow: flow.flow,
    step: flow.step,
    flowEmail: flow.data.email ?? null,
    hasAccessToken: session.accessToken !== null,
    pendingMfa: session.pendingMfa,
    account: session.account,
    game: { prefersPassword: flow.data.credentials === 'password', flaggedAccountOauth: false, serverGameName: null },
    deviceAuthType: null,
    connectRedirect: null,
    pendingOauth: false,
    connection: null,
  });
  if (decision.kind === 'navigate') {
    history.navigate(decision.to, { replace: decision.clearHistory === true });
    return;
  }
  if (decision.kind === 'complete-account') {
    // Rule 11: an incomplete account is completed with marketing off, consent given, the current language.
    const { complete } = await import('@portal/contract/calls/accounts');
    const account = await services.api.call(complete, {
      body: { tos_consent: true, marketing_opt_in: false, locale: currentLanguage() },
    });
    services.session.setAccount(account);
    return continueFlow(services);
  }
  // Rule 15 (authorizing a game) arrives with the OAuth flow.
  const target = safeRedirectTarget(services.session.loginRedirect);
  services.session.loginRedirect = null;
  services.flow.end();
  void services.analytics.flush();
  history.navigate(target, { replace: true });
}
