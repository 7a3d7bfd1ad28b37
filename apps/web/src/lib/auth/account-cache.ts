// The signed-in account, read and kept through TanStack Query (ADR 031): its one cache is the query
// client's entry ACCOUNT_QUERY_KEY. The session store holds a copy of it for what decides before any
// screen renders (the guards, the header); only this cache writes that copy. The library loads with
// the first account (lib/query/load.ts), never for a signed-out visitor.
import type { QueryClient } from '@tanstack/react-query';
import type { Account } from '@portal/contract/calls/entities';
import { loadedQueryClient, loadQueryClient, onQueryClient } from '../query/load.ts';
import { loadedQuery } from '../query/registry.ts';
import type { SessionStore } from './session-store.ts';

export const ACCOUNT_QUERY_KEY = ['account', 'me'] as const;
/** How old the account may be when a tab comes back into view before it is read again. */
export const ACCOUNT_STALE_MS = 30_000;

/** GET /accounts/me; `ignoreRedirect`: a refused token does not send the visitor to /sign-in. */
export type ReadAccount = (options: { ignoreRedirect: boolean }) => Promise<Account>;

export class AccountCache {
  readonly #session: SessionStore;
  readonly #read: ReadAccount;
  readonly #stops: (() => void)[] = [];

  /** `read` asks the server for the signed-in account (GET /accounts/me). */
  constructor(session: SessionStore, read: ReadAccount) {
    this.#session = session;
    this.#read = read;
    onQueryClient((client) => this.#follow(client));
  }

  /** The cache's account into the session's copy; a sign-out empties the cache (every read's). */
  #follow(client: QueryClient) {
    // No screen observes this query (they read the session's copy): kept until the session ends,
    // never collected as unused.
    client.setQueryDefaults(ACCOUNT_QUERY_KEY, { gcTime: Infinity });
    const stopMirror = client.getQueryCache().subscribe((event) => {
      if (event.query.queryHash !== JSON.stringify(ACCOUNT_QUERY_KEY)) return;
      const account = event.type === 'removed' ? null : ((event.query.state.data as Account | undefined) ?? null);
      if (account !== this.#session.get().account) this.#session.mirrorAccount(account);
    });
    const stopClear = this.#session.subscribe(() => {
      if (this.#session.get().accessToken === null) client.clear();
    });
    this.#stops.push(stopMirror, stopClear, this.#watch());
  }

  /**
   * Another tab (or device) may change the account: a tab coming back into view, or back online,
   * reads it again once it is ACCOUNT_STALE_MS old. Only a session that has read its account and is
   * not waiting for two-factor does.
   */
  #watch(): () => void {
    const module = loadedQuery();
    if (!module) return () => undefined;
    const signedIn = () => this.#session.get().accessToken !== null && !this.#session.get().pendingMfa;
    return module.observe<Account>(
      {
        queryKey: ACCOUNT_QUERY_KEY,
        queryFn: () => this.#read({ ignoreRedirect: false }),
        enabled: (query) => query.state.data !== undefined && signedIn(),
        staleTime: ACCOUNT_STALE_MS,
        retry: false,
        refetchOnMount: false,
      },
      () => undefined,
    );
  }

  /** Stops following the query cache and the session (a page has one cache for its life; tests end theirs). */
  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  /** Reads the account from the server (callers at the same time share one request) and keeps it. */
  async refresh({ ignoreRedirect = false } = {}): Promise<Account> {
    const client = await loadQueryClient();
    const queryFn = () => this.#read({ ignoreRedirect });
    return client.fetchQuery({ queryKey: ACCOUNT_QUERY_KEY, queryFn, staleTime: 0, retry: false });
  }

  /** Keeps the account a call answered with (a sign-in, a change of the profile). */
  set(account: Account): Promise<void> {
    return this.#apply((client) => client.setQueryData<Account>(ACCOUNT_QUERY_KEY, account));
  }

  /**
   * Changes the kept account (a part of it a call answered with). At once when the library has loaded
   * (every signed-in page), so what renders next has it.
   */
  update(change: (account: Account) => Account): Promise<void> {
    return this.#apply((client) =>
      client.setQueryData<Account>(ACCOUNT_QUERY_KEY, (account) => account && change(account)),
    );
  }

  #apply(apply: (client: QueryClient) => unknown): Promise<void> {
    const client = loadedQueryClient();
    if (client) {
      apply(client);
      return Promise.resolve();
    }
    return loadQueryClient().then((loaded) => void apply(loaded));
  }
}
