import { screen, waitFor, within } from '@testing-library/react';
import type { AdminPayFinding, AdminPayFindingList } from '@xuanli/contracts/admin-pay';
import { describe, expect, it } from 'vitest';
import { findDialog, findOption } from '@/testing/antd-queries';
import { type ApiCall, callsTo, failureAnswer, installFakeApi, okAnswer } from '@/testing/fake-api';
import { FIXTURE_NOW } from '@/testing/fixtures';
import { meAnswer, renderConsole } from '@/testing/render-console';

const ORDER_NO = '20260115120000123456';

function aFinding(overrides: Partial<AdminPayFinding> = {}): AdminPayFinding {
  return {
    id: 7,
    orderNo: ORDER_NO,
    outTradeNo: `${ORDER_NO}P000123`,
    channel: 'wechat',
    kind: 'paid-without-callback',
    detail: '支付渠道已收款 ¥128.00（交易号 4200001234567890），未收到支付通知，已补记为已支付',
    foundAt: FIXTURE_NOW,
    resolvedAt: null,
    resolvedBy: null,
    resolution: null,
    ...overrides,
  };
}

function fakeFindingsApi(extra: (call: ApiCall) => Response | undefined = () => undefined) {
  return installFakeApi((call) => {
    if (call.method === 'GET' && call.path === '/pay-findings') {
      const page: AdminPayFindingList = {
        list: [
          aFinding(),
          aFinding({ id: 8, kind: 'amount-mismatch', channel: 'alipay', detail: '金额不符的情况' }),
        ],
        total: 2,
        open: 2,
      };
      return okAnswer(page);
    }
    return extra(call) ?? meAnswer(call, 'support');
  });
}

describe('对账异常', () => {
  it('lists the open findings of the providers under 订单, and filters by state and order number', async () => {
    const calls = fakeFindingsApi();
    const { user } = renderConsole({ path: '/orders?tab=findings', role: 'support' });
    const row = (await screen.findByText(/未收到支付通知，已补记为已支付/)).closest('tr') as HTMLElement;
    within(row).getByText(ORDER_NO);
    within(row).getByText('微信支付');
    within(row).getByText('已收款未收到通知');
    within(row).getByText(`商户单号 ${ORDER_NO}P000123`);
    within(row).getByRole('button', { name: '标记已处理' });
    const mismatch = screen.getByText('金额不符的情况').closest('tr') as HTMLElement;
    within(mismatch).getByText('支付宝');
    within(mismatch).getByText('金额不符');
    screen.getByText('对账异常（待处理 2 条）');
    expect(callsTo(calls, 'GET', '/pay-findings')[0].query).toEqual({
      status: 'open',
      page: '1',
      size: '20',
    });
    // The order list itself is not asked for on this tab.
    expect(callsTo(calls, 'GET', '/orders')).toEqual([]);

    await user.click(screen.getByLabelText('状态'));
    await user.click(await findOption('全部'));
    await user.type(screen.getByLabelText('订单号'), ' 2026 ');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/pay-findings')).toHaveLength(2));
    expect(callsTo(calls, 'GET', '/pay-findings')[1].query).toEqual({
      orderNo: '2026',
      page: '1',
      size: '20',
    });
  });

  it('marks a finding handled with a note, which the server must accept', async () => {
    let resolved = false;
    const calls = fakeFindingsApi((call) => {
      if (call.method !== 'POST' || call.path !== '/pay-findings/7/resolve') return undefined;
      if (resolved) return failureAnswer('Conflict', '这条对账异常已经标记处理过了');
      resolved = true;
      return okAnswer(
        aFinding({ resolvedAt: FIXTURE_NOW, resolvedBy: 'support.1', resolution: String(call.body.note) }),
      );
    });
    const { user } = renderConsole({ path: '/orders?tab=findings', role: 'support' });
    const row = (await screen.findByText(/未收到支付通知/)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '标记已处理' }));
    const dialog = await findDialog('标记已处理');
    within(dialog).getByText(/订单 20260115120000123456（微信支付）：支付渠道已收款 ¥128.00/);
    await user.click(within(dialog).getByRole('button', { name: '确认已处理' }));
    await within(dialog).findByText('请填写处理说明');
    await user.type(within(dialog).getByLabelText('处理说明'), '好');
    await user.click(within(dialog).getByRole('button', { name: '确认已处理' }));
    await within(dialog).findByText('处理说明至少 2 个字');
    expect(callsTo(calls, 'POST', '/pay-findings/7/resolve')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('处理说明'));
    await user.type(within(dialog).getByLabelText('处理说明'), '  已在商户平台核对到账  ');
    await user.click(within(dialog).getByRole('button', { name: '确认已处理' }));
    await screen.findByText(`订单 ${ORDER_NO} 的对账异常已标记处理`);
    expect(callsTo(calls, 'POST', '/pay-findings/7/resolve').map((call) => call.body)).toEqual([
      { note: '已在商户平台核对到账' },
    ]);
    // The list is read again after the change.
    await waitFor(() => expect(callsTo(calls, 'GET', '/pay-findings')).toHaveLength(2));

    // Someone else was quicker: the server's Chinese sentence is shown and the dialog stays.
    const again = (await screen.findAllByRole('button', { name: '标记已处理' }))[0];
    await user.click(again);
    const second = await findDialog('标记已处理');
    await user.type(within(second).getByLabelText('处理说明'), '重复处理');
    await user.click(within(second).getByRole('button', { name: '确认已处理' }));
    await screen.findByText('这条对账异常已经标记处理过了');
    expect(within(second).getByLabelText('处理说明')).toBeTruthy();
  });

  it('is a tab of 订单, and the orders tab stays the default', async () => {
    const calls = installFakeApi((call) => {
      if (call.method === 'GET' && call.path === '/orders') return okAnswer({ list: [], total: 0 });
      if (call.method === 'GET' && call.path === '/pay-findings') {
        return okAnswer({ list: [], total: 0, open: 0 } satisfies AdminPayFindingList);
      }
      return meAnswer(call, 'admin');
    });
    const { user } = renderConsole({ path: '/orders', role: 'admin' });
    await screen.findByText('订单列表', { selector: '.ant-pro-table-list-toolbar-title' });
    expect(callsTo(calls, 'GET', '/pay-findings')).toEqual([]);
    await user.click(screen.getByRole('tab', { name: '对账异常' }));
    await screen.findByText('对账异常（待处理 0 条）');
    expect(window.location.hash).toBe('#/orders?tab=findings');
  });
});
