import { CONSOLE_ROUTES } from '@xuanli/contracts/routes/paths';
import { describe, expect, it } from 'vitest';
import { failureAnswer, installFakeApi, okAnswer } from '@/testing/fake-api';
import { aLogin } from '@/testing/fixtures';
import { ApiError, adminUrl, api, call, failureMessage } from './api';
import { getSession, lastEndReason, startSession } from './session';

describe('failureMessage', () => {
  it('shows the server’s Chinese msg, else the console’s sentence for the code', () => {
    expect(failureMessage('NotFound', '这个手机号还没有注册', 404)).toBe('这个手机号还没有注册');
    expect(failureMessage('ValidationError', 'body/days must be >= 1', 400)).toBe(
      '填写的内容格式不对，请检查后再试',
    );
    expect(failureMessage('Forbidden', 'forbidden', 403)).toBe('当前账号的角色无权进行此操作');
    expect(failureMessage('Http502', undefined, 502)).toBe('请求失败（502），请稍后再试');
  });
});

describe('adminUrl', () => {
  it('leaves out empty query values', () => {
    expect(adminUrl('/audit', { action: 'vip.grant', target: '', operatorId: undefined, page: 1 })).toBe(
      '/api/admin/audit?action=vip.grant&page=1',
    );
  });
});

describe('call', () => {
  it('reads resData and sends the bearer token of the login', async () => {
    startSession(aLogin('admin'));
    const calls = installFakeApi(() => okAnswer({ revoked: 2 }));
    await expect(
      api.call(CONSOLE_ROUTES.member.postUsersSessionsRevoke, { body: { userId: 1, reason: '测试原因' } }),
    ).resolves.toEqual({
      revoked: 2,
    });
    expect(calls[0].authorization).toBe('Bearer jwt-admin');
  });

  it('ends the login on a 401 of a signed-in call, but not on the login’s own 401', async () => {
    startSession(aLogin('admin'));
    installFakeApi(() => failureAnswer('OperatorLoginFailed', '用户名或密码不对'));
    const refused = call('POST', 'login', { body: { username: 'a', password: 'b' }, auth: false });
    await expect(refused).rejects.toMatchObject({ code: 'OperatorLoginFailed', message: '用户名或密码不对' });
    expect(getSession()).not.toBeNull();

    installFakeApi(() => failureAnswer('Unauthorized', 'token expired'));
    const error = await api.call(CONSOLE_ROUTES.admin.getMe).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('登录已失效，请重新登录');
    expect(getSession()).toBeNull();
    expect(lastEndReason()).toBe('expired');
  });

  it('says the network failed when no answer came', async () => {
    startSession(aLogin('admin'));
    installFakeApi(() => {
      throw new TypeError('fetch failed');
    });
    await expect(api.call(CONSOLE_ROUTES.admin.getMe)).rejects.toMatchObject({
      code: 'NetworkError',
      message: '网络连接失败，请检查网络后再试',
    });
  });
});
