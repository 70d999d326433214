import { screen, waitFor } from '@testing-library/react';
import type { AdminUserList } from '@xuanli/contracts/admin';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/lib/session';
import { callsTo, failureAnswer, installFakeApi, okAnswer } from '@/testing/fake-api';
import { aLogin, aUser } from '@/testing/fixtures';
import { meAnswer, renderConsole } from '@/testing/render-console';

const userPage: AdminUserList = { list: [aUser()], total: 1 };

describe('login', () => {
  it('logs in with username and password and opens the page the operator was going to', async () => {
    const calls = installFakeApi((call) => {
      if (call.path === '/login') return okAnswer(aLogin('support'));
      if (call.path === '/users') return okAnswer(userPage);
      return meAnswer(call, 'support');
    });
    const { user } = renderConsole({ path: '/users' });

    await user.type(await screen.findByPlaceholderText('用户名'), 'kefu01');
    await user.type(screen.getByPlaceholderText('密码'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: '登录' }));

    await screen.findByText('13800138000');
    expect(window.location.hash).toBe('#/users');
    const [loginCall] = callsTo(calls, 'POST', '/login');
    expect(loginCall.body).toEqual({ username: 'kefu01', password: 'correct horse battery' });
    expect(loginCall.authorization).toBeNull();
    // Every later call carries the token of the login.
    expect(callsTo(calls, 'GET', '/users')[0].authorization).toBe('Bearer jwt-support');
    expect(JSON.parse(window.sessionStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').jwt).toBe('jwt-support');
  });
});

describe('login with two-step verification', () => {
  it('asks for the 动态验证码 when the server requires it, then sends it with the login', async () => {
    let attempts = 0;
    const calls = installFakeApi((call) => {
      if (call.path === '/login') {
        attempts += 1;
        if (!call.body.totp) return failureAnswer('TotpRequired', 'two-step verification is on');
        if (call.body.totp !== '654321')
          return failureAnswer('TotpInvalid', 'wrong or already used TOTP code');
        return okAnswer(aLogin('editor', { totpEnabled: true }));
      }
      if (call.path === '/holidays') return undefined;
      return meAnswer(call, 'editor');
    });
    const { user } = renderConsole({ path: '/' });

    await user.type(await screen.findByPlaceholderText('用户名'), 'wenbian');
    await user.type(screen.getByPlaceholderText('密码'), 'a long passphrase');
    expect(screen.queryByLabelText('动态验证码')).toBeNull();
    await user.click(screen.getByRole('button', { name: '登录' }));

    const code = await screen.findByLabelText('动态验证码');
    expect(screen.getByText('此账号开启了两步验证，请输入身份验证器上显示的动态验证码')).toBeTruthy();
    // Without a code the field says so and nothing is sent.
    await user.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('请输入动态验证码');
    expect(attempts).toBe(1);

    // A wrong code: the server's sentence beside the field.
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('动态码不对或已用过，请等下一个码出现后再试');

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: '登录' }));
    // An editor lands on 概览, the first page of the role.
    await waitFor(() => expect(window.location.hash).toBe('#/dashboard'));
    expect(callsTo(calls, 'POST', '/login').map((call) => call.body)).toEqual([
      { username: 'wenbian', password: 'a long passphrase' },
      { username: 'wenbian', password: 'a long passphrase', totp: '111111' },
      { username: 'wenbian', password: 'a long passphrase', totp: '654321' },
    ]);
  });

  it('shows a refused login in Chinese, and a rate limit with its wait', async () => {
    let refusals = 0;
    installFakeApi((call) => {
      if (call.path !== '/login') return undefined;
      refusals += 1;
      return refusals === 1
        ? failureAnswer('OperatorLoginFailed', 'wrong username or password')
        : failureAnswer('TooManyRequests', 'Too many requests', { retryAfter: 540 });
    });
    const { user } = renderConsole({ path: '/login' });

    await user.type(await screen.findByPlaceholderText('用户名'), 'nobody');
    await user.type(screen.getByPlaceholderText('密码'), 'wrong password');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('用户名或密码不对');
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    await user.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('尝试次数过多，请 9 分钟后再试');
    expect(window.location.hash).toBe('#/login');
  });

  it('asks for the username and password beside the fields before sending anything', async () => {
    const calls = installFakeApi(() => undefined);
    const { user } = renderConsole({ path: '/login' });
    await user.click(await screen.findByRole('button', { name: '登录' }));
    await screen.findByText('请输入用户名');
    await screen.findByText('请输入密码');
    expect(calls).toEqual([]);
  });

  it('does not continue to a page the new operator’s role may not open', async () => {
    installFakeApi((call) => {
      if (call.path === '/login') return okAnswer(aLogin('editor'));
      if (call.path === '/holidays') return undefined;
      return meAnswer(call, 'editor');
    });
    const { user } = renderConsole({ path: '/login?from=%2Fusers' });
    await user.type(await screen.findByPlaceholderText('用户名'), 'wenbian');
    await user.type(screen.getByPlaceholderText('密码'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(window.location.hash).toBe('#/dashboard'));
    expect(screen.queryByText('无权访问')).toBeNull();
  });
});
