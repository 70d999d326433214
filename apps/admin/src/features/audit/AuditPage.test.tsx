import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry, AuditList, OperatorList } from '@xuanli/contracts/admin';
import { describe, expect, it } from 'vitest';
import { findOption } from '@/testing/antd-queries';
import { callsTo, installFakeApi, okAnswer } from '@/testing/fake-api';
import { anAuditEntry, anOperator } from '@/testing/fixtures';
import { meAnswer, renderConsole } from '@/testing/render-console';

const grant = anAuditEntry({
  id: 7,
  subject: '138****8000',
  before: { vipExpire: '2026-01-20T04:00:00.000Z' },
  after: { vipExpire: '2026-02-19T04:00:00.000Z', days: 30 },
  reason: '补偿活动',
});

const holidayByCli: AuditEntry = {
  id: 6,
  at: '2026-01-14T02:30:00.000Z',
  operatorId: null,
  actor: 'cli:ops@web-1',
  operatorName: null,
  action: 'holiday.save',
  target: 'holiday:2027-10-09',
  subject: '2027-10-09',
  before: null,
  after: {
    date: '2027-10-09',
    name: '国庆节',
    offDay: false,
    notice: '国务院办公厅关于2027年部分节假日安排的通知',
  },
  reason: null,
};

const operators: OperatorList = { list: [anOperator('admin'), anOperator('support')] };

function fakeAuditApi() {
  return installFakeApi((call) => {
    if (call.path === '/operators') return okAnswer(operators);
    if (call.path === '/audit') {
      const page: AuditList = { list: [grant, holidayByCli], total: 2 };
      return okAnswer(page);
    }
    return meAnswer(call, 'admin');
  });
}

function typeDate(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('audit log', () => {
  it('reads each change as a sentence, with the before → after behind 详情', async () => {
    fakeAuditApi();
    const { user } = renderConsole({ path: '/audit', role: 'admin' });
    const grantRow = (await screen.findByText('补偿活动')).closest('tr') as HTMLElement;
    within(grantRow).getByText('赵客服 为用户 138****8000 延长会员 30 天（到期 2026-02-19）');
    within(grantRow).getByText('2026-01-15 12:00');
    // The raw change is not in the list until asked for.
    expect(screen.queryByText('VIP 到期：')).toBeNull();
    await user.click(within(grantRow).getByRole('button', { name: '详情' }));
    const grantDetails = (await screen.findByText('VIP 到期：')).closest('.ant-descriptions') as HTMLElement;
    within(grantDetails).getByText('开通/延长 VIP（vip.grant）');
    within(grantDetails).getByText('user:42');
    within(grantDetails).getByText('2026-01-20 12:00');
    within(grantDetails).getByText('2026-02-19 12:00');
    within(grantRow).getByRole('button', { name: '收起' });

    const cliRow = screen
      .getByText('命令行（ops@web-1） 将 2027-10-09 设为调休上班（国庆节）')
      .closest('tr') as HTMLElement;
    await user.click(within(cliRow).getByRole('button', { name: '详情' }));
    const cliDetails = (await screen.findByText('holiday:2027-10-09')).closest(
      '.ant-descriptions',
    ) as HTMLElement;
    within(cliDetails).getByText('命令行 cli:ops@web-1');
    within(cliDetails).getByText('新建');
    within(cliDetails).getByText('调休上班');
    within(cliDetails).getByText('保存节假日（holiday.save）');
  });

  it('sends the filters as the query: operator, action, target and Beijing days', async () => {
    const calls = fakeAuditApi();
    const { user } = renderConsole({ path: '/audit', role: 'admin' });
    await screen.findByText('补偿活动');
    expect(callsTo(calls, 'GET', '/audit')[0].query).toEqual({ page: '1', size: '20' });

    await user.click(screen.getByLabelText('操作人'));
    await user.click(await findOption('赵客服（kefu01）'));
    // 14 actions: the operator types to narrow the list.
    await user.type(screen.getByLabelText('动作'), '取消');
    await user.click(await findOption('取消 VIP'));
    await user.type(screen.getByLabelText('对象'), ' user:42 ');
    typeDate(screen.getByPlaceholderText('开始日期'), '2026-01-01');
    typeDate(screen.getByPlaceholderText('结束日期'), '2026-01-15');
    await user.click(screen.getByRole('button', { name: '查询' }));

    await waitFor(() => expect(callsTo(calls, 'GET', '/audit')).toHaveLength(2));
    expect(callsTo(calls, 'GET', '/audit')[1].query).toEqual({
      operatorId: '3',
      action: 'vip.revoke',
      target: 'user:42',
      // 2026-01-01 00:00 Beijing up to (not including) 2026-01-16 00:00 Beijing.
      from: '2025-12-31T16:00:00.000Z',
      to: '2026-01-15T16:00:00.000Z',
      page: '1',
      size: '20',
    });
  });
});
