// TanStack Query, loaded only by the screens that fetch with it (not on the start-up path). One
// client for the whole page, so screens share their cache; signing out empties it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useServices } from './services.tsx';

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 60_000 } } });

export function QueryProvider({ children }: { children: ReactNode }) {
  const { session } = useServices();
  useEffect(
    () =>
      session.subscribe(() => {
        if (session.get().accessToken === null) queryClient.clear();
      }),
    [session],
  );
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
