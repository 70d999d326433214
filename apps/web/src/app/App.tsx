import { useEffect } from 'react';
import { HashRouter } from 'react-router';
import { AppProvider } from './provider';
import { AppRoutes, prefetchServerPagesOnFirstTouch } from './routes';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * The whole app under hash routing (`/xuanli/#/pages/...`). The declarative `HashRouter` is used
 * rather than a data router: server state lives in TanStack Query, so loaders are not needed, and it
 * keeps about 18 KB (gzip) of router code off the phone.
 */
export function App() {
  useEffect(prefetchServerPagesOnFirstTouch, []);
  return (
    <AppProvider>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
      <UpdatePrompt />
    </AppProvider>
  );
}
