// A restricted account (issue 30) as the app wires it (bootstrap.ts): the real API client, session
// and flow stores, the real token refresh. A refusal of the whole account from any call, the refresh
// included, signs the player out, keeps the notice and shows the restricted page; a ban of one game
// signs no one out.
import { getMe } from '@portal/contract/calls/accounts-me';
import { signInWithPassword } from '@portal/contract/calls/sessions';
import type { RestrictionNotice } from '@portal/contract/data/moderation';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../lib/api/client.ts';
import { ApiError } from '../lib/api/api-error.ts';
import { keptRestriction } from '../lib/auth/restriction.ts';
import { SessionStore } from '../lib/auth/session-store.ts';
import { useMemoryStorage } from '../lib/testing/memory-storage.ts';
import { FlowStore } from '../flows/flow-store.ts';
import { oauthFlow } from '../flows/testing/flow-fixtures.ts';
import { refreshTokens, sessionEnds } from './session-end.ts';

useMemoryStorage();

const BAN: RestrictionNotice = {
  kind: 'ban',
  reason: 'cheating',
  note: 'Aimbot detected in 14 ranked matches.',
  starts_at: '2026-03-01T10:00:00.000Z',
  ends_at: '2099-03-09T14:04:00.000Z',
  game: null,
};
const GAME_BAN: RestrictionNotice = { ...BAN, game: 'starfall-legends' };
const BLOCK: RestrictionNotice = { ...BAN, kind: 'block', reason: 'suspected_takeover', ends_at: null, note: null };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/x-ag-json' } });
const refused = (notice: RestrictionNotice | null, code: 'account_banned' | 'account_blocked' = 'account_banned') =>
  json(403, {
    message: 'refused',
    key: `error.${code}`,
    hydraErrorCode: code === 'account_banned' ? 1030 : 1033,
    code,
    body: notice ? { restriction: notice } : null,
  });
const expired = () =>
  json(401, { message: 'expired', key: 'error.auth_expired', body: null, hydraErrorCode: 1019, code: 'auth_expired' });

/** The app's wiring, answering each path with what `answer` gives. */
function app(answer: (path: string) => Response) {
  const session = new SessionStore();
  const flow = new FlowStore();
  const navigate = vi.fn();
  const fetcher = vi.fn(async (url: string) => answer(new URL(url, 'http://portal.test').pathname));
  const { logoutLocally, restricted } = sessionEnds(session, flow, navigate);
  const api = createApiClient({
    baseUrl: () => '/api',
    apiKey: () => 'key',
    locale: () => 'en-US',
    visitorId: () => 'visitor',
    utm: () => ({ source: null, medium: null, campaign: null }),
    gameReferrer: () => null,
    accessToken: () => session.get().accessToken,
    refresh: () => refreshTokens(api, session),
    logout: ({ ignoreRedirect }) => logoutLocally(ignoreRedirect),
    restricted,
    fetch: fetcher as unknown as typeof fetch,
  });
  return { session, flow, navigate, api, fetcher };
}

const paths = (navigate: ReturnType<typeof vi.fn>) => navigate.mock.calls.map(([to]) => to as string);

describe('a refusal of the whole account', () => {
  it('signs a signed-in player out, keeps the notice and shows the restricted page', async () => {
    const { session, flow, navigate, api } = app(() => refused(BAN));
    session.setTokens({ accessToken: 'at', refreshToken: 'rt' });
    flow.send({ type: 'oauthRequested', game: null, request: oauthFlow().request! });
    const error = await api.call(getMe).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).is('account_banned')).toBe(true);
    expect(session.get()).toMatchObject({ accessToken: null, refreshToken: null });
    expect(window.localStorage.getItem('portal.accessToken')).toBeNull();
    expect(flow.get()).toEqual({ flow: null });
    expect(keptRestriction()).toEqual(BAN);
    expect(window.sessionStorage.getItem('portal.restriction')).toContain('"cheating"');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/account-restricted', { replace: true });
  });

  it('ends the session when the token refresh is refused, on the restricted page rather than sign-in', async () => {
    const { session, navigate, api, fetcher } = app((path) =>
      path === '/api/sessions/auth/token' ? refused(BLOCK, 'account_blocked') : expired(),
    );
    session.setTokens({ accessToken: 'at_old', refreshToken: 'rt' });
    const error = (await api.call(getMe).catch((e: unknown) => e)) as ApiError;
    // The call that needed the refresh fails with the refusal, not with auth_expired.
    expect(error.is('account_blocked')).toBe(true);
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(session.get().accessToken).toBeNull();
    expect(keptRestriction()).toEqual(BLOCK);
    expect(paths(navigate)).toEqual(['/account-restricted']);
  });

  it('sends a refused sign-in to the restricted page too; a refusal without notice keeps none', async () => {
    const { navigate, api } = app(() => refused(null, 'account_blocked'));
    const error = (await api
      .call(signInWithPassword, { body: { email: 'pilot@example.com', password: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.is('account_blocked')).toBe(true);
    expect(paths(navigate)).toEqual(['/account-restricted']);
    expect(keptRestriction()).toBeNull();
  });

  it('is over once the player signs in again: the kept notice is cleared', async () => {
    const { session, api } = app(() => refused(BAN));
    await api.call(getMe).catch(() => undefined);
    expect(keptRestriction()).toEqual(BAN);
    session.setTokens({ accessToken: 'at_new', refreshToken: 'rt_new' });
    expect(keptRestriction()).toBeNull();
    expect(window.sessionStorage.getItem('portal.restriction')).toBeNull();
  });

  it('reads a tampered kept notice as none', () => {
    window.sessionStorage.setItem('portal.restriction', JSON.stringify({ notice: { ...BAN, kind: 'exile' } }));
    expect(keptRestriction()).toBeNull();
    window.sessionStorage.setItem('portal.restriction', '{"notice":');
    expect(keptRestriction()).toBeNull();
  });
});

describe('a ban of one game', () => {
  it('signs no one out and keeps nothing: the game screen shows it', async () => {
    const { session, flow, navigate, api } = app(() => refused(GAME_BAN));
    session.setTokens({ accessToken: 'at', refreshToken: 'rt' });
    flow.send({ type: 'oauthRequested', game: null, request: oauthFlow().request! });
    const error = (await api.call(getMe).catch((e: unknown) => e)) as ApiError;
    expect(error.is('account_banned')).toBe(true);
    expect(session.get()).toMatchObject({ accessToken: 'at', refreshToken: 'rt' });
    expect(flow.get().flow).toBe('oauth');
    expect(navigate).not.toHaveBeenCalled();
    expect(keptRestriction()).toBeNull();
  });
});
