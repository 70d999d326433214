import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode } from 'react';

/**
 * The query client an {@link AppProvider} was given (tests pass a fresh one), read by the lazily
 * loaded provider of `./server-state.tsx`; null means the app's own client.
 */
export const QueryClientOverride = createContext<QueryClient | null>(null);

/** Props of {@link AppProvider}; tests pass a fresh query client. */
export interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/**
 * App-wide providers below the router. Deliberately almost empty, because everything here ships with
 * the calendar, the page a phone opens first:
 * - TanStack Query is provided around each page but the local ones (`localPages` in `./routes.tsx`)
 *   by `./server-state.tsx`, a lazily loaded chunk; the calendar computes in the browser and never
 *   loads it.
 * - antd-mobile needs no provider: its default locale is already zh-CN, and its React 19 renderer is
 *   registered by `src/lib/antd-mobile.ts`, which loads with the pages that use the kit.
 */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  return <QueryClientOverride value={queryClient ?? null}>{children}</QueryClientOverride>;
}
