import { type ComponentType, type ReactNode, useEffect, useLayoutEffect } from 'react';
import { HashRouter } from 'react-router';
import { BOOT_CLASS } from './first-view';
import { AppProvider } from './provider';
import { AppRoutes, prefetchServerPagesOnFirstTouch } from './routes';
import { UpdatePrompt } from './UpdatePrompt';

/** Props of {@link App}. */
export interface AppProps {
  /**
   * The router: hash routing in the browser; the server-side render (src/entry-server.tsx) passes a
   * memory router on the calendar's path, which renders the same markup the browser then takes over.
   */
  Router?: ComponentType<{ children?: ReactNode }>;
}

/**
 * The whole app under hash routing (`/xuanli/#/pages/...`). The declarative `HashRouter` is used
 * rather than a data router: server state lives in TanStack Query, so loaders are not needed, and it
 * keeps about 18 KB (gzip) of router code off the phone.
 */
export function App({ Router = HashRouter }: AppProps) {
  useEffect(prefetchServerPagesOnFirstTouch, []);
  // The first commit is on screen with the next paint: the boot skeleton (index.html) gives way to it.
  useLayoutEffect(() => document.documentElement.classList.remove(BOOT_CLASS), []);
  return (
    <AppProvider>
      <Router>
        <AppRoutes />
      </Router>
      <UpdatePrompt />
    </AppProvider>
  );
}
