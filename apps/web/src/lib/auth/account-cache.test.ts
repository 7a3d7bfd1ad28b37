import type { Account } from '@portal/contract/calls/entities';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusManager } from '@tanstack/react-query';
import { queryClient } from '../query/query-client.ts';
import { useMemoryStorage } from '../testing/memory-storage.ts';
import { ACCOUNT_QUERY_KEY, ACCOUNT_STALE_MS, AccountCache } from './account-cache.ts';
import { SessionStore } from './session-store.ts';

// TanStack Query as in a browser: on a server (no window) it never collects unused queries.
vi.hoisted(() => Object.assign(globalThis, { window: globalThis }));

useMemoryStorage();
const caches: AccountCache[] = [];
afterEach(() => {
  for (const cache of caches.splice(0)) cache.stop();
  queryClient.clear();
});

const account = (name: string) => ({ id: 'a1', completed: true, stub: false, username: name }) as unknown as Account;

/** A signed-in session and its account cache, reading from a server that answers `answers` in turn. */
function signedIn(...answers: Account[]) {
  const session = new SessionStore();
  session.setTokens({ accessToken: 'at_1', refreshToken: 'rt_1' });
  let reads = 0;
  const cache = new AccountCache(session, async () => answers[reads++ % answers.length] as Account);
  caches.push(cache);
  return { session, cache, reads: () => reads };
}

describe('the signed-in account through TanStack Query', () => {
  it('reads the account into the query cache, and the session holds the same account', async () => {
    const { session, cache } = signedIn(account('Tide'));
    const read = await cache.refresh();
    expect(queryClient.getQueryData(ACCOUNT_QUERY_KEY)).toBe(read);
    expect(session.get().account).toBe(read);
  });

  it('asks the server once for reads at the same time', async () => {
    const { cache, reads } = signedIn(account('Tide'));
    const [first, second] = await Promise.all([cache.refresh(), cache.refresh()]);
    expect(first).toBe(second);
    expect(reads()).toBe(1);
  });

  it('asks the server again on a later refresh (after a change the answer did not carry)', async () => {
    const { session, cache, reads } = signedIn(account('Tide'), account('Runner'));
    await cache.refresh();
    await cache.refresh();
    expect(reads()).toBe(2);
    expect(session.get().account?.username).toBe('Runner');
  });

  it('keeps the account a call answered with, at once on a page where the library has loaded', async () => {
    const { session, cache } = signedIn(account('Tide'));
    await cache.refresh();
    void cache.set(account('Renamed'));
    expect(session.get().account?.username).toBe('Renamed');
    void cache.update((current) => ({ ...current, username: `${current.username}!` }));
    expect(queryClient.getQueryData<Account>(ACCOUNT_QUERY_KEY)?.username).toBe('Renamed!');
    expect(session.get().account?.username).toBe('Renamed!');
  });

  it('changes nothing when there is no account to change', async () => {
    const { session, cache } = signedIn(account('Tide'));
    await cache.update((current) => ({ ...current, username: 'x' }));
    expect(queryClient.getQueryData(ACCOUNT_QUERY_KEY)).toBeUndefined();
    expect(session.get().account).toBeNull();
  });

  it('empties the cache (the account and every other read) when the session ends', async () => {
    const { session, cache } = signedIn(account('Tide'));
    await cache.refresh();
    queryClient.setQueryData(['friends'], ['someone']);
    session.clear();
    expect(queryClient.getQueryData(ACCOUNT_QUERY_KEY)).toBeUndefined();
    expect(queryClient.getQueryData(['friends'])).toBeUndefined();
    expect(session.get().account).toBeNull();
  });

  it('keeps the account for as long as the session lasts (no screen observes it, nothing collects it)', async () => {
    const { cache } = signedIn(account('Tide'));
    await cache.refresh();
    // TanStack Query drops a query nothing observes after its gcTime (5 minutes by default).
    expect(queryClient.getQueryCache().find({ queryKey: ACCOUNT_QUERY_KEY })?.gcTime).toBe(Infinity);
    await cache.set(account('Renamed'));
    expect(queryClient.getQueryCache().find({ queryKey: ACCOUNT_QUERY_KEY })?.gcTime).toBe(Infinity);
  });

  it('reads the account again when the tab comes back into view, once it is old (another tab changed it)', async () => {
    const { session, cache, reads } = signedIn(account('Tide'), account('Changed elsewhere'));
    await cache.refresh();
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    expect(reads()).toBe(1);
    // Older than ACCOUNT_STALE_MS: the next time the tab is in view, it is read again.
    queryClient.setQueryData(ACCOUNT_QUERY_KEY, account('Tide'), { updatedAt: Date.now() - ACCOUNT_STALE_MS - 1 });
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.waitFor(() => expect(session.get().account?.username).toBe('Changed elsewhere'));
    expect(reads()).toBe(2);
    focusManager.setFocused(undefined);
  });

  it('does not read an account for a signed-out tab coming into view', async () => {
    const { session, cache, reads } = signedIn(account('Tide'));
    await cache.refresh();
    session.clear();
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads()).toBe(1);
    expect(session.get().account).toBeNull();
    focusManager.setFocused(undefined);
  });
});
