import { screen, within } from '@testing-library/react';
import type { Dashboard } from '@xuanli/contracts/admin-shop';
import { describe, expect, it } from 'vitest';
import { callsTo, installFakeApi, okAnswer } from '@/testing/fake-api';
import { meAnswer, renderConsole } from '@/testing/render-console';

const FIGURES: Dashboard = {
  today: { paidOrders: 3, paidAmount: 22_000, refundedAmount: 2_000, revenue: 20_000, newUsers: 1 },
  month: { paidOrders: 41, paidAmount: 1_234_500, refundedAmount: 4_500, revenue: 1_230_000, newUsers: 87 },
  activeVips: 12,
  topCourses: [
    { courseId: 'liuyao', title: '六爻入门', count: 9 },
    { courseId: 'bazi', title: '八字基础', count: 4 },
  ],
  asOf: '2026-01-15T04:00:00.000Z',
};

describe('dashboard', () => {
  it.each(['admin', 'editor', 'support'] as const)(
    'is the home of %s, with the day’s and month’s figures in 元 and the top courses',
    async (role) => {
      const calls = installFakeApi((call) =>
        call.path === '/dashboard' ? okAnswer(FIGURES) : meAnswer(call, role),
      );
      renderConsole({ path: '/', role });
      const today = (await screen.findByText('今日营收')).closest('.ant-card') as HTMLElement;
      within(today).getByText('¥200.00');
      within(today).getByText('收款 ¥220.00，退款 ¥20.00');
      const month = screen.getByText('本月营收').closest('.ant-card') as HTMLElement;
      within(month).getByText('¥12300.00');
      const monthOrders = screen.getByText('本月支付订单').closest('.ant-card') as HTMLElement;
      within(monthOrders).getByText('41');
      const vips = screen.getByText('有效 VIP').closest('.ant-card') as HTMLElement;
      within(vips).getByText('12');
      const newUsers = screen.getByText('本月新用户').closest('.ant-card') as HTMLElement;
      within(newUsers).getByText('87');
      const first = screen.getByText('六爻入门').closest('tr') as HTMLElement;
      within(first).getByText('1');
      within(first).getByText('9');
      screen.getByText('数据时间 2026-01-15 12:00（北京时间）');
      expect(window.location.hash).toBe('#/dashboard');
      expect(callsTo(calls, 'GET', '/dashboard')).toHaveLength(1);
    },
  );
});
