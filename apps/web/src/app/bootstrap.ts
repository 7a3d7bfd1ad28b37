// Startup (spec 000 §8): runtime config, public settings, locale, session. A failure here sets the
// app status to error and shows the system-failure page. The config and the public settings come
// with index.html (lib/boot-data.ts); they are asked for only when the page did not carry them. The session calls (and the account schema)
// load only when there is a session, keeping them off the signed-out start-up path.
const sessionCalls = () => import('@portal/contract/calls/sessions');
import { getPublicSettings } from '@portal/contract/calls/settings';
import { currentLanguage } from '../lib/i18n/messages.ts';
import { createApiClient } from '../lib/api/client.ts';
import { Analytics } from '../lib/analytics/analytics.ts';
import { ageGate, FlowStore } from '../flows/flow-store.ts';
import { SessionStore } from '../lib/auth/session-store.ts';
import { AccountCache } from '../lib/auth/account-cache.ts';
import { bootData } from '../lib/boot-data.ts';
import { activeEnvironment } from '../lib/environment.ts';
import { isDebug, loadRuntimeConfig } from '../lib/runtime-config.ts';
import { savedUtm, visitorId } from '../lib/visitor.ts';
import type { FlowServices } from '../flows/flow-services.tsx';
import { gameOf } from '../flows/flow-facts.ts';
import { restoreSession } from './restore-session.ts';

export async function bootstrap(navigateToSignIn: () => void): Promise<FlowServices> {
  const config = await loadRuntimeConfig();
  const debug = isDebug(config);
  const session = new SessionStore();
  const flow = new FlowStore();
  let environment = activeEnvironment(false, null, { apiKey: config.apiKey, service: config.hydraService });

  const logoutLocally = (ignoreRedirect: boolean, keepFlow = false) => {
    session.clear();
    if (!keepFlow) flow.send({ type: 'ended' });
    if (!ignoreRedirect) navigateToSignIn();
  };

  const api = createApiClient({
    baseUrl: () => environment.service,
    apiKey: () => environment.apiKey,
    locale: () => currentLanguage(),
    visitorId,
    utm: savedUtm,
    gameReferrer: () => gameOf(flow.get())?.slug ?? null,
    accessToken: () => session.get().accessToken,
    refresh: async () => {
      // Another tab may have refreshed (or finished two-factor) already: start from its tokens.
      session.reload();
      const refreshToken = session.get().refreshToken;
      if (!refreshToken) return false;
      try {
        const { token } = await sessionCalls();
        const answer = await api.call(
          token,
          {
            body: {
              grant_type: 'refresh_token',
              refresh_token: refreshToken,
              device_data: { visitor_id: visitorId(), platform_name: 'web' },
            },
          },
          { noRefresh: true },
        );
        session.setTokens({
          accessToken: answer.access_token,
          refreshToken: answer.refresh_token ?? null,
          mfaRequired: answer.mfa_required,
        });
        return true;
      } catch {
        return false;
      }
    },
    logout: ({ ignoreRedirect }) => logoutLocally(ignoreRedirect),
  });

  const inlineSettings = getPublicSettings.response.safeParse(bootData().settings);
  const settings = inlineSettings.success ? inlineSettings.data : await api.call(getPublicSettings);
  environment = activeEnvironment(debug, settings, { apiKey: config.apiKey, service: config.hydraService });

  // The account schema loads only when there is a session to read it for.
  const account = new AccountCache(session, async (options) => {
    const { getMe } = await import('@portal/contract/calls/accounts-me');
    return api.call(getMe, {}, options);
  });
  const sessionVerifyFailed = !(await restoreSession({ api, session, account, flow }));

  const analytics = new Analytics({
    baseUrl: () => environment.service,
    apiKey: () => environment.apiKey,
    locale: () => currentLanguage(),
    visitorId,
    utm: savedUtm,
    accessToken: () => session.get().accessToken,
    ageGated: ageGate.get,
  });

  return {
    config,
    settings,
    environment,
    debug,
    api,
    session,
    account,
    flow,
    analytics,
    sessionVerifyFailed,
    logout: async ({ ignoreRedirect = false, keepFlow = false } = {}) => {
      if (session.get().accessToken) {
        const { signOut } = await sessionCalls();
        await api.call(signOut, {}, { ignoreRedirect: true, noRefresh: true }).catch(() => undefined);
      }
      logoutLocally(ignoreRedirect, keepFlow);
    },
  };
}
