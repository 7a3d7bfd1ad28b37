// TanStack Query's provider for the screens that read with useQuery (not on the start-up path). The
// client is the page's one (query/query-client.ts): the screens and the signed-in account share its
// cache, and signing out empties it (lib/auth/account-cache.ts).
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query/query-client.ts';

export { queryClient };

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
