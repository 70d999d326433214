import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { AppProvider } from '@/app/provider';

/**
 * Renders `ui` inside the app's providers and a memory router opened at `path`. `location()` reads
 * where the router is afterwards, so tests can check navigation without a browser.
 */
export function renderWithRouter(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  let current: Location | undefined;
  function LocationProbe() {
    current = useLocation();
    return null;
  }
  // The app provides TanStack Query per route (src/app/server-state.tsx); a page rendered here
  // directly gets the same fresh client from this provider.
  const queryClient = new QueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </AppProvider>
    </QueryClientProvider>,
  );
  return { ...result, location: () => current };
}
