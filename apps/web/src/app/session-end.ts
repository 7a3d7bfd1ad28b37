// How a session ends in the browser: signed out locally (the flow under way ends unless kept) and
// sent to sign-in; or, when the account is banned or on hold (issue 30), sent to the restricted page
// with the refusal's notice kept for it. And the token refresh, whose refusal as restricted is
// passed on to the call that needed it rather than read as a plain failure.
import type { RestrictionNotice } from '@portal/contract/data/moderation';
import { accountRefusal } from '../lib/api/api-error.ts';
import type { ApiClient } from '../lib/api/client.ts';
import { keepRestriction } from '../lib/auth/restriction.ts';
import type { SessionStore } from '../lib/auth/session-store.ts';
import type { Href } from '../lib/router/href.ts';
import { href } from '../lib/router/route-table.ts';
import { visitorId } from '../lib/visitor.ts';
import type { FlowStore } from '../flows/flow-store.ts';

const sessionCalls = () => import('@portal/contract/calls/sessions');

/** Goes to a page of the app (history.navigate). */
export type Navigate = (to: Href, options?: { replace?: boolean }) => void;

export function sessionEnds(session: SessionStore, flow: FlowStore, navigate: Navigate) {
  const logoutLocally = (ignoreRedirect: boolean, keepFlow = false) => {
    session.clear();
    if (!keepFlow) flow.send({ type: 'ended' });
    if (!ignoreRedirect) navigate(href('sign-in'));
  };
  /**
   * The account is refused as a whole: its notice is kept for the restricted page, which replaces the
   * refused page before the session ends (so that no guard sends the visitor to sign-in first).
   */
  const restricted = (notice: RestrictionNotice | null) => {
    keepRestriction(notice);
    navigate(href('account-restricted'), { replace: true });
    logoutLocally(true);
  };
  return { logoutLocally, restricted };
}

/**
 * New tokens from the refresh token: true when they came, false when they cannot (no refresh token,
 * refused, offline). A refusal because the account is restricted is thrown: it ends the call.
 */
export async function refreshTokens(api: ApiClient, session: SessionStore): Promise<boolean> {
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
  } catch (error) {
    if (accountRefusal(error)) throw error;
    return false;
  }
}
