import { screen, waitFor, within } from '@testing-library/react';
import type { AdminUserList, AuditList, OperatorList } from '@xuanli/contracts/admin';
import type { AdminRole } from '@xuanli/contracts/admin-labels';
import type { Dashboard } from '@xuanli/contracts/admin-shop';
import type { AdminHolidayList } from '@xuanli/contracts/holidays';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/lib/session';
import { callsTo, failureAnswer, installFakeApi, okAnswer } from '@/testing/fake-api';
import { anOperator } from '@/testing/fixtures';
import { meAnswer, renderConsole } from '@/testing/render-console';

const emptyUsers: AdminUserList = { list: [], total: 0 };
const emptyAudit: AuditList = { list: [], total: 0 };
const operators: OperatorList = { list: [anOperator('admin')] };
const quietPeriod = { paidOrders: 0, paidAmount: 0, refundedAmount: 0, revenue: 0, newUsers: 0 };
const quietDashboard: Dashboard = {
  today: quietPeriod,
  month: quietPeriod,
  activeVips: 0,
  topCourses: [],
  asOf: new Date().toISOString(),
};
const noHolidays: AdminHolidayList = { version: 0, builtInYears: { from: 2004, to: 2026 }, years: [] };

function fakeConsole(role: AdminRole) {
  return installFakeApi((call) => {
    if (call.path === '/users') return okAnswer(emptyUsers);
    if (call.path === '/dashboard') return okAnswer(quietDashboard);
    if (call.path === '/audit') return okAnswer(emptyAudit);
    if (call.path === '/operators') return okAnswer(operators);
    if (call.path === '/holidays') return okAnswer(noHolidays);
    if (call.path === '/logout') return okAnswer({ revokedAt: new Date().toISOString() });
    return meAnswer(call, role);
  });
}

async function menuEntries(): Promise<string[]> {
  const menu = await screen.findByRole('menu');
  await within(menu).findAllByRole('menuitem');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

describe('menu by role', () => {
  it.each([
    [
      'admin',
      '#/dashboard',
      [
        '概览',
        '用户与会员',
        '订单',
        '商品',
        '文章与标签',
        '命书解读',
        '大师与客服',
        '课程',
        '节假日',
        '操作日志',
        '后台账号',
        '我的账号',
      ],
    ],
    [
      'editor',
      '#/dashboard',
      ['概览', '商品', '文章与标签', '命书解读', '大师与客服', '课程', '节假日', '我的账号'],
    ],
    ['support', '#/dashboard', ['概览', '用户与会员', '订单', '我的账号']],
  ] as const)('%s sees only the pages of its role and lands on the first', async (role, home, entries) => {
    fakeConsole(role);
    renderConsole({ path: '/', role });
    await waitFor(() => expect(window.location.hash).toBe(home));
    expect(await menuEntries()).toEqual(entries);
  });

  it('refuses a page of another role opened by its address, without asking the API for it', async () => {
    const calls = fakeConsole('editor');
    renderConsole({ path: '/audit', role: 'editor' });
    await screen.findByText('无权访问');
    screen.getByText('「操作日志」不对内容编辑开放，如需使用请联系管理员。');
    expect(callsTo(calls, 'GET', '/audit')).toEqual([]);
  });
});

describe('the login ending', () => {
  it('goes back to the login page when the API answers 401, and says why', async () => {
    installFakeApi((call) => {
      if (call.path === '/users') return failureAnswer('Unauthorized', 'session ended');
      return meAnswer(call, 'support');
    });
    renderConsole({ path: '/users', role: 'support' });

    await screen.findByRole('button', { name: '登录' });
    screen.getByText('登录已失效，请重新登录');
    expect(window.location.hash).toBe('#/login?from=%2Fusers');
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('does not send a token past its end: the login page comes at once', async () => {
    const calls = installFakeApi(() => undefined);
    window.sessionStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ jwt: 'old', expiresAt: '2020-01-01T00:00:00.000Z', operator: anOperator('admin') }),
    );
    renderConsole({ path: '/operators' });
    await screen.findByRole('button', { name: '登录' });
    expect(calls.filter((call) => call.authorization === 'Bearer old')).toEqual([]);
  });

  it('logs out from the header menu: the server ends the login, the page returns to the login', async () => {
    const calls = fakeConsole('support');
    const { user } = renderConsole({ path: '/users', role: 'support' });
    await user.hover(await screen.findByText('赵客服'));
    await user.click(await screen.findByText('退出登录'));

    await screen.findByRole('button', { name: '登录' });
    // The next login starts afresh on the role's first page.
    expect(window.location.hash).toBe('#/login');
    expect(callsTo(calls, 'POST', '/logout')).toHaveLength(1);
    expect(callsTo(calls, 'POST', '/logout')[0].authorization).toBe('Bearer jwt-support');
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    // Logging out is not a failure: no "login expired" notice.
    expect(screen.queryByText('登录已失效，请重新登录')).toBeNull();
  });
});
