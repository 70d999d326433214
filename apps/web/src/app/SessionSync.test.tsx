import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { sendFeedback } from '@/features/user/api/send-feedback';
import { useSession } from '@/stores/session';
import { installFakeApi, loginAs, member, resetSession } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import { SessionSync } from './SessionSync';

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

describe('SessionSync (SPEC §4)', () => {
  it('fetches nothing for a visitor, then the profile and courses as soon as the login flag turns on', async () => {
    const calls = installFakeApi(({ path }) => {
      if (path === '/crm/member/profile') return okAnswer(member({ nickname: '服务器上的名字' }));
      if (path === '/crm/ketang/myorder') return okAnswer({ list: [{ id: 3 }], total: 1 });
    });
    renderSync();
    // Give the lazily loaded sync time to start: a visitor still triggers no member call.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(memberCalls(calls)).toEqual([]);

    act(() => {
      loginAs(member());
    });
    await waitFor(() => expect(useSession.getState().user?.nickname).toBe('服务器上的名字'));
    await waitFor(() => expect(useSession.getState().myclass).toEqual([{ id: 3 }]));
    expect(memberCalls(calls).sort()).toEqual(['/crm/ketang/myorder', '/crm/member/profile']);
  });

  it('fetches at launch for a stored login and keeps the fresh profile on the stored record', async () => {
    loginAs(member({ nickname: '旧名字' }));
    installFakeApi(({ path }) => {
      if (path === '/crm/member/profile') return okAnswer(member({ nickname: '新名字', isVip: true }));
      if (path === '/crm/ketang/myorder') return okAnswer({ list: [], total: 0 });
    });
    renderSync();
    await waitFor(() => expect(useSession.getState().user?.nickname).toBe('新名字'));
    expect(JSON.parse(window.localStorage.getItem('jw-token') ?? 'null').user.nickname).toBe('新名字');
  });

  it('sends the reader to the login page, with the way back, when a member call finds the session gone', async () => {
    loginAs(member());
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
});
