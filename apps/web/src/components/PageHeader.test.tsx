import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { HeaderButton, PageHeader } from './PageHeader';

function renderAt(path: string, header: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: header }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('PageHeader', () => {
  it("defaults its title to the route's Chinese title and shows no back arrow", () => {
    renderAt('/pages/index/day', <PageHeader />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('老黄历');
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
  });

  it('goes to the root on back when the page was opened directly', async () => {
    const router = renderAt('/pages/index/day', <PageHeader back />);
    await userEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(router.state.location.pathname).toBe('/pages/index/index');
  });

  it('uses a given title, back handler and right slot', async () => {
    const onBack = vi.fn();
    renderAt(
      '/pages/ketang/search',
      <PageHeader title="课程" back onBack={onBack} right={<HeaderButton>我的</HeaderButton>} />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('课程');
    await userEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: '我的' })).toBeTruthy();
  });
});
