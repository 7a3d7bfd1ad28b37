import { getMe } from '@portal/contract/calls/accounts-me';
import { getCurrentSession } from '@portal/contract/calls/sessions';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api/api-error.ts';
import type { ApiClient } from '../lib/api/client.ts';
import { FlowStore } from '../flows/flow-store.ts';
import { AccountCache } from '../lib/auth/account-cache.ts';
import { SessionStore } from '../lib/auth/session-store.ts';
import { queryClient } from '../lib/query/query-client.ts';
import { restoreSession } from './restore-session.ts';
import { useMemoryStorage } from '../lib/testing/memory-storage.ts';

useMemoryStorage();
const caches: AccountCache[] = [];
afterEach(() => {
  for (const cache of caches.splice(0)) cache.stop();
  queryClient.clear();
});

/** The stores restoreSession works with, the account cache reading through `api`. */
function stores(api: ApiClient, session: SessionStore, flow = new FlowStore()) {
  const account = new AccountCache(session, (options) => api.call(getMe, {}, options));
  caches.push(account);
  return { api, session, flow, account };
}

const account = { id: 'a1', completed: true, stub: false, email: 'walker@example.com' };
const refusal = (status: number, code: string, body: Record<string, unknown> | null = null) =>
  new ApiError(status, { message: code, key: `error.${code}`, body, hydraErrorCode: null, code });

/** An API client answering each call with what `answers` gives for it (a value, or an error to throw). */
function client(answers: Map<unknown, unknown>): { api: ApiClient; asked: unknown[] } {
  const asked: unknown[] = [];
  const call = async (c: unknown) => {
    asked.push(c);
    const answer = answers.get(c);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { api: { call } as unknown as ApiClient, asked };
}

describe('restoring the stored session at start-up', () => {
  it('keeps a sign-in pending two-factor (a reload, a second tab) and opens its flow', async () => {
    const session = new SessionStore();
    session.setTokens({ accessToken: 'at_pending', refreshToken: 'rt_pending', mfaRequired: true });
    const flow = new FlowStore();
    const { api, asked } = client(new Map([[getCurrentSession, { account, mfa_required: true, mfa_methods: [] }]]));
    expect(await restoreSession(stores(api, session, flow))).toBe(true);
    expect(asked).toEqual([getCurrentSession]);
    expect(session.get()).toMatchObject({ accessToken: 'at_pending', pendingMfa: true, account });
    expect(flow.get()).toMatchObject({ flow: 'user-flow', step: 'two_factor_init' });
  });

  it('finds a pending sign-in the stored flag did not know of, instead of ending it', async () => {
    const session = new SessionStore();
    session.setTokens({ accessToken: 'at_pending', refreshToken: 'rt_pending' });
    const flow = new FlowStore();
    const { api } = client(
      new Map<unknown, unknown>([
        [getMe, refusal(401, 'unauthorized', { mfa_required: true })],
        [getCurrentSession, { account, mfa_required: true, mfa_methods: [] }],
      ]),
    );
    expect(await restoreSession(stores(api, session, flow))).toBe(true);
    expect(session.get()).toMatchObject({ accessToken: 'at_pending', pendingMfa: true });
  });

  it('goes on signed out, not as a failure, when the account is banned or on hold (issue 30)', async () => {
    // The API client has signed the player out and shown the restricted page already.
    const session = new SessionStore();
    session.setTokens({ accessToken: 'at_banned', refreshToken: 'rt_banned' });
    for (const code of ['account_banned', 'account_blocked']) {
      const { api } = client(new Map([[getMe, refusal(403, code, null)]]));
      expect(await restoreSession(stores(api, session)), code).toBe(true);
    }
  });

  it('goes on signed out when the refusal ended the session while the account was read (the read is cancelled)', async () => {
    // As the real client does: the refusal signs the player out (the cache empties, cancelling the
    // read in flight), then the call throws.
    const session = new SessionStore();
    session.setTokens({ accessToken: 'at_banned', refreshToken: 'rt_banned' });
    const api = {
      call: async () => {
        session.clear();
        await new Promise((resolve) => setTimeout(resolve, 0));
        throw refusal(403, 'account_banned', null);
      },
    } as unknown as ApiClient;
    expect(await restoreSession(stores(api, session))).toBe(true);
    expect(session.get().accessToken).toBeNull();
  });

  it('signs out a session that is gone, and reports one it could not check', async () => {
    const session = new SessionStore();
    session.setTokens({ accessToken: 'at_gone', refreshToken: 'rt_gone' });
    const gone = client(new Map([[getMe, refusal(401, 'auth_expired')]]));
    expect(await restoreSession(stores(gone.api, session))).toBe(true);
    expect(session.get().accessToken).toBeNull();
    session.setTokens({ accessToken: 'at_ok', refreshToken: 'rt_ok' });
    const down = client(new Map([[getMe, refusal(503, 'service_unavailable')]]));
    expect(await restoreSession(stores(down.api, session))).toBe(false);
    expect(session.get().accessToken).toBe('at_ok');
  });
});
