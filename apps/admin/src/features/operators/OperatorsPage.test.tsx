import { screen, waitFor, within } from '@testing-library/react';
import type { Operator, OperatorAddBody, OperatorList, OperatorResult } from '@xuanli/contracts/admin';
import { describe, expect, it } from 'vitest';
import { findDialog, findOption } from '@/testing/antd-queries';
import { callsTo, failureAnswer, installFakeApi, okAnswer } from '@/testing/fake-api';
import { anOperator } from '@/testing/fixtures';
import { meAnswer, renderConsole } from '@/testing/render-console';

function fakeOperatorsApi(taken: string[] = []) {
  const operators: Operator[] = [anOperator('admin'), anOperator('support')];
  return installFakeApi((call) => {
    if (call.method === 'GET' && call.path === '/operators') {
      const list: OperatorList = { list: operators };
      return okAnswer(list);
    }
    if (call.method === 'POST' && call.path === '/operators') {
      const body = call.body as unknown as OperatorAddBody;
      if (taken.includes(body.username))
        return failureAnswer('Conflict', `username '${body.username}' is taken`);
      const operator = anOperator(body.role, {
        id: 9,
        username: body.username,
        displayName: body.displayName,
        lastLoginAt: null,
      });
      operators.push(operator);
      const result: OperatorResult = { operator };
      return okAnswer(result);
    }
    const disable = /^\/operators\/(\d+)\/disable$/.exec(call.path);
    if (disable) {
      const operator = operators.find((entry) => entry.id === Number(disable[1])) as Operator;
      operator.disabledAt = '2026-01-15T05:00:00.000Z';
      const result: OperatorResult = { operator };
      return okAnswer(result);
    }
    return meAnswer(call, 'admin');
  });
}

describe('operator accounts', () => {
  it('adds an account: rules beside the fields, the server’s refusal, then the body', async () => {
    const calls = fakeOperatorsApi(['wang.li']);
    const { user } = renderConsole({ path: '/operators', role: 'admin' });
    await screen.findByText('kefu01');
    await user.click(screen.getByRole('button', { name: /新增账号/ }));
    const dialog = await findDialog('新增后台账号');

    await user.type(within(dialog).getByLabelText('用户名'), 'Wang Li');
    await user.type(within(dialog).getByLabelText('显示名'), '王丽');
    await user.type(within(dialog).getByLabelText('初始密码'), 'short');
    await user.type(within(dialog).getByLabelText('再输一次'), 'shorter');
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    await within(dialog).findByText('用户名为 3–32 位小写字母、数字或 _ . -');
    await within(dialog).findByText('密码至少 10 位');
    await within(dialog).findByText('两次输入的密码不一样');

    await user.clear(within(dialog).getByLabelText('用户名'));
    await user.type(within(dialog).getByLabelText('用户名'), 'wang.li');
    await user.click(within(dialog).getByLabelText('角色'));
    await user.click(await findOption('内容编辑'));
    await user.clear(within(dialog).getByLabelText('初始密码'));
    await user.type(within(dialog).getByLabelText('初始密码'), 'first password 1');
    await user.clear(within(dialog).getByLabelText('再输一次'));
    await user.type(within(dialog).getByLabelText('再输一次'), 'first password 1');
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    await within(dialog).findByText('这个用户名已被使用');

    await user.clear(within(dialog).getByLabelText('用户名'));
    await user.type(within(dialog).getByLabelText('用户名'), 'wang.li2');
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    await screen.findByText('已新增账号 wang.li2');
    expect(callsTo(calls, 'POST', '/operators').map((call) => call.body)).toEqual([
      { username: 'wang.li', displayName: '王丽', role: 'editor', password: 'first password 1' },
      { username: 'wang.li2', displayName: '王丽', role: 'editor', password: 'first password 1' },
    ]);
    await screen.findByText('wang.li2');
  });

  it('disables another account, never the operator’s own', async () => {
    const calls = fakeOperatorsApi();
    const { user } = renderConsole({ path: '/operators', role: 'admin' });
    const own = (await screen.findByText('chief')).closest('tr') as HTMLElement;
    expect(within(own).queryByRole('button', { name: '停用' })).toBeNull();

    const other = screen.getByText('kefu01').closest('tr') as HTMLElement;
    await user.click(within(other).getByRole('button', { name: '停用' }));
    const dialog = await findDialog('停用账号');
    // The reason is optional here.
    await user.click(within(dialog).getByRole('button', { name: '确认停用' }));
    await screen.findByText('已停用 kefu01');
    expect(callsTo(calls, 'POST', '/operators/3/disable').map((call) => call.body)).toEqual([{}]);
    await waitFor(() =>
      expect(
        within(screen.getByText('kefu01').closest('tr') as HTMLElement).getByText(/^已停用/),
      ).toBeTruthy(),
    );
  });
});
