import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, use } from 'react';
import { queryClient } from '@/lib/query';
import { QueryClientOverride } from './provider';

/**
 * TanStack Query for the pages that read server state: every route but `localPages` in `./routes.tsx`
 * renders inside it. This module is its own chunk, loaded in parallel with the first such page, so
 * the calendar route — which computes everything in the browser — never downloads the query library.
 * The client is the app's, or the one a test gave `AppProvider`.
 */
export default function ServerStateProvider({ children }: { children: ReactNode }) {
  const client = use(QueryClientOverride) ?? queryClient;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
