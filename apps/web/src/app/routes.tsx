import { type ComponentType, lazy, useMemo } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { PageBoundary } from '@/components/PageBoundary';
import { isTabPath, type PathName, paths, rootPath } from '@/config/paths';
import { pageLoad } from '@/config/theme';
import { type LazyPage, lazyPage, withTimeout } from '@/lib/lazy-page';
import { PageLayout, RootLayout, TabLayout } from './layouts';
import { NotFoundPage } from './NotFoundPage';

/**
 * The table of the pages that read server state, and their code (`./server-pages.tsx`): a small chunk
 * that loads with the first such page, or at the first touch on the calendar.
 */
const loadServerPages = () => import('./server-pages');
const ServerPages = lazyPage(loadServerPages);

/**
 * TanStack Query's provider, a chunk of its own (`./server-state.tsx`): it loads with the first page
 * that reads server state, never on the calendar route.
 */
const ServerStateProvider = lazy(() => withTimeout(import('./server-state'), pageLoad.timeout));

/** The pages that compute everything in the browser with the engine and read no server state. */
const LOCAL_PAGES: Partial<Record<PathName, ComponentType>> = {
  calendar: lazyPage(() => import('@/features/calendar/CalendarPage')),
  almanacDay: lazyPage(() => import('@/features/almanac/AlmanacDayPage')),
};

/**
 * The local pages render without TanStack Query, so opening the app on the calendar does not
 * download it; every other page renders inside `ServerStateProvider` and may use `useQuery` (see
 * `src/lib/query.ts`).
 */
export const localPages: ReadonlySet<PathName> = new Set(Object.keys(LOCAL_PAGES) as PathName[]);

/** The page component of every route: a local page, or the one of `./server-pages.tsx`. */
export const pages = Object.fromEntries(
  (Object.keys(paths) as PathName[]).map((name) => [name, LOCAL_PAGES[name] ?? ServerPages]),
) as Record<PathName, ComponentType>;

/**
 * Starts loading the server pages' table at the reader's first touch or click anywhere, so that the
 * tap that leaves the calendar finds the table (mostly) there and fetches the page's code at once.
 * Not on idle: whatever the calendar route downloads untouched counts against its byte budget, and a
 * reader who only looks at today's date needs none of it. Answers the clean-up.
 */
export function prefetchServerPagesOnFirstTouch(): () => void {
  const load = () => void ServerPages.preload().catch(() => {});
  window.addEventListener('pointerdown', load, { once: true, passive: true });
  return () => window.removeEventListener('pointerdown', load);
}

/**
 * A lazy page inside its loading/error boundary (the key resets a failed boundary on navigation) and,
 * unless it is one of the {@link localPages}, inside the lazily loaded TanStack Query provider.
 */
function RoutePage({ page: Page, serverState }: { page: ComponentType; serverState: boolean }) {
  const { pathname } = useLocation();
  // The page's code would otherwise start loading only once the provider's chunk has arrived:
  // fetch both at once (idempotent, like react-dom's preload()).
  if (serverState && Page === ServerPages) {
    void loadServerPages().then(
      (table) => table.preloadServerPage(pathname),
      () => {},
    );
  } else if (serverState && 'preload' in Page) (Page as LazyPage).preload();
  return (
    <PageBoundary key={pathname}>
      {serverState ? (
        <ServerStateProvider>
          <Page />
        </ServerStateProvider>
      ) : (
        <Page />
      )}
    </PageBoundary>
  );
}

/**
 * The route tree: `/` redirects to the calendar tab, the six tab pages share the tab-bar layout,
 * every other page of PRODUCT.md#screens stands alone, and unknown addresses get a not-found page. Tests pass
 * their own `table` to swap pages out.
 */
function createRoutes(table: Record<PathName, ComponentType> = pages): RouteObject[] {
  const entries = Object.entries(paths) as [PathName, (typeof paths)[PathName]][];
  const toRoute = ([name, { path }]: [PathName, { path: string }]): RouteObject => ({
    path,
    element: <RoutePage page={table[name]} serverState={!localPages.has(name)} />,
  });
  return [
    {
      element: <RootLayout />,
      children: [
        { index: true, element: <Navigate to={rootPath.path} replace /> },
        { element: <TabLayout />, children: entries.filter(([, p]) => isTabPath(p.path)).map(toRoute) },
        {
          element: <PageLayout />,
          children: [
            ...entries.filter(([, p]) => !isTabPath(p.path)).map(toRoute),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

/** Renders the route tree for the current location; tests pass their own page `table`. */
export function AppRoutes({ table = pages }: { table?: Record<PathName, ComponentType> }) {
  const routes = useMemo(() => createRoutes(table), [table]);
  return useRoutes(routes);
}
