// Whether the query library has loaded, and the client when it has (see load.ts). The query module
// registers itself here when it runs, however it was imported.
import type { QueryClient } from '@tanstack/react-query';
import type { observe } from './query-client.ts';

export interface QueryModule {
  queryClient: QueryClient;
  observe: typeof observe;
}

let loaded: QueryModule | null = null;
const listeners = new Set<(client: QueryClient) => void>();

/** Called by the query module when it has loaded. */
export function queryLoaded(module: QueryModule): void {
  loaded = module;
  for (const listener of listeners) listener(module.queryClient);
  listeners.clear();
}

/** The query module when it has loaded already. */
export function loadedQuery(): QueryModule | null {
  return loaded;
}

/** The query client when it has loaded already (a synchronous read for a screen's first render). */
export function loadedQueryClient(): QueryClient | null {
  return loaded?.queryClient ?? null;
}

/** Runs `listener` with the client once it has loaded (at once when it has). */
export function onQueryClient(listener: (client: QueryClient) => void): void {
  if (loaded) listener(loaded.queryClient);
  else listeners.add(listener);
}
