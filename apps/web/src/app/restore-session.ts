// The stored session at start-up (spec 000 §4 "Session and token"): the account of a signed-in
// token, or a sign-in still pending two-factor. A pending sign-in survives a reload and reaches a
// second tab (issue 28): it is read with the one call such a session may make besides the
// two-factor calls (GET /sessions/me/current), kept pending, and /two-factor stays open to it. An
// account banned or put on hold meanwhile is refused (issue 30): the API client has signed it out
// and shown the restricted page, and the start goes on signed out.
import { accountRefusal, ApiError } from '../lib/api/api-error.ts';
import type { ApiClient } from '../lib/api/client.ts';
import type { FlowStore } from '../flows/flow-store.ts';
import type { SessionStore } from '../lib/auth/session-store.ts';
import type { AccountCache } from '../lib/auth/account-cache.ts';

const sessionCalls = () => import('@portal/contract/calls/sessions');

interface Stores {
  api: ApiClient;
  session: SessionStore;
  account: AccountCache;
  flow: FlowStore;
}

/** A refusal that says the token is fine but its sign-in waits for two-factor. */
function pendingTwoFactor(error: unknown): boolean {
  return error instanceof ApiError && error.is('unauthorized') && error.wire.body?.mfa_required === true;
}

async function restorePending({ api, session, account, flow }: Stores): Promise<void> {
  const { getCurrentSession } = await sessionCalls();
  const current = await api.call(getCurrentSession, {}, { ignoreRedirect: true });
  // The call may have refreshed the tokens: keep the ones it used.
  const accessToken = session.get().accessToken;
  if (accessToken) session.setTokens({ accessToken, mfaRequired: current.mfa_required });
  await account.set(current.account);
  // A tab that has no flow of its own (a new tab, the browser reopened) may finish it too.
  if (current.mfa_required && !flow.active) flow.send({ type: 'twoFactorPending' });
}

/**
 * Reads the stored session's account; a session that is gone leaves the visitor signed out. Answers
 * false when it could not be checked (network or server trouble), true otherwise.
 */
export async function restoreSession(stores: Stores): Promise<boolean> {
  const { session, account } = stores;
  if (!session.get().accessToken) return true;
  try {
    if (session.get().pendingMfa) await restorePending(stores);
    else {
      try {
        await account.refresh({ ignoreRedirect: true });
      } catch (error) {
        if (!pendingTwoFactor(error)) throw error;
        await restorePending(stores);
      }
    }
    return true;
  } catch (error) {
    // Signed out while it was read (a refusal as restricted ends the session, and with it the read,
    // which the cache then cancels): the start goes on signed out.
    if (!session.get().accessToken) return true;
    // A session that cannot be read is not a startup failure: the visitor continues signed out.
    if (!(error instanceof ApiError)) throw error;
    if (accountRefusal(error)) return true;
    if (error.status !== 401 && error.status !== 404) return false;
    session.clear();
    return true;
  }
}
