import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import type { LoginResult, SmsResult } from '@xuanli/contracts/member';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { Toast } from '@/lib/antd-mobile';
import { useSession } from '@/stores/session';
import { installFakeApi, pageTests, renderPage } from '@/testing/app-harness';
import { failureAnswer, okAnswer, tooManyAnswer } from '@/testing/fake-answers';
import { member } from '@/testing/members';
import LoginPage from './LoginPage';

const AGREE_MESSAGE = '请先阅读并同意《用户协议》和《隐私政策》';

function renderLogin(path = paths.login.path) {
  return renderPage(<LoginPage />, { path });
}

const group = (name: string) => screen.getByRole('group', { name });
const phoneInput = () => screen.getByLabelText('手机号', { selector: 'input' });

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
}

function agree() {
  fireEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意' }));
}

pageTests();
afterEach(() => vi.useRealTimers());

describe('LoginPage', () => {
  it('sends a code, counts 60 s down before another may be asked for, then logs in and goes back', async () => {
    vi.useFakeTimers();
    const user = member({ nickname: '玄历用户0000' });
    const calls = installFakeApi(({ path }) => {
      if (path === '/crm/member/sms') return okAnswer<SmsResult>({ resendAfter: 60 });
      if (path === '/crm/member/login')
        return okAnswer<LoginResult>({ jwt: 'member-jwt', iat: 1_700_000_000, user });
    });
    const { here } = renderLogin(paths.login.getHref({ redirect: paths.profile.path }));
    fireEvent.change(phoneInput(), { target: { value: '138 0013 8000' } });
    agree();

    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls.find((c) => c.path === '/crm/member/sms')?.body).toEqual({ phone: '13800138000' });
    const resend = screen.getByRole('button', { name: '重新获取(60s)' });
    expect((resend as HTMLButtonElement).disabled).toBe(true);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('button', { name: '重新获取(59s)' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect((screen.getByRole('button', { name: '重新获取' }) as HTMLButtonElement).disabled).toBe(false);
    expect(calls.filter((c) => c.path === '/crm/member/sms')).toHaveLength(1);

    fill('验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls.find((c) => c.path === '/crm/member/login')?.body).toEqual({
      phone: '13800138000',
      code: '123456',
    });
    // PRODUCT.md#account: the answered token object, with the user, is the stored record; the session is
    // logged in.
    expect(JSON.parse(window.localStorage.getItem('jw-token') ?? 'null')).toEqual({
      jwt: 'member-jwt',
      iat: 1_700_000_000,
      user,
    });
    expect(useSession.getState()).toMatchObject({ isLogin: true, user });
    expect(here()).toBe(paths.profile.path);
    // Let the toasts close on the fake clock before the real one comes back.
    await act(async () => {
      Toast.clear();
      await vi.advanceTimersByTimeAsync(3000);
    });
  });

  it('asks for the agreement first, beside the checkbox, and sends nothing before', async () => {
    const calls = installFakeApi(() => undefined);
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(within(group('用户协议与隐私政策')).getByRole('alert').textContent).toBe(AGREE_MESSAGE);
    fill('验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(within(group('用户协议与隐私政策')).getByRole('alert').textContent).toBe(AGREE_MESSAGE);
    expect(calls).toEqual([]);

    agree();
    expect(within(group('用户协议与隐私政策')).queryByRole('alert')).toBeNull();
    // The agreements open the article page.
    expect(screen.getByRole('link', { name: '《用户协议》' }).getAttribute('href')).toBe(
      paths.article.getHref({ label: '协议', name: '用户协议' }),
    );
    expect(
      decodeURIComponent(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('href') ?? ''),
    ).toBe('/pages/index/article?label=协议&name=隐私政策');
  });

  it('checks the phone beside its field and the code beside its own', async () => {
    const calls = installFakeApi(() => undefined);
    renderLogin();
    agree();
    fireEvent.change(phoneInput(), { target: { value: '1280013800' } });
    fireEvent.blur(phoneInput());
    expect(within(group('手机号')).getByRole('alert').textContent).toBe('请输入正确的 11 位手机号');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(within(group('验证码')).getByRole('alert').textContent).toBe('请输入 6 位短信验证码');
    expect(calls).toEqual([]);
  });

  it('shows a wrong code beside the code field and keeps the reader logged out', async () => {
    installFakeApi(({ path }) =>
      path === '/crm/member/login' ? failureAnswer('InvalidCode', 'code does not match') : undefined,
    );
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fill('验证码', '000000');
    agree();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() =>
      expect(within(group('验证码')).getByRole('alert').textContent).toBe(ERROR_MESSAGES_ZH.InvalidCode),
    );
    expect(useSession.getState().isLogin).toBe(false);
    expect(window.localStorage.getItem('jw-token')).not.toContain('"user"');
  });

  it('logs in by password and shows a wrong one beside the password field', async () => {
    const calls = installFakeApi(({ path }) =>
      path === '/crm/member/login' ? failureAnswer('LoginFailed', 'phone or password wrong') : undefined,
    );
    renderLogin();
    fireEvent.click(screen.getByRole('radio', { name: '密码登录' }));
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fill('密码', 'abc12345');
    agree();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() =>
      expect(within(group('密码')).getByRole('alert').textContent).toBe(ERROR_MESSAGES_ZH.LoginFailed),
    );
    expect(calls.find((c) => c.path === '/crm/member/login')?.body).toEqual({
      phone: '13800138000',
      password: 'abc12345',
    });
  });

  it('says beside the phone that a banned account cannot get a code or log in, by either method', async () => {
    const calls = installFakeApi(({ path }) =>
      path === '/crm/member/sms' || path === '/crm/member/login'
        ? failureAnswer('AccountBanned', '该账号已被停用，如有疑问请联系客服')
        : undefined,
    );
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    agree();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() =>
      expect(within(group('手机号')).getByRole('alert').textContent).toBe(ERROR_MESSAGES_ZH.AccountBanned),
    );
    expect(within(group('验证码')).queryByRole('alert')).toBeNull();

    fill('验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/crm/member/login')).toHaveLength(1));
    await waitFor(() =>
      expect(within(group('手机号')).getByRole('alert').textContent).toBe(ERROR_MESSAGES_ZH.AccountBanned),
    );
    fireEvent.click(screen.getByRole('radio', { name: '密码登录' }));
    fill('密码', 'abc12345');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/crm/member/login')).toHaveLength(2));
    await waitFor(() =>
      expect(within(group('手机号')).getByRole('alert').textContent).toBe(ERROR_MESSAGES_ZH.AccountBanned),
    );
    expect(within(group('密码')).queryByRole('alert')).toBeNull();
    expect(useSession.getState().isLogin).toBe(false);
  });

  it('says in Chinese how long to wait when codes are asked for too often', async () => {
    installFakeApi(({ path }) => (path === '/crm/member/sms' ? tooManyAnswer(45) : undefined));
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    agree();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() =>
      expect(within(group('验证码')).getByRole('alert').textContent).toBe('操作太频繁，请 45 秒后再试'),
    );
    expect(screen.getByRole('button', { name: '重新获取(45s)' })).toBeTruthy();
  });

  it('goes to the 我的 tab after login when it has nowhere to go back to', async () => {
    installFakeApi(({ path }) =>
      path === '/crm/member/login'
        ? okAnswer<LoginResult>({ jwt: 'member-jwt', iat: 1_700_000_000, user: member() })
        : undefined,
    );
    const { here } = renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fill('验证码', '123456');
    agree();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(here()).toBe(paths.user.path));
  });
});
