import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { renderPage, resetSession } from '@/testing/app-harness';
import MemberPages from './member-pages';

afterEach(() => resetSession());

describe('MemberPages (the user centre and the order pages in one chunk)', () => {
  it('shows an order page at an order path and a user-centre page elsewhere', () => {
    const orders = renderPage(<MemberPages />, { path: paths.orders.path });
    expect(screen.getByText('登录后才能查看我的订单')).toBeTruthy();
    orders.unmount();
    renderPage(<MemberPages />, { path: paths.login.path });
    expect(screen.getByRole('heading', { name: '欢迎来到中华玄历' })).toBeTruthy();
  });

  it('shows 我的提醒 and 日历订阅 at their paths', () => {
    const reminders = renderPage(<MemberPages />, { path: paths.reminders.path });
    expect(screen.getByText('登录后才能设置我的提醒')).toBeTruthy();
    reminders.unmount();
    renderPage(<MemberPages />, { path: paths.subscribe.path });
    expect(screen.getByText('登录后才能订阅日历')).toBeTruthy();
  });
});
