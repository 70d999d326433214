import { QueryClient } from '@tanstack/react-query';
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
  const result = render(
    <AppProvider queryClient={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...result, location: () => current };
}
