// The page's one TanStack Query client. This module (and the library) loads with the first server
// read a page makes or the first screen that reads with useQuery, never on the signed-out /sign-in's
// first load (lib/query/load.ts).
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { QueryKey, QueryObserverOptions, QueryObserverResult } from '@tanstack/react-query';
import { queryLoaded } from './registry.ts';

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 60_000 } } });
// Mounted for the page's life, not only while a QueryProvider is: reads outside one (the account, the
// start-up path's) are refreshed too when the tab comes back into view or online.
queryClient.mount();

/** Follows one query of the client (what useQuery does, for the screens outside QueryProvider). */
export function observe<T>(
  options: QueryObserverOptions<T, Error, T, T, QueryKey>,
  onResult: (result: QueryObserverResult<T>) => void,
): () => void {
  const observer = new QueryObserver(queryClient, options);
  onResult(observer.getCurrentResult());
  return observer.subscribe(onResult);
}

queryLoaded({ queryClient, observe });
