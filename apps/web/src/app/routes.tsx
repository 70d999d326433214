import { type ComponentType, lazy, useMemo } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { PageBoundary } from '@/components/PageBoundary';
import { isTabPath, type PathName, paths, rootPath } from '@/config/paths';
import { pageLoad } from '@/config/theme';
import { type LazyPage, lazyPage, withTimeout } from '@/lib/lazy-page';
import { PageLayout, RootLayout, TabLayout } from './layouts';
import { NotFoundPage } from './NotFoundPage';

const ComingSoonPage = lazyPage(() => import('@/features/coming-soon/ComingSoonPage'));

/** The user-centre pages (pages/user/*) and the order pages share one chunk; see `./member-pages`. */
const UserCentre = lazyPage(() => import('./member-pages'));

/** The shop's tab, product and cart pages share one chunk; see `ShopPages`. */
const ShopPages = lazyPage(() => import('@/features/shop/ShopPages'));

/** Checkout, the cashier, my orders, an order and the address book: in the user centre's chunk. */
const OrderCentre = UserCentre;

/**
 * TanStack Query's provider, a chunk of its own (`./server-state.tsx`): it loads with the first page
 * that reads server state, never on the calendar route.
 */
const ServerStateProvider = lazy(() => withTimeout(import('./server-state'), pageLoad.timeout));

/**
 * The pages that compute everything in the browser with the engine and read no server state. They
 * render without TanStack Query, so opening the app on the calendar does not download it; every other
 * page renders inside `ServerStateProvider` and may use `useQuery` (see `src/lib/query.ts`).
 */
export const localPages: ReadonlySet<PathName> = new Set<PathName>(['calendar', 'almanacDay']);

/**
 * The page component of every route. Pages load lazily, each in its own chunk. Routes whose feature
 * has not shipped show `ComingSoonPage`; a feature's issue points its route at its own page here.
 */
export const pages: Record<PathName, ComponentType> = {
  calendar: lazyPage(() => import('@/features/calendar/CalendarPage')),
  suan: lazyPage(() => import('@/features/bazi/BaziPage')),
  dingzhi: lazyPage(() => import('@/features/dingzhi/DingzhiPage')),
  ketang: ComingSoonPage,
  shop: ShopPages,
  user: UserCentre,
  almanacDay: lazyPage(() => import('@/features/almanac/AlmanacDayPage')),
  article: lazyPage(() => import('@/features/article/ArticlePage')),
  label: lazyPage(() => import('@/features/article/LabelPage')),
  kejian: ComingSoonPage,
  courseSearch: ComingSoonPage,
  courseShow: ComingSoonPage,
  coursePlayer: ComingSoonPage,
  fengshui: ComingSoonPage,
  login: UserCentre,
  profile: UserCentre,
  setting: UserCentre,
  myclass: UserCentre,
  theme: UserCentre,
  fuli: UserCentre,
  feedback: UserCentre,
  password: UserCentre,
  webview: lazyPage(() => import('@/features/webview/WebviewPage')),
  product: ShopPages,
  cart: ShopPages,
  checkout: OrderCentre,
  pay: OrderCentre,
  orders: OrderCentre,
  order: OrderCentre,
  address: OrderCentre,
  addressEdit: OrderCentre,
};

/**
 * A lazy page inside its loading/error boundary (the key resets a failed boundary on navigation) and,
 * unless it is one of the {@link localPages}, inside the lazily loaded TanStack Query provider.
 */
function RoutePage({ page: Page, serverState }: { page: ComponentType; serverState: boolean }) {
  const { pathname } = useLocation();
  // The page's code would otherwise start loading only once the provider's chunk has arrived:
  // fetch both at once (idempotent, like react-dom's preload()).
  if (serverState && 'preload' in Page) (Page as LazyPage).preload();
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
 * every other page of SPEC §2 stands alone, and unknown addresses get a not-found page. Tests pass
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
