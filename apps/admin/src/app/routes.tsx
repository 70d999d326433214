/**
 * The console's route table (hash routes under /admin/). Pages load lazily, each in its own chunk;
 * every page but the login renders inside {@link ConsoleLayout}, which requires a login, and inside
 * {@link AreaPage}, which refuses an operator whose role may not use the page's area.
 */
import { Button, Result, Spin } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Link, type RouteObject, useRouteError } from 'react-router';
import { LoginPage } from '@/features/login/LoginPage';
import { AreaPage } from './AreaPage';
import { ConsoleLayout, HomeRedirect } from './ConsoleLayout';

/** A lazily loaded named export. */
function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const UsersPage = lazyNamed(() => import('@/features/users/UsersPage'), 'UsersPage');
const DashboardPage = lazyNamed(() => import('@/features/dashboard/DashboardPage'), 'DashboardPage');
const CataloguePage = lazyNamed(() => import('@/features/catalogue/CataloguePage'), 'CataloguePage');
const OrdersPage = lazyNamed(() => import('@/features/orders/OrdersPage'), 'OrdersPage');
const HolidaysPage = lazyNamed(() => import('@/features/holidays/HolidaysPage'), 'HolidaysPage');
const CoursesPage = lazyNamed(() => import('@/features/courses/CoursesPage'), 'CoursesPage');
const CoursePage = lazyNamed(() => import('@/features/courses/CoursePage'), 'CoursePage');
const ArticlesPage = lazyNamed(() => import('@/features/content/ArticlesPage'), 'ArticlesPage');
const ReadingsPage = lazyNamed(() => import('@/features/content/ReadingsPage'), 'ReadingsPage');
const MastersPage = lazyNamed(() => import('@/features/masters/MastersPage'), 'MastersPage');
const AuditPage = lazyNamed(() => import('@/features/audit/AuditPage'), 'AuditPage');
const OperatorsPage = lazyNamed(() => import('@/features/operators/OperatorsPage'), 'OperatorsPage');
const MePage = lazyNamed(() => import('@/features/me/MePage'), 'MePage');

function Loading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin tip="加载中…">
        <div style={{ height: 48 }} />
      </Spin>
    </div>
  );
}

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/** Shown when a page throws while rendering, or its code cannot be loaded (e.g. after a new deploy). */
function PageError() {
  const error = useRouteError();
  const chunkFailed = error instanceof TypeError && /import|module/i.test(error.message);
  return (
    <Result
      status="error"
      title={chunkFailed ? '页面加载失败' : '页面出错了'}
      subTitle={
        chunkFailed ? '后台可能刚刚更新，请刷新页面。' : '请刷新页面后再试；问题仍在时请联系技术人员。'
      }
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}

function NotFound() {
  return (
    <Result
      status="404"
      title="没有这个页面"
      extra={
        <Link to="/">
          <Button type="primary">回到首页</Button>
        </Link>
      }
    />
  );
}

/** Every route of the console. */
export const consoleRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, errorElement: <PageError /> },
  {
    path: '/',
    element: <ConsoleLayout />,
    errorElement: <PageError />,
    children: [
      { index: true, element: <HomeRedirect /> },
      {
        errorElement: <PageError />,
        children: [
          {
            path: 'users',
            element: (
              <AreaPage area="users">
                <Page>
                  <UsersPage />
                </Page>
              </AreaPage>
            ),
          },
          {
            path: 'dashboard',
            element: (
              <AreaPage area="dashboard">
                <Page>
                  <DashboardPage />
                </Page>
              </AreaPage>
            ),
          },
          {
            path: 'orders',
            element: (
              <AreaPage area="orders">
                <Page>
                  <OrdersPage />
                </Page>
              </AreaPage>
            ),
          },
          {
            path: 'readings',
            element: (
              <AreaPage area="content">
                <Page>
                  <ReadingsPage />
                </Page>
              </AreaPage>
            ),
          },
          {
            path: 'masters',
            element: (
              <AreaPage area="content">
                <Page>
                  <MastersPage />
                </Page>
              </AreaPage>
            ),
          },
          {
            path: 'content',
            element: (
              <AreaPage area="content">
                <Page>
                  <ArticlesPage />
                </Page>
              </AreaPage>
            ),
          },
          {
            path: 'courses',
            element: (
              <AreaPage area="courses">
                <Page>
                  <CoursesPage />
                </Page>
              </AreaPage>
            ),
          },
          {
            path: 'courses/:id',
            element: (
              <AreaPage area="courses">
                <Page>
                  <CoursePage />
                </Page>
              </AreaPage>
            ),
          },
          {
            path: 'catalogue',
            element: (
              <AreaPage area="catalogue">
                <Page>
                  <CataloguePage />
                </Page>
              </AreaPage>
            ),
          },
          {
            path: 'holidays',
            element: (
              <AreaPage area="holidays">
                <Page>
                  <HolidaysPage />
                </Page>
              </AreaPage>
            ),
          },
          {
            path: 'audit',
            element: (
              <AreaPage area="audit">
                <Page>
                  <AuditPage />
                </Page>
              </AreaPage>
            ),
          },
          {
            path: 'operators',
            element: (
              <AreaPage area="operators">
                <Page>
                  <OperatorsPage />
                </Page>
              </AreaPage>
            ),
          },
          {
            path: 'me',
            element: (
              <Page>
                <MePage />
              </Page>
            ),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
