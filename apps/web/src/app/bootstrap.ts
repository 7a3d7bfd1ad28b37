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
import { accountRefusal } from '../lib/api/api-error.ts';
import { refreshTokens, sessionEnds } from './session-end.ts';
import type { Navigate } from './session-end.ts';
import { keepSessionEnded } from '../lib/auth/session-ended.ts';

export async function bootstrap(navigate: Navigate): Promise<FlowServices> {
  const config = await loadRuntimeConfig();
  const debug = isDebug(config);
  const session = new SessionStore();
  const flow = new FlowStore();
  let environment = activeEnvironment(false, null, { apiKey: config.apiKey, service: config.hydraService });

  const { logoutLocally, restricted } = sessionEnds(session, flow, navigate);

  const api = createApiClient({
    baseUrl: () => environment.service,
    apiKey: () => environment.apiKey,
    locale: () => currentLanguage(),
    visitorId,
    utm: savedUtm,
    gameReferrer: () => gameOf(flow.get())?.slug ?? null,
    accessToken: () => session.get().accessToken,
    refresh: () => refreshTokens(api, session),
    // The server refused the session and its refresh: the sign-in page says why it shows.
    logout: ({ ignoreRedirect }) => {
      keepSessionEnded();
      logoutLocally(ignoreRedirect);
    },
    restricted,
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
      let refusal: ReturnType<typeof accountRefusal> = null;
      if (session.get().accessToken) {
        const { signOut } = await sessionCalls();
        refusal = await api.call(signOut, {}, { ignoreRedirect: true, noRefresh: true }).then(
          () => null,
          (error: unknown) => accountRefusal(error),
        );
      }
      // Refused as restricted: the restricted page shows already, rather than sign-in.
      logoutLocally(ignoreRedirect || refusal !== null, keepFlow);
    },
  };
}
