import { useQueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageHeader } from '@/components/PageHeader';
import { lazyPage } from '@/lib/lazy-page';
import { renderPage } from '@/testing/app-harness';
import { AppProvider } from './provider';
import { AppRoutes, localPages, pages } from './routes';

/** Stand-ins for the calendar feature's pages, so these tests do not depend on the engine. */
const StubCalendarPage = () => <PageHeader />;
const StubAlmanacDayPage = () => <PageHeader back />;
const table = { ...pages, calendar: StubCalendarPage, almanacDay: StubAlmanacDayPage };

function renderAppAt(path: string) {
  return renderPage(<AppRoutes table={table} />, { path });
}

/** Every route of PRODUCT.md#screens with its Chinese title, written out rather than read from paths.ts. */
const expectedTitles: [string, string][] = [
  ['/pages/index/index', '中华玄历'],
  ['/pages/suan/index', '排盘'],
  ['/pages/dingzhi/index', '私人定制'],
  ['/pages/ketang/index', '在线课堂'],
  ['/pages/index/shop', '官方商城'],
  ['/pages/user/index', '用户中心'],
  ['/pages/index/day', '老黄历'],
  ['/pages/index/article', '文章'],
  ['/pages/index/label', '标签'],
  ['/pages/ketang/kejian', '免费课件'],
  ['/pages/ketang/search', '课程列表'],
  ['/pages/ketang/show', '课程详情'],
  ['/pages/ketang/player', '课程播放'],
  ['/pages/ketang/fengshui', '风水医院'],
  ['/pages/user/login', '用户登录'],
  ['/pages/user/profile', '个人资料'],
  ['/pages/user/setting', '系统设置'],
  ['/pages/user/myclass', '我的课程'],
  ['/pages/user/theme', '主题设置'],
  ['/pages/user/fuli', 'VIP福利'],
];

const tabPaths = new Set(expectedTitles.slice(0, 6).map(([path]) => path));

describe('routes', () => {
  it.each(expectedTitles)(
    'renders %s with the title %s',
    async (path, title) => {
      renderAppAt(path);
      // The first render of a real page (排盘) waits for its code, which Vitest transforms on demand:
      // more than findBy's default second on a busy machine.
      expect((await screen.findByRole('heading', { level: 1 }, { timeout: 8_000 })).textContent).toBe(title);
      expect(document.title).toBe(title === '中华玄历' ? '中华玄历' : `${title} · 中华玄历`);
      // Tab pages show the tab bar and no back arrow; the other pages the other way round.
      const isTab = tabPaths.has(path);
      expect(screen.queryByRole('navigation', { name: '主导航' }) !== null).toBe(isTab);
      expect(screen.queryByRole('button', { name: '返回' }) !== null).toBe(!isTab);
    },
    15_000,
  );

  it('opens the calendar tab for the entry route /', async () => {
    const app = renderAppAt('/');
    await waitFor(() => expect(app.location()?.pathname).toBe('/pages/index/index'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('中华玄历');
  });

  it('shows the url of the webview page in an iframe, with its host as the title', async () => {
    renderAppAt(`/pages/webview/index?url=${encodeURIComponent('https://example.com/a')}`);
    const frame = await screen.findByTitle('example.com');
    expect(frame.getAttribute('src')).toBe('https://example.com/a');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('example.com');
  });

  it('refuses a webview url that is not http(s)', async () => {
    renderAppAt(`/pages/webview/index?url=${encodeURIComponent('javascript:alert(1)')}`);
    expect(await screen.findByText('网址无效，无法打开此页面。')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('shows a not-found page for an unknown address', async () => {
    renderAppAt('/pages/nothing/here');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('页面不存在');
  });

  it('gives every page but the local ones (calendar, 老黄历) TanStack Query', async () => {
    function QueryProbe() {
      let client: unknown = null;
      try {
        client = useQueryClient();
      } catch {
        // No provider above this page.
      }
      return <p>{client ? '有查询缓存' : '无查询缓存'}</p>;
    }
    const probes = { ...table, calendar: QueryProbe, almanacDay: QueryProbe, suan: QueryProbe };
    const at = (path: string) =>
      render(
        <AppProvider>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes table={probes} />
          </MemoryRouter>
        </AppProvider>,
      );
    expect([...localPages].sort()).toEqual(['almanacDay', 'calendar']);
    at('/pages/index/index');
    expect(await screen.findByText('无查询缓存')).toBeTruthy();
    at('/pages/suan/index');
    expect(await screen.findByText('有查询缓存')).toBeTruthy();
  });

  it('lets a lazily loaded page other than the calendar show an antd-mobile toast', async () => {
    // As in the app: the feedback helpers (and with them antd-mobile and its React 19 renderer) load
    // with the page's own code; nothing in this file or the shell has loaded them before.
    const SettingsStub = lazyPage(async () => {
      const { toast } = await import('@/lib/feedback');
      return {
        default: () => (
          <>
            <PageHeader back />
            <button type="button" onClick={() => toast('已保存')}>
              保存
            </button>
          </>
        ),
      };
    });
    renderPage(<AppRoutes table={{ ...table, setting: SettingsStub }} />, {
      path: '/pages/user/setting',
    });
    // The first import of the whole kit takes a few seconds under Vitest (no pre-bundling).
    fireEvent.click(await screen.findByRole('button', { name: '保存' }, { timeout: 15_000 }));
    expect(await screen.findByText('已保存')).toBeTruthy();
    const { Toast } = await import('@/lib/antd-mobile');
    await act(async () => Toast.clear());
  }, 20_000);
});
