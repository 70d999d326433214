import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { tabBar } from '@/config/theme';
import { TabBar } from './TabBar';

function renderTabBarAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <TabBar /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('TabBar', () => {
  it('renders the six tabs of PRODUCT.md#screens in order with their Chinese labels and routes', () => {
    renderTabBarAt(paths.calendar.path);
    const links = within(screen.getByRole('navigation', { name: '主导航' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['日历', '排盘', '定制', '课堂', '商城', '我的']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/pages/index/index',
      '/pages/suan/index',
      '/pages/dingzhi/index',
      '/pages/ketang/index',
      '/pages/index/shop',
      '/pages/user/index',
    ]);
  });

  it('colours the current tab #aa0000 and the others #999999, with token-sized icons and labels', () => {
    renderTabBarAt(paths.ketang.path);
    const links = screen.getAllByRole('link');
    const selected = screen.getByRole('link', { current: 'page' });
    expect(selected.textContent).toBe('课堂');
    for (const link of links) {
      expect(link.style.color).toBe(link === selected ? 'rgb(170, 0, 0)' : 'rgb(153, 153, 153)');
      const [icon, label] = Array.from(link.children) as HTMLElement[];
      // 24 px and 10 px through the --xl-tabbar-icon and --xl-tabbar-font tokens (global.css, equal to
      // config/theme.ts by lib/theme.test.ts), so 长辈模式 can enlarge them.
      expect(icon.style.fontSize).toBe('');
      expect(label.style.fontSize).toBe('');
      expect(tabBar.iconSize).toBe(24);
      expect(tabBar.fontSize).toBe(10);
    }
  });

  it('marks no tab as current on a page off the tab bar', () => {
    renderTabBarAt(paths.almanacDay.path);
    expect(screen.queryByRole('link', { current: 'page' })).toBeNull();
  });
});
