// Every server read of the web goes through TanStack Query (ADR 031). The library is 9.7 KB brotli,
// more than /sign-in's budget has left, and the signed-out /sign-in reads nothing from the server: so
// it loads with the first read a page makes (the stored session's account at start-up, a game's
// config, a signed-in page), and a read before then waits for it.
import type { QueryClient } from '@tanstack/react-query';
import { loadedQuery } from './registry.ts';
import type { QueryModule } from './registry.ts';

export { loadedQueryClient, onQueryClient } from './registry.ts';

/** The query module, loading the library the first time it is asked for. */
export async function loadQuery(): Promise<QueryModule> {
  return loadedQuery() ?? (await import('./query-client.ts'));
}

/** The query client, loading the library the first time it is asked for. */
export async function loadQueryClient(): Promise<QueryClient> {
  return (await loadQuery()).queryClient;
}
