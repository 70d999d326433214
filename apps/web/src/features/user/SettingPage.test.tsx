import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DeleteResult, MemberLogoutResult } from '@xuanli/contracts/member';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { type ApiCall, installFakeApi, loginAs, pageTests, renderPage } from '@/testing/app-harness';
import { okAnswer } from '@/testing/fake-answers';
import SettingPage from './SettingPage';

/** The calls that change something: the page also reads the WeChat binding for its 微信 row. */
const changes = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET');

/** Taps a button of the open confirmation dialog (still fading in, so without a pointer check). */
async function answerDialog(name: string) {
  const button = await screen.findByRole('button', { name });
  await act(async () => fireEvent.click(button));
}

pageTests();

describe('SettingPage (pages/user/setting)', () => {
  it('reports version 1.4.0 (build 100) under 关于玄历 (PRODUCT.md#who)', () => {
    renderPage(<SettingPage />, { path: paths.setting.path });
    expect(screen.getByText('版本 1.4.0 (build 100)')).toBeTruthy();
  });

  it('logs out after 确认退出: the session ends on the server, the record goes, the 我的 tab opens', async () => {
    loginAs();
    const calls = installFakeApi(({ path }) =>
      path === '/crm/member/logout'
        ? okAnswer<MemberLogoutResult>({ revokedAt: new Date().toISOString() })
        : undefined,
    );
    const { here } = renderPage(<SettingPage />, { path: paths.setting.path });
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('确定要退出当前账号吗？')).toBeTruthy();
    await answerDialog('确认退出');
    await waitFor(() => expect(here()).toBe(paths.user.path));
    expect(changes(calls).map((c) => c.path)).toEqual(['/crm/member/logout']);
    expect(changes(calls)[0]?.token).toBe('member-jwt');
    expect(useSession.getState()).toMatchObject({ isLogin: false, user: null });
    expect(window.localStorage.getItem('jw-token')).toBeNull();
  });

  it('stays logged in when the reader cancels', async () => {
    loginAs();
    const calls = installFakeApi(() => undefined);
    const { here } = renderPage(<SettingPage />, { path: paths.setting.path });
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await answerDialog('取消');
    expect(changes(calls)).toEqual([]);
    expect(useSession.getState().isLogin).toBe(true);
    expect(here()).toBe(paths.setting.path);
  });

  it('logs out on this phone even when the server cannot be reached', async () => {
    loginAs();
    const { here } = renderPage(<SettingPage />, { path: paths.setting.path });
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    const original = globalThis.fetch;
    globalThis.fetch = offline as typeof fetch;
    try {
      fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
      await answerDialog('确认退出');
      await waitFor(() => expect(here()).toBe(paths.user.path));
    } finally {
      globalThis.fetch = original;
    }
    expect(useSession.getState().isLogin).toBe(false);
    expect(window.localStorage.getItem('jw-token')).toBeNull();
  });

  it('clears cached answers, never the login or the saved 命例, and says how much', async () => {
    loginAs();
    window.localStorage.setItem('jx-fen-1a2b3c', JSON.stringify({ relation: '六合', fen: 95 }));
    window.localStorage.setItem('jx-fen-4d5e6f', JSON.stringify({ relation: '冲', fen: 30 }));
    window.localStorage.setItem('kefu-info', JSON.stringify({ nickname: '客服' }));
    window.localStorage.setItem('bazi-profiles', JSON.stringify([{ name: '示例' }]));
    window.localStorage.setItem('theme', JSON.stringify('#aa0000'));
    renderPage(<SettingPage />, { path: paths.setting.path });
    fireEvent.click(screen.getByText('清除缓存'));
    expect(await screen.findByText(/^已清除 3 项缓存，约 \d+ B$/)).toBeTruthy();
    expect(Object.keys(window.localStorage).sort()).toEqual(['bazi-profiles', 'jw-token', 'theme']);
    expect(useSession.getState().isLogin).toBe(true);
  });

  it('deletes the account only after two confirmations that say what is deleted, then logs out', async () => {
    loginAs();
    const calls = installFakeApi(({ path }) =>
      path === '/crm/member/delete'
        ? okAnswer<DeleteResult>({ deletedAt: new Date().toISOString() })
        : undefined,
    );
    const { here } = renderPage(<SettingPage />, { path: paths.setting.path });
    fireEvent.click(screen.getByText('注销账号'));
    expect(await screen.findByText(/昵称、头像和手机号将从账号中删除/)).toBeTruthy();
    await answerDialog('继续注销');
    expect(changes(calls)).toEqual([]);
    expect(await screen.findByText('确定要永久注销这个账号吗？此操作无法撤销。')).toBeTruthy();
    await answerDialog('确认注销');
    await waitFor(() => expect(here()).toBe(paths.user.path));
    expect(changes(calls).map((c) => [c.method, c.path])).toEqual([['POST', '/crm/member/delete']]);
    expect(useSession.getState().isLogin).toBe(false);
    expect(window.localStorage.getItem('jw-token')).toBeNull();
  });

  it('shows a visitor no account entries', () => {
    renderPage(<SettingPage />, { path: paths.setting.path });
    expect(screen.queryByText('注销账号')).toBeNull();
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
    expect(screen.getByText('用户协议')).toBeTruthy();
  });
});
