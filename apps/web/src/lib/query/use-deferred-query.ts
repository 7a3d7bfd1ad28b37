// useQuery for the screens on the start-up path (sign-in, sign-up, recovery and the game flows'
// screens): the same query client and cache, but the library loads when the first read starts rather
// than with the page (lib/query/load.ts). Inside QueryProvider, screens use useQuery itself.
import { useEffect, useState } from 'react';
import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { loadedQueryClient, loadQuery } from './load.ts';

export interface DeferredQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: QueryFunction<T, QueryKey>;
  enabled?: boolean;
  retry?: boolean | number;
  staleTime?: number;
  gcTime?: number;
}

export interface DeferredQueryResult<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  error: Error | null;
}

const PENDING: DeferredQueryResult<never> = { status: 'pending', data: undefined, error: null };

function cached<T>(queryKey: QueryKey): DeferredQueryResult<T> {
  const data = loadedQueryClient()?.getQueryData<T>(queryKey);
  return data === undefined ? PENDING : { status: 'success', data, error: null };
}

export function useDeferredQuery<T>(options: DeferredQueryOptions<T>): DeferredQueryResult<T> {
  const key = JSON.stringify(options.queryKey);
  const enabled = options.enabled ?? true;
  const [result, setResult] = useState<{ key: string; value: DeferredQueryResult<T> }>(() => ({
    key,
    value: cached<T>(options.queryKey),
  }));
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let stop = () => undefined as unknown;
    void loadQuery().then(({ observe }) => {
      if (!live) return;
      stop = observe<T>({ ...options, enabled: true }, ({ status, data, error }) => {
        if (live) setResult({ key, value: { status, data, error } });
      });
    });
    return () => {
      live = false;
      stop();
    };
    // The query is the key's: a new queryFn for the same key reads the same thing.
  }, [key, enabled]);
  if (!enabled) return PENDING;
  // The key changed and its first answer is not in yet: what the cache holds for it, else pending.
  return result.key === key ? result.value : cached<T>(options.queryKey);
}
