import { type ComponentType, useMemo } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { PageBoundary } from '@/components/PageBoundary';
import { isTabPath, type PathName, paths, rootPath } from '@/config/paths';
import { lazyPage } from '@/lib/lazy-page';
import { PageLayout, RootLayout, TabLayout } from './layouts';
import { NotFoundPage } from './NotFoundPage';

const ComingSoonPage = lazyPage(() => import('@/features/coming-soon/ComingSoonPage'));

/**
 * The page component of every route. Pages load lazily, each in its own chunk. Routes whose feature
 * has not shipped show `ComingSoonPage`; a feature's issue points its route at its own page here.
 */
export const pages: Record<PathName, ComponentType> = {
  calendar: lazyPage(() => import('@/features/calendar/CalendarPage')),
  suan: ComingSoonPage,
  dingzhi: ComingSoonPage,
  ketang: ComingSoonPage,
  shop: ComingSoonPage,
  user: ComingSoonPage,
  almanacDay: lazyPage(() => import('@/features/almanac/AlmanacDayPage')),
  article: ComingSoonPage,
  label: ComingSoonPage,
  kejian: ComingSoonPage,
  courseSearch: ComingSoonPage,
  courseShow: ComingSoonPage,
  coursePlayer: ComingSoonPage,
  fengshui: ComingSoonPage,
  login: ComingSoonPage,
  profile: ComingSoonPage,
  setting: ComingSoonPage,
  myclass: ComingSoonPage,
  theme: ComingSoonPage,
  fuli: ComingSoonPage,
  webview: lazyPage(() => import('@/features/webview/WebviewPage')),
};

/** A lazy page inside its loading/error boundary; the key resets a failed boundary on navigation. */
function RoutePage({ page: Page }: { page: ComponentType }) {
  const { pathname } = useLocation();
  return (
    <PageBoundary key={pathname}>
      <Page />
    </PageBoundary>
  );
}

/**
 * The route tree: `/` redirects to the calendar tab, the six tab pages share the tab-bar layout,
 * every other page of SPEC §2 stands alone, and unknown addresses get a not-found page. Tests pass
 * their own `table` to swap pages out.
 */
export function createRoutes(table: Record<PathName, ComponentType> = pages): RouteObject[] {
  const entries = Object.entries(paths) as [PathName, (typeof paths)[PathName]][];
  const toRoute = ([name, { path }]: [PathName, { path: string }]): RouteObject => ({
    path,
    element: <RoutePage page={table[name]} />,
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
