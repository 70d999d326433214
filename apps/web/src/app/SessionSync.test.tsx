import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { sendFeedback } from '@/features/user/api/send-feedback';
import { isVip, requestProfileRefresh, useSession } from '@/stores/session';
import { installFakeApi, loginAs, resetSession } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import { member, vipMember } from '@/testing/members';
import { SessionSync } from './SessionSync';
import { FOREGROUND_REFRESH_GAP_MS, PAGE_REFRESH_GAP_MS } from './session-sync';

let where = '';
function Where() {
  const location = useLocation();
  where = decodeURIComponent(location.pathname + location.search);
  return null;
}

function renderSync(path = paths.calendar.path) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionSync />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const memberCalls = (calls: { path: string }[]) =>
  calls
    .filter((c) => c.path === '/crm/member/profile' || c.path === '/crm/ketang/myorder')
    .map((c) => c.path);

beforeEach(() => resetSession());
afterEach(() => resetSession());

/** A course the member bought, as the purchased-courses list answers it. */
const BOUGHT = {
  courseId: '3',
  title: '八字入门',
  cover: '/api/files/cover.png',
  orderNo: '20260115120000123456',
  grantedAt: '2026-01-15T04:00:00.000Z',
};

describe('SessionSync (PRODUCT.md#account)', () => {
  it('fetches nothing for a visitor, then the profile and courses as soon as the login flag turns on', async () => {
    const calls = installFakeApi(({ path }) => {
      if (path === '/crm/member/profile') return okAnswer(member({ nickname: '服务器上的名字' }));
      if (path === '/crm/ketang/myorder') return okAnswer({ list: [BOUGHT], total: 1 });
    });
    renderSync();
    // Give the lazily loaded sync time to start: a visitor still triggers no member call.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(memberCalls(calls)).toEqual([]);

    act(() => {
      loginAs();
    });
    await waitFor(() => expect(useSession.getState().user?.nickname).toBe('服务器上的名字'));
    await waitFor(() => expect(useSession.getState().myclass).toEqual([BOUGHT]));
    expect(memberCalls(calls).sort()).toEqual(['/crm/ketang/myorder', '/crm/member/profile']);
  });

  it('fetches at launch for a stored login and keeps the fresh profile on the stored record', async () => {
    loginAs({ nickname: '旧名字' });
    installFakeApi(({ path }) => {
      if (path === '/crm/member/profile') return okAnswer(member({ nickname: '新名字', isVip: true }));
      if (path === '/crm/ketang/myorder') return okAnswer({ list: [], total: 0 });
    });
    renderSync();
    await waitFor(() => expect(useSession.getState().user?.nickname).toBe('新名字'));
    expect(JSON.parse(window.localStorage.getItem('jw-token') ?? 'null').user.nickname).toBe('新名字');
  });

  it('sends the reader to the login page, with the way back, when a member call finds the session gone', async () => {
    loginAs();
    installFakeApi(({ path }) => {
      if (path === '/crm/member/profile') return okAnswer(member());
      if (path === '/crm/ketang/myorder') return okAnswer({ list: [], total: 0 });
      if (path === '/crm/feedback') return failureAnswer('Unauthorized', 'session revoked');
    });
    renderSync(paths.feedback.path);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await act(async () => {
      await sendFeedback({ content: '好用', rating: 5, images: [] }).catch(() => undefined);
    });
    expect(useSession.getState().isLogin).toBe(false);
    await waitFor(() => expect(where).toBe(`${paths.login.path}?redirect=${paths.feedback.path}`));
  });

  describe('a membership granted while the app is open', () => {
    /** A server whose profile says VIP once `granted()` is true; answers the profile calls it saw. */
    function grantingServer(granted: () => boolean) {
      const calls = installFakeApi(({ path }) => {
        if (path === '/crm/member/profile') return okAnswer(granted() ? vipMember() : member());
        if (path === '/crm/ketang/myorder') return okAnswer({ list: [], total: 0 });
      });
      return () => calls.filter((c) => c.path === '/crm/member/profile').length;
    }

    const returnToForeground = () =>
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });

    it('is seen when the app comes back to the foreground, at most once every 10 s', async () => {
      // The sync counts on the monotonic clock; time passes as the test moves it on.
      const real = performance.now.bind(performance);
      let later = 0;
      vi.spyOn(performance, 'now').mockImplementation(() => real() + later);
      let granted = false;
      const profileCalls = grantingServer(() => granted);
      loginAs();
      renderSync();
      await waitFor(() => expect(profileCalls()).toBe(1));

      // Paid in WeChat, or made VIP by customer service, then back in the app a few seconds later.
      granted = true;
      later += 3000;
      returnToForeground();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(profileCalls()).toBe(1);
      later += FOREGROUND_REFRESH_GAP_MS;
      returnToForeground();
      await waitFor(() => expect(isVip(useSession.getState().user)).toBe(true));
      expect(profileCalls()).toBe(2);
      // Focus, as a desktop window or a WebView that never hides reports it, counts the same.
      later += FOREGROUND_REFRESH_GAP_MS;
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      await waitFor(() => expect(profileCalls()).toBe(3));
    });

    it('is seen at once when a page asks (the 定制 tab opening), without waiting for the gap', async () => {
      let granted = false;
      const profileCalls = grantingServer(() => granted);
      loginAs();
      renderSync();
      await waitFor(() => expect(profileCalls()).toBe(1));
      await new Promise((resolve) => setTimeout(resolve, PAGE_REFRESH_GAP_MS));
      granted = true;
      act(() => requestProfileRefresh());
      await waitFor(() => expect(isVip(useSession.getState().user)).toBe(true));
      expect(profileCalls()).toBe(2);
    });

    it('fetches nothing for a visitor coming back to the foreground', async () => {
      const profileCalls = grantingServer(() => true);
      renderSync();
      await new Promise((resolve) => setTimeout(resolve, 400));
      returnToForeground();
      act(() => requestProfileRefresh());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(profileCalls()).toBe(0);
    });
  });
});
