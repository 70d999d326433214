/**
 * The frame of every page after login: ProLayout's side menu with the pages the operator's role may
 * open (console-pages.ts), the operator's name and role with 退出登录 in the header. Without a login
 * it sends the browser to the login page, remembering where it was going.
 */
import {
  AuditOutlined,
  BookOutlined,
  CalendarOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  LogoutOutlined,
  PlayCircleOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ProLayout } from '@ant-design/pro-components';
import { ADMIN_ROLE_LABELS } from '@xuanli/contracts/admin-labels';
import { Dropdown, Tag } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { logout as endLoginOnServer, getMe } from '@/api/me';
import { UnsavedChangesProvider } from '@/components/UnsavedChanges';
import { type ConsolePage, homePathFor, pagesFor } from '@/lib/console-pages';
import {
  endSession,
  lastEndReason,
  type OperatorSession,
  updateOperator,
  useOperatorSession,
} from '@/lib/session';

const ICONS: Record<ConsolePage['key'], ReactNode> = {
  dashboard: <DashboardOutlined />,
  orders: <ShoppingCartOutlined />,
  catalogue: <ShopOutlined />,
  users: <TeamOutlined />,
  holidays: <CalendarOutlined />,
  content: <FileTextOutlined />,
  readings: <BookOutlined />,
  masters: <CustomerServiceOutlined />,
  courses: <PlayCircleOutlined />,
  audit: <AuditOutlined />,
  operators: <SafetyCertificateOutlined />,
  me: <UserOutlined />,
};

/** The console's mark: the app's character on its brand colour (no image to fetch). */
function Logo() {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        width: 28,
        height: 28,
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: 6,
        background: '#672f0d',
        color: '#fff',
        fontWeight: 600,
      }}
    >
      玄
    </span>
  );
}

/** The layout route: the login page without a login, else the frame around the current page. */
export function ConsoleLayout() {
  const session = useOperatorSession();
  const location = useLocation();
  if (!session) {
    // After a logout the next login starts on the role's first page, not where the last one ended.
    const back = location.pathname !== '/' && lastEndReason() !== 'logout';
    const from = back ? `?from=${encodeURIComponent(location.pathname)}` : '';
    return <Navigate to={`/login${from}`} replace />;
  }
  return <SignedInLayout session={session} />;
}

/** `/`: the first page the operator's role may open. */
export function HomeRedirect() {
  const session = useOperatorSession();
  return session ? <Navigate to={homePathFor(session.operator.role)} replace /> : null;
}

function SignedInLayout({ session }: { session: OperatorSession }) {
  const { operator } = session;
  const location = useLocation();

  // The stored operator may be stale (role changed, account disabled since login): ask the server
  // once per visit. A 401 ends the login (src/lib/api.ts) and this layout then shows the login page.
  useEffect(() => {
    getMe().then(
      (me) => updateOperator(me.operator, me.expiresAt),
      () => {},
    );
  }, []);

  const logout = async () => {
    // The login ends here whatever the server answers; its session is ended on the server when it can.
    await endLoginOnServer().catch(() => {});
    // The layout then shows the login page.
    endSession('logout');
  };

  const menu = pagesFor(operator.role).map((page) => ({
    path: page.path,
    name: page.name,
    icon: ICONS[page.key],
  }));

  return (
    <ProLayout
      title="玄历后台"
      logo={<Logo />}
      layout="side"
      fixSiderbar
      route={{ path: '/', routes: menu }}
      location={{ pathname: location.pathname }}
      menuItemRender={(item, dom) => <Link to={item.path ?? '/'}>{dom}</Link>}
      avatarProps={{
        icon: <UserOutlined />,
        size: 'small',
        title: operator.displayName || operator.username,
        render: (_props, dom) => (
          <Dropdown
            menu={{
              items: [
                { key: 'me', icon: <UserOutlined />, label: <Link to="/me">我的账号</Link> },
                { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: () => void logout() },
              ],
            }}
          >
            {dom}
          </Dropdown>
        ),
      }}
      actionsRender={() => [<Tag key="role">{ADMIN_ROLE_LABELS[operator.role]}</Tag>]}
    >
      <UnsavedChangesProvider>
        <Outlet />
      </UnsavedChangesProvider>
    </ProLayout>
  );
}
