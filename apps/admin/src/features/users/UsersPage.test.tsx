import { screen, waitFor, within } from '@testing-library/react';
import type {
  AdminUserDetail,
  AdminUserList,
  UserBanBody,
  UserBanState,
  UserSessionsRevokeResult,
  VipGrantBody,
  VipState,
} from '@xuanli/contracts/admin';
import { describe, expect, it } from 'vitest';
import { findDialog } from '@/testing/antd-queries';
import { type ApiCall, callsTo, failureAnswer, installFakeApi, okAnswer } from '@/testing/fake-api';
import { aUser, aUserDetail } from '@/testing/fixtures';
import { meAnswer, renderConsole } from '@/testing/render-console';

function vipState(body: VipGrantBody): VipState {
  return {
    userId: 42,
    phone: `${body.phone.slice(0, 3)}****${body.phone.slice(7)}`,
    nickname: '玄历用户8000',
    vipExpire: '2026-02-14T04:00:00.000Z',
    isVip: true,
  };
}

function fakeUsersApi(extra: (call: ApiCall) => Response | undefined = () => undefined) {
  return installFakeApi((call) => {
    if (call.method === 'GET' && call.path === '/users') {
      const list: AdminUserList = { list: [aUser()], total: 1 };
      return okAnswer(list);
    }
    return extra(call) ?? meAnswer(call, 'support');
  });
}

describe('users', () => {
  it('searches by phone or nickname through the query string', async () => {
    const calls = fakeUsersApi();
    const { user } = renderConsole({ path: '/users', role: 'support' });
    await screen.findByText('13800138000');
    expect(callsTo(calls, 'GET', '/users')[0].query).toEqual({ page: '1', size: '20' });

    await user.type(screen.getByPlaceholderText('手机号的任意几位，或昵称'), '8000');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/users')).toHaveLength(2));
    expect(callsTo(calls, 'GET', '/users')[1].query).toEqual({ q: '8000', page: '1', size: '20' });
  });

  it('grants VIP: the fields say what is wrong beside them, then the body carries phone, days and reason', async () => {
    const calls = fakeUsersApi((call) =>
      call.path === '/users/vip' ? okAnswer(vipState(call.body as unknown as VipGrantBody)) : undefined,
    );
    const { user } = renderConsole({ path: '/users', role: 'support' });
    await user.click(await screen.findByRole('button', { name: '开通 VIP' }));
    const dialog = await findDialog('开通/延长 VIP');
    expect((within(dialog).getByLabelText('手机号') as HTMLInputElement).value).toBe('13800138000');

    await user.click(within(dialog).getByRole('button', { name: '确认开通' }));
    await within(dialog).findByText('请输入天数');
    await within(dialog).findByText('请填写原因');

    await user.type(within(dialog).getByLabelText('天数'), '0');
    await user.type(within(dialog).getByLabelText('原因'), '补');
    await user.click(within(dialog).getByRole('button', { name: '确认开通' }));
    await within(dialog).findByText('天数须为 1 到 3650 之间的整数');
    await within(dialog).findByText('原因至少 2 个字');
    expect(callsTo(calls, 'POST', '/users/vip')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('天数'));
    await user.type(within(dialog).getByLabelText('天数'), '30');
    await user.type(within(dialog).getByLabelText('原因'), '偿活动 ');
    await user.click(within(dialog).getByRole('button', { name: '确认开通' }));

    await screen.findByText('已为 玄历用户8000 开通 VIP，到期时间 2026-02-14 12:00');
    expect(callsTo(calls, 'POST', '/users/vip').map((call) => call.body)).toEqual([
      { phone: '13800138000', days: 30, reason: '补偿活动' },
    ]);
    // The list is read again to show the new expiry.
    await waitFor(() => expect(callsTo(calls, 'GET', '/users').length).toBeGreaterThan(1));
  });

  it('grants VIP to a typed phone and shows the server’s refusal', async () => {
    const calls = fakeUsersApi((call) =>
      call.path === '/users/vip' ? failureAnswer('NotFound', 'no user with phone 13800138009') : undefined,
    );
    const { user } = renderConsole({ path: '/users', role: 'support' });
    await user.click(await screen.findByRole('button', { name: /按手机号开通 VIP/ }));
    const dialog = await findDialog('开通/延长 VIP');
    await user.type(within(dialog).getByLabelText('手机号'), '1380013800');
    await user.type(within(dialog).getByLabelText('天数'), '7');
    await user.type(within(dialog).getByLabelText('原因'), '客服补偿');
    await user.click(within(dialog).getByRole('button', { name: '确认开通' }));
    await within(dialog).findByText('请输入正确的 11 位手机号');

    await user.type(within(dialog).getByLabelText('手机号'), '9');
    await user.click(within(dialog).getByRole('button', { name: '确认开通' }));
    // The server's English text is for developers: the phone field says what is wrong.
    await within(dialog).findByText('没有找到这个手机号的用户');
    expect(callsTo(calls, 'POST', '/users/vip').map((call) => call.body)).toEqual([
      { phone: '13800138009', days: 7, reason: '客服补偿' },
    ]);
    // The dialog stays open for a correction.
    await findDialog('开通/延长 VIP');
  });

  it('shows a user’s sessions and orders, and ends the sessions with a reason', async () => {
    const revoked: UserSessionsRevokeResult = { revoked: 1 };
    const calls = fakeUsersApi((call) => {
      if (call.path === '/users/42') return okAnswer(aUserDetail());
      if (call.path === '/users/sessions/revoke') return okAnswer(revoked);
      return undefined;
    });
    const { user } = renderConsole({ path: '/users', role: 'support' });
    await user.click(await screen.findByRole('button', { name: '详情' }));

    const drawer = await findDialog('用户 玄历用户8000');
    await within(drawer).findByText('XL202601150001');
    within(drawer).getByText('¥128.00');
    within(drawer).getByText('已支付');
    within(drawer).getByText('登录会话（在线 1 个）');

    await user.click(within(drawer).getByRole('button', { name: '强制下线' }));
    const confirm = await findDialog('强制下线');
    await user.type(within(confirm).getByLabelText('原因'), '用户反映手机丢失');
    await user.click(within(confirm).getByRole('button', { name: '确认下线' }));
    await screen.findByText('已结束 1 个登录会话');
    expect(callsTo(calls, 'POST', '/users/sessions/revoke').map((call) => call.body)).toEqual([
      { userId: 42, reason: '用户反映手机丢失' },
    ]);
  });

  it('ends a VIP with a reason', async () => {
    const calls = installFakeApi((call) => {
      if (call.method === 'GET' && call.path === '/users') {
        const list: AdminUserList = {
          list: [aUser({ isVip: true, vipExpire: '2026-03-01T04:00:00.000Z' })],
          total: 1,
        };
        return okAnswer(list);
      }
      if (call.path === '/users/vip/revoke') {
        const state: VipState = {
          userId: 42,
          phone: '138****8000',
          nickname: '玄历用户8000',
          vipExpire: null,
          isVip: false,
        };
        return okAnswer(state);
      }
      return meAnswer(call, 'admin');
    });
    const { user } = renderConsole({ path: '/users', role: 'admin' });
    await screen.findByText('VIP 至 2026-03-01 12:00');
    await user.click(screen.getByRole('button', { name: '取消 VIP' }));
    const dialog = await findDialog('取消 VIP');
    await user.type(within(dialog).getByLabelText('原因'), '用户申请退款');
    await user.click(within(dialog).getByRole('button', { name: '确认取消' }));
    await screen.findByText('已取消 玄历用户8000 的 VIP');
    expect(callsTo(calls, 'POST', '/users/vip/revoke').map((call) => call.body)).toEqual([
      { phone: '13800138000', reason: '用户申请退款' },
    ]);
  });

  it('shows each account’s state in the list, with the reason of a ban', async () => {
    installFakeApi((call) => {
      if (call.method === 'GET' && call.path === '/users') {
        const list: AdminUserList = {
          list: [
            aUser({
              id: 43,
              phone: '13800138001',
              bannedAt: '2026-01-15T04:00:00.000Z',
              banReason: '发布违规广告',
            }),
            aUser(),
            aUser({ id: 41, phone: null, nickname: '已注销用户', deletedAt: '2026-01-01T00:00:00.000Z' }),
          ],
          total: 3,
        };
        return okAnswer(list);
      }
      return meAnswer(call, 'support');
    });
    const { user } = renderConsole({ path: '/users', role: 'support' });
    const banned = (await screen.findByText('13800138001')).closest('tr') as HTMLElement;
    await user.hover(within(banned).getByText('已封禁', { selector: '.ant-tag' }));
    await screen.findByText('原因：发布违规广告');
    within(screen.getByText('13800138000').closest('tr') as HTMLElement).getByText('正常', {
      selector: '.ant-tag',
    });
    within(screen.getByText('已注销用户').closest('tr') as HTMLElement).getByText('已注销', {
      selector: '.ant-tag',
    });
  });

  it('bans a user from the drawer with a required reason, then lifts the ban', async () => {
    let detail: AdminUserDetail = aUserDetail();
    const calls = fakeUsersApi((call) => {
      if (call.path === '/users/42') return okAnswer(detail);
      const body = call.body as unknown as UserBanBody;
      if (call.path === '/users/ban') {
        const state: UserBanState = {
          userId: body.userId,
          bannedAt: '2026-01-15T04:00:00.000Z',
          banReason: body.reason,
          sessionsEnded: 1,
        };
        detail = aUserDetail({ bannedAt: state.bannedAt, banReason: state.banReason, activeSessionCount: 0 });
        return okAnswer(state);
      }
      if (call.path === '/users/unban') {
        detail = aUserDetail();
        const state: UserBanState = {
          userId: body.userId,
          bannedAt: null,
          banReason: null,
          sessionsEnded: 0,
        };
        return okAnswer(state);
      }
      return undefined;
    });
    const { user } = renderConsole({ path: '/users', role: 'support' });
    await user.click(await screen.findByRole('button', { name: '详情' }));
    const drawer = await findDialog('用户 玄历用户8000');
    await within(drawer).findByText('正常');

    await user.click(within(drawer).getByRole('button', { name: '封禁' }));
    const confirm = await findDialog('封禁用户');
    within(confirm).getByText(/该手机号无法再获取验证码或登录/);
    await user.click(within(confirm).getByRole('button', { name: '确认封禁' }));
    await within(confirm).findByText('请填写原因');
    expect(callsTo(calls, 'POST', '/users/ban')).toEqual([]);
    await user.type(within(confirm).getByLabelText('原因'), ' 发布违规广告 ');
    await user.click(within(confirm).getByRole('button', { name: '确认封禁' }));
    await screen.findByText('已封禁 玄历用户8000，结束了 1 个登录会话');
    expect(callsTo(calls, 'POST', '/users/ban').map((call) => call.body)).toEqual([
      { userId: 42, reason: '发布违规广告' },
    ]);
    // The drawer reads the user again and shows the ban, and the list is read again too.
    await within(drawer).findByText('已封禁');
    within(drawer).getByText('2026-01-15 12:00 起，原因：发布违规广告');
    await waitFor(() => expect(callsTo(calls, 'GET', '/users').length).toBeGreaterThan(1));

    await user.click(within(drawer).getByRole('button', { name: '解除封禁' }));
    const lift = await findDialog('解除封禁');
    await user.type(within(lift).getByLabelText('原因'), '用户申诉通过');
    await user.click(within(lift).getByRole('button', { name: '确认解除' }));
    await screen.findByText('已解除 玄历用户8000 的封禁');
    expect(callsTo(calls, 'POST', '/users/unban').map((call) => call.body)).toEqual([
      { userId: 42, reason: '用户申诉通过' },
    ]);
    await within(drawer).findByRole('button', { name: '封禁' });
  });

  it('shows the server’s refusal of a ban in the dialog and keeps it open', async () => {
    fakeUsersApi((call) => {
      if (call.path === '/users/42') return okAnswer(aUserDetail());
      if (call.path === '/users/ban') return failureAnswer('Conflict', '该账号已在封禁中');
      return undefined;
    });
    const { user } = renderConsole({ path: '/users', role: 'support' });
    await user.click(await screen.findByRole('button', { name: '详情' }));
    const drawer = await findDialog('用户 玄历用户8000');
    await user.click(await within(drawer).findByRole('button', { name: '封禁' }));
    const confirm = await findDialog('封禁用户');
    await user.type(within(confirm).getByLabelText('原因'), '重复提交');
    await user.click(within(confirm).getByRole('button', { name: '确认封禁' }));
    await screen.findByText('该账号已在封禁中');
    await findDialog('封禁用户');
  });
});
