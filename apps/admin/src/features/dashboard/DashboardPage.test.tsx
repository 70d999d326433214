import { screen, waitFor, within } from '@testing-library/react';
import type {
  DashboardDay,
  DashboardTrends,
  ExpiringVips,
  SetupChecklist,
} from '@xuanli/contracts/admin-dashboard';
import type { AdminRole } from '@xuanli/contracts/admin-labels';
import type { Dashboard } from '@xuanli/contracts/admin-shop';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, callsTo, failureAnswer, installFakeApi, okAnswer } from '@/testing/fake-api';
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

/** 30 Beijing days to 2026-01-15: day i has i orders of 100 元, one refund of 20 元 on the 15th. */
function trendDays(): DashboardDay[] {
  return Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2025, 11, 17 + i)).toISOString().slice(0, 10);
    const refundedAmount = date === '2026-01-15' ? 2_000 : 0;
    return {
      date,
      paidOrders: i,
      paidAmount: i * 10_000,
      refundedAmount,
      revenue: i * 10_000 - refundedAmount,
      newUsers: i % 3,
    };
  });
}

const TRENDS: DashboardTrends = { days: trendDays(), asOf: '2026-01-15T04:00:00.000Z' };

const VIPS: ExpiringVips = {
  count: 2,
  list: [
    { userId: 8, phone: '138****0001', nickname: '老张', vipExpire: '2026-01-16T02:00:00.000Z' },
    { userId: 9, phone: '139****0002', nickname: '李阿姨', vipExpire: '2026-01-21T16:00:00.000Z' },
  ],
  asOf: '2026-01-15T04:00:00.000Z',
};

const SETUP: SetupChecklist = {
  items: [
    { item: 'customerService', state: 'set', note: '客服微信 xuanli_kefu' },
    { item: 'payment', state: 'demo', note: '只有模拟支付（沙箱），用户无法真实付款' },
    { item: 'sms', state: 'demo', note: '验证码只写入服务器的 outbox 文件，不会发到用户手机' },
    { item: 'agreements', state: 'demo', note: '《玄历隐私政策》仍是示例文本' },
    { item: 'masters', state: 'set', note: '3 位大师的资料已修改' },
  ],
};

function fakeDashboardApi(role: AdminRole, extra: (call: ApiCall) => Response | undefined = () => undefined) {
  return installFakeApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === '/dashboard') return okAnswer(FIGURES);
    if (call.path === '/dashboard/trends') return okAnswer(TRENDS);
    if (call.path === '/dashboard/expiring-vips') return okAnswer(VIPS);
    if (call.path === '/dashboard/setup') return okAnswer(SETUP);
    return meAnswer(call, role);
  });
}

/** The chart figure named `title`, once its SVG has drawn its axes. */
async function chart(title: string): Promise<HTMLElement> {
  const figure = await screen.findByRole('figure', { name: title });
  await waitFor(() => expect(figure.querySelectorAll('svg text').length).toBeGreaterThan(5));
  return figure;
}

/** The texts drawn in a chart's SVG. */
const drawnTexts = (figure: HTMLElement) =>
  [...figure.querySelectorAll('svg text')].map((t) => t.textContent);

describe('dashboard', () => {
  // The page's chunk carries the chart library: load it once before the first test's clock starts.
  beforeAll(() => import('./DashboardPage'), 120_000);

  it.each(['admin', 'editor', 'support'] as const)(
    'is the home of %s, with the day’s and month’s figures in 元 and the top courses',
    async (role) => {
      const calls = fakeDashboardApi(role);
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

  it('draws the last 30 Beijing days as charts with their totals', { timeout: 60_000 }, async () => {
    fakeDashboardApi('editor');
    renderConsole({ path: '/dashboard', role: 'editor' });
    await screen.findByText('2025-12-17 至 2026-01-15（北京时间）');
    const revenue = await chart('每日营收');
    // 0 + 1 + … + 29 orders of 100 元, less the 20 元 refunded: ¥43,480.00.
    within(revenue).getByText('每日营收 · 30 天合计 ¥43480.00');
    // The day axis starts on the first day and its labels are the days (MM-DD).
    expect(drawnTexts(revenue)).toContain('12-17');
    expect(drawnTexts(revenue).every((text) => !/^\d{4}-/.test(text ?? ''))).toBe(true);
    // Thirty bars, one per day.
    await waitFor(() =>
      expect(revenue.querySelectorAll('svg path.element[fill="rgba(103,47,13,1)"]').length).toBe(30),
    );
    const orders = await chart('每日支付订单');
    within(orders).getByText('每日支付订单 · 30 天合计 435 单');
    const joined = await chart('每日新用户');
    within(joined).getByText('每日新用户 · 30 天合计 30 人');
  });

  it('lists the VIPs about to lapse to support, masked, with when each ends', async () => {
    const calls = fakeDashboardApi('support');
    renderConsole({ path: '/dashboard', role: 'support' });
    const card = (await screen.findByText('7 天内到期的 VIP（2 人）')).closest('.ant-card') as HTMLElement;
    const first = (await within(card).findByText('138****0001')).closest('tr') as HTMLElement;
    within(first).getByText('老张');
    within(first).getByText('2026-01-16 10:00');
    within(card).getByText('2026-01-22 00:00');
    expect(screen.queryByText('开店清单')).toBeNull();
    expect(callsTo(calls, 'GET', '/dashboard/setup')).toHaveLength(0);
  });

  it('shows an editor neither the VIP list nor the 开店清单, and asks the API for neither', async () => {
    const calls = fakeDashboardApi('editor');
    renderConsole({ path: '/dashboard', role: 'editor' });
    await screen.findByText('今日营收');
    await screen.findByRole('figure', { name: '每日营收' });
    expect(screen.queryByText(/天内到期的 VIP/)).toBeNull();
    expect(screen.queryByText('开店清单')).toBeNull();
    expect(callsTo(calls, 'GET', '/dashboard/expiring-vips')).toHaveLength(0);
    expect(callsTo(calls, 'GET', '/dashboard/setup')).toHaveLength(0);
  });

  it('gives an admin the 开店清单: each item 示例 or 已设置 with where it is set', async () => {
    fakeDashboardApi('admin');
    const { user } = renderConsole({ path: '/dashboard', role: 'admin' });
    const card = (await screen.findByText('开店清单')).closest('.ant-card') as HTMLElement;
    await within(card).findByText('2 / 5 项已设置');
    const item = (label: string) => within(card).getByText(label).closest('.ant-list-item') as HTMLElement;
    within(item('客服微信')).getByText('已设置');
    within(item('客服微信')).getByText('客服微信 xuanli_kefu');
    within(item('支付渠道')).getByText('示例');
    within(item('支付渠道')).getByText("The shop's payments and the operators' commands");
    within(item('短信')).getByText('示例');
    within(item('短信')).getByText('Login codes by SMS');
    within(item('公司信息与协议')).getByText('《玄历隐私政策》仍是示例文本');
    within(item('大师资料')).getByText('已设置');
    await user.click(within(item('公司信息与协议')).getByRole('link', { name: '文章与标签 → 协议文本' }));
    await waitFor(() => expect(window.location.hash).toBe('#/content'));
  });

  it('keeps the other parts when one fails, saying so in its card', async () => {
    fakeDashboardApi('admin', (call) =>
      call.path === '/dashboard/trends'
        ? failureAnswer('Unavailable', '服务暂时不可用，请稍后再试')
        : undefined,
    );
    renderConsole({ path: '/dashboard', role: 'admin' });
    const trends = (await screen.findByText('近 30 天')).closest('.ant-card') as HTMLElement;
    await within(trends).findByText('服务暂时不可用，请稍后再试');
    await screen.findByText('今日营收');
    await screen.findByText('7 天内到期的 VIP（2 人）');
  });
});
