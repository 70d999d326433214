/**
 * The user centre inside WeChat: the login page starts 网页授权 by itself (silent) and trades the
 * ticket it comes back with for a session; an authorisation that failed is said beside the SMS form,
 * which stays; 我的 offers 微信登录 to a visitor and shows the account's ways in; a WeChat account links
 * a phone (perhaps becoming the phone's account); 设置 unbinds WeChat only with a phone linked.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { BindPhoneResult, WechatBinding, WechatLoginResult } from '@xuanli/contracts/wechat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { isDesktopBrowser, isWechatBrowser, startWechatLogin, wechatOauthHref } from '@/lib/wechat';
import { useSession } from '@/stores/session';
import { type ApiCall, installFakeApi, loginAs, pageTests, renderPage } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import { member } from '@/testing/members';
import BindPhonePage from './BindPhonePage';
import LoginPage from './LoginPage';
import SettingPage from './SettingPage';
import UserPage from './UserPage';

vi.mock('@/lib/wechat', async (original) => ({
  ...(await original<typeof import('@/lib/wechat')>()),
  startWechatLogin: vi.fn(),
}));

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 MicroMessenger/8.0.49.2600(0x28003133) NetType/WIFI Language/zh_CN';

/** A server with WeChat login on, the binding `binding`, and `more` for the rest. */
function server(
  binding: WechatBinding | null,
  more: (call: ApiCall) => Response | undefined = () => undefined,
) {
  return installFakeApi((call) => {
    if (call.path === '/wechat/status') return okAnswer({ enabled: true, appId: 'wx2421b1c4370ec43b' });
    if (call.method === 'GET' && call.path === '/crm/member/wechat' && binding) return okAnswer(binding);
    return more(call);
  });
}

async function answerDialog(name: string) {
  const button = await screen.findByRole('button', { name });
  await act(async () => fireEvent.click(button));
}

pageTests();
afterEach(() => vi.mocked(startWechatLogin).mockReset());

describe('lib/wechat', () => {
  it("tells WeChat's browser and desktops apart and addresses the API's authorisation", () => {
    expect(isWechatBrowser(WECHAT_UA)).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (iPhone) Mobile Safari')).toBe(false);
    expect(isDesktopBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0')).toBe(true);
    expect(isDesktopBrowser(WECHAT_UA)).toBe(false);
    expect(isDesktopBrowser('Mozilla/5.0 (iPad; CPU OS 17_0) Safari')).toBe(false);
    expect(wechatOauthHref('/pages/user/login?redirect=/pages/user/index', 'userinfo')).toBe(
      '/api/wechat/oauth?to=%2Fpages%2Fuser%2Flogin%3Fredirect%3D%2Fpages%2Fuser%2Findex&scope=userinfo',
    );
  });
});

describe('LoginPage inside WeChat', () => {
  beforeEach(() => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
  });

  it('starts the silent authorisation by itself, coming back to this page with its redirect', async () => {
    server(null);
    renderPage(<LoginPage />, { path: paths.login.getHref({ redirect: '/pages/user/myclass' }) });
    await waitFor(() => expect(startWechatLogin).toHaveBeenCalledTimes(1));
    expect(startWechatLogin).toHaveBeenCalledWith(
      paths.login.getHref({ redirect: '/pages/user/myclass' }),
      'base',
    );
    // The page says so once it has rendered again after starting, which a busy machine may delay.
    expect((await screen.findByRole('status')).textContent).toBe('正在前往微信授权…');
  });

  it('trades the ticket once for a session and goes where the reader was headed', async () => {
    const user = member({ id: 9, phone: '', nickname: '微信用户' });
    const calls = server(null, (call) =>
      call.path === '/crm/member/wechat' && call.method === 'POST'
        ? okAnswer<WechatLoginResult>({ jwt: 'wechat-jwt', iat: 1_714_530_600, user, bound: false })
        : undefined,
    );
    const { here } = renderPage(<LoginPage />, {
      path: `${paths.login.path}?redirect=${encodeURIComponent('/pages/user/myclass')}&wxticket=T1`,
    });
    await waitFor(() => expect(here()).toBe('/pages/user/myclass'));
    const trades = calls.filter((c) => c.path === '/crm/member/wechat');
    expect(trades).toHaveLength(1);
    expect(trades[0]?.body).toEqual({ ticket: 'T1' });
    expect(useSession.getState()).toMatchObject({ isLogin: true, user: { id: 9 } });
    expect(startWechatLogin).not.toHaveBeenCalled();
  });

  it('says a refused ticket beside the SMS form and does not start again by itself', async () => {
    server(null, (call) =>
      call.path === '/crm/member/wechat' ? failureAnswer('Unauthorized', '微信登录已失效') : undefined,
    );
    renderPage(<LoginPage />, { path: `${paths.login.path}?wxticket=used` });
    expect(await screen.findByRole('button', { name: '微信一键登录' })).toBeTruthy();
    expect(screen.getByLabelText('手机号', { selector: 'input' })).toBeTruthy();
    expect(useSession.getState().isLogin).toBe(false);
    expect(startWechatLogin).not.toHaveBeenCalled();
  });

  it('says why an authorisation came back without a ticket, and 微信一键登录 asks for the profile', async () => {
    server(null);
    renderPage(<LoginPage />, { path: `${paths.login.path}?wxerror=denied` });
    expect(await screen.findByText('您没有同意微信授权，也可以用手机号登录')).toBeTruthy();
    expect(startWechatLogin).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: '微信一键登录' }));
    expect(startWechatLogin).toHaveBeenCalledWith(paths.login.path, 'userinfo');
  });

  it('keeps phone login alone outside WeChat', async () => {
    vi.restoreAllMocks();
    const calls = server(null);
    renderPage(<LoginPage />, { path: paths.login.path });
    await act(async () => {});
    expect(screen.queryByRole('button', { name: '微信一键登录' })).toBeNull();
    expect(startWechatLogin).not.toHaveBeenCalled();
    expect(calls.some((c) => c.path === '/crm/member/wechat')).toBe(false);
  });
});

describe('我的 inside WeChat', () => {
  beforeEach(() => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
  });

  it('offers a visitor 微信登录 beside phone login', async () => {
    server(null);
    const { here } = renderPage(<UserPage />, { path: paths.user.path });
    fireEvent.click(await screen.findByRole('button', { name: '微信登录' }));
    expect(startWechatLogin).toHaveBeenCalledWith(
      paths.login.getHref({ redirect: paths.user.path }),
      'userinfo',
    );
    fireEvent.click(screen.getByRole('button', { name: '手机号登录' }));
    expect(here()).toBe(decodeURIComponent(paths.login.getHref({ manual: 1, redirect: paths.user.path })));
  });

  it('shows a WeChat account without a phone its ways in, with 去绑定 for the phone', async () => {
    loginAs({ phone: '', nickname: '微信用户' });
    server({ enabled: true, bound: true, nickname: '老张' });
    const { here } = renderPage(<UserPage />, { path: paths.user.path });
    expect(await screen.findByText('已绑定（老张）')).toBeTruthy();
    fireEvent.click(screen.getByText('去绑定'));
    expect(here()).toBe(paths.bindPhone.path);
  });
});

describe('BindPhonePage (pages/user/bind-phone)', () => {
  it("links the phone; when it had an account, goes on as that account's session", async () => {
    loginAs({ id: 9, phone: '' });
    const merged = member({
      id: 3,
      phone: '139****1234',
      vip_expire: '2027-01-01T00:00:00.000Z',
      isVip: true,
    });
    const calls = installFakeApi((call) => {
      if (call.path === '/crm/member/sms') return okAnswer({ resendAfter: 60 });
      if (call.path === '/crm/member/bind-phone')
        return okAnswer<BindPhoneResult>({
          jwt: 'merged-jwt',
          iat: 1_714_530_600,
          user: merged,
          merged: true,
        });
      return undefined;
    });
    const { here } = renderPage(<BindPhonePage />, { path: paths.bindPhone.path });
    fireEvent.click(screen.getByRole('button', { name: '绑定手机号' }));
    expect(await screen.findByText('请输入正确的 11 位手机号')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('手机号', { selector: 'input' }), {
      target: { value: '13900001234' },
    });
    fireEvent.change(screen.getByLabelText('验证码', { selector: 'input' }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '绑定手机号' }));
    await waitFor(() => expect(here()).toBe(paths.user.path));
    expect(calls.find((c) => c.path === '/crm/member/bind-phone')).toMatchObject({
      body: { phone: '13900001234', code: '123456' },
      token: 'member-jwt',
    });
    expect(useSession.getState().user).toMatchObject({ id: 3, phone: '139****1234' });
    expect(window.localStorage.getItem('jw-token')).toContain('merged-jwt');
  });

  it('shows a wrong code beside the code field', async () => {
    loginAs({ phone: '' });
    installFakeApi((call) =>
      call.path === '/crm/member/bind-phone' ? failureAnswer('InvalidCode', 'wrong code', 'code') : undefined,
    );
    renderPage(<BindPhonePage />, { path: paths.bindPhone.path });
    fireEvent.change(screen.getByLabelText('手机号', { selector: 'input' }), {
      target: { value: '13900001234' },
    });
    fireEvent.change(screen.getByLabelText('验证码', { selector: 'input' }), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: '绑定手机号' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/验证码/);
    expect(useSession.getState().user).toMatchObject({ phone: '' });
  });
});

describe('设置: the WeChat binding', () => {
  it('unbinds WeChat after saying which phone logs in from then on', async () => {
    loginAs({ phone: '138****0000' });
    const calls = server({ enabled: true, bound: true, nickname: null }, (call) =>
      call.path === '/crm/member/wechat/unbind' ? okAnswer({ unbound: true }) : undefined,
    );
    renderPage(<SettingPage />, { path: paths.setting.path });
    fireEvent.click(await screen.findByText('已绑定，点击解除'));
    expect(await screen.findByText(/请用手机号 138\*\*\*\*0000 登录/)).toBeTruthy();
    await answerDialog('解除绑定');
    await waitFor(() => expect(calls.some((c) => c.path === '/crm/member/wechat/unbind')).toBe(true));
  });

  it('sends an account without a phone to link one first instead', async () => {
    loginAs({ phone: '' });
    const calls = server({ enabled: true, bound: true, nickname: null });
    const { here } = renderPage(<SettingPage />, { path: paths.setting.path });
    fireEvent.click(await screen.findByText('已绑定，点击解除'));
    await waitFor(() =>
      expect(here()).toBe(decodeURIComponent(paths.bindPhone.getHref({ redirect: paths.setting.path }))),
    );
    expect(calls.some((c) => c.path === '/crm/member/wechat/unbind')).toBe(false);
  });
});
