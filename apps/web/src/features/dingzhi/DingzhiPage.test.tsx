import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DingzhiAnswer, DingzhiProfile, FortuneDay } from '@xuanli/contracts/dingzhi';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionSync } from '@/app/SessionSync';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';
import { deferred, installFakeApi, loginAs, renderPage, resetSession } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import { kefuLabel } from '@/testing/kefu';
import { member, vipMember } from '@/testing/members';
import DingzhiPage from './DingzhiPage';

/** Wednesday 2026-01-14, 12:00 in Beijing: its week runs Monday 01-12 … Sunday 01-18. */
const NOW = Date.UTC(2026, 0, 14, 4);
const WEEK_DATES = ['12', '13', '14', '15', '16', '17', '18'].map((d) => `2026-01-${d}`);
const GRADES: FortuneDay['jx'][] = ['中平', '小吉', '大吉', '小凶', '中吉', '大凶', '中凶'];
/** The day branch's relation behind each grade: the 凶 days meet a 害, a 冲 and a 刑. */
const RELATIONS: FortuneDay['relation'][] = ['助', '生', '六合', '害', '三合', '冲', '刑'];

function fortuneDay(date: string, yunType: FortuneDay['yunType'], index: number): FortuneDay {
  return {
    date,
    yunType,
    fen: 50 + index * 5,
    jx: GRADES[index]!,
    desc: `${date} ${yunType} 的解读。`,
    dayGanzhi: '庚寅',
    relation: RELATIONS[index]!,
    lucky: {
      directions: ['财神 正东'],
      hours: ['辰时 07:00–08:59', '午时 11:00–12:59'],
      colour: '黑色',
      number: 6,
    },
  };
}

function answer(yunType: FortuneDay['yunType'], date = '2026-01-14'): DingzhiAnswer {
  const week = WEEK_DATES.map((d, i) => fortuneDay(d, yunType, i));
  return { day: week[WEEK_DATES.indexOf(date)]!, week };
}

const PROFILE = { name: '王小明', sex: '女' as const, born: '公 1985-05-10 08:00' };
const PROFILE_PATH = '/app/bln.suan/dingzhi/profile';

/** A stored 定制 profile as the server answers it. */
function savedProfile(
  profile: { name: string; sex: '男' | '女'; born: string } = PROFILE,
  yunType: FortuneDay['yunType'] = 'caiyun',
): DingzhiProfile {
  return { ...profile, yunType, updatedAt: '2026-01-10T02:00:00.000Z' };
}

/**
 * The fake API: the kefu label, the account's 定制 profile (`stored`, null before the first save; a PUT
 * replaces it) and 定制 answers by the requested type (or `dingzhi` when given).
 */
function server(
  dingzhi?: (body: Record<string, unknown>) => Response | Promise<Response>,
  stored: DingzhiProfile | null = null,
) {
  let profile = stored;
  return installFakeApi((call) => {
    if (call.path === '/base/sysapi/label') return okAnswer(kefuLabel());
    if (call.path === PROFILE_PATH && call.method === 'GET') return okAnswer(profile);
    if (call.path === PROFILE_PATH && call.method === 'PUT') {
      const body = call.body as Omit<DingzhiProfile, 'updatedAt'>;
      profile = { ...body, yunType: body.yunType ?? 'caiyun', updatedAt: new Date(NOW).toISOString() };
      return okAnswer(profile);
    }
    if (call.path === '/app/bln.suan/dingzhi') {
      return dingzhi ? dingzhi(call.body) : okAnswer(answer(call.body.yunType as FortuneDay['yunType']));
    }
  });
}

const profileCalls = (calls: ReturnType<typeof server>) => calls.filter((c) => c.path === PROFILE_PATH);

const dingzhiCalls = (calls: ReturnType<typeof server>) =>
  calls.filter((c) => c.path === '/app/bln.suan/dingzhi');

function openPage() {
  return renderPage(<DingzhiPage />, { path: '/pages/dingzhi/index' });
}

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  resetSession();
  useDialogs.setState({ name: null, params: {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('定制 for readers without VIP', () => {
  it('shows a visitor the offer, 登录, the customer-service card and the five benefits', async () => {
    const calls = server();
    openPage();
    expect(screen.getByRole('heading', { level: 1, name: '私人定制' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '专属运势 · VIP专享' })).toBeTruthy();
    const login = screen.getByRole('link', { name: '登录' });
    expect(login.getAttribute('href')).toBe('/pages/user/login?redirect=%2Fpages%2Fdingzhi%2Findex');
    expect(await screen.findByRole('heading', { name: '小玄' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'VIP会员福利' })).getAllByRole('listitem')).toHaveLength(
      5,
    );
    expect(dingzhiCalls(calls)).toHaveLength(0);
  });

  it('shows a user without VIP the card and benefits, without 登录 and without asking the fortune', async () => {
    const calls = server();
    loginAs();
    openPage();
    expect(await screen.findByText('xuanli-kefu')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
    expect(screen.getByRole('list', { name: 'VIP会员福利' })).toBeTruthy();
    expect(dingzhiCalls(calls)).toHaveLength(0);
  });

  it('says a failed customer-service card in Chinese, with 重试', async () => {
    installFakeApi(() => failureAnswer('InternalError', 'db down'));
    openPage();
    expect(await screen.findByText('加载失败：服务器出了点问题，请稍后重试')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('定制 for a VIP', () => {
  it('asks for the profile first, then shows the fortune of the saved profile', async () => {
    const calls = server();
    loginAs(vipMember());
    openPage();
    expect(await screen.findByRole('heading', { name: '填写出生资料' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '王小明' } });
    fireEvent.click(screen.getByRole('radio', { name: '女' }));
    fireEvent.change(screen.getByRole('combobox', { name: '年' }), { target: { value: '1985' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '开始定制' })));
    expect(await screen.findByRole('heading', { name: '今日财运' })).toBeTruthy();
    // Saved as the account's own 定制 profile on the server; the 排盘 page's chart is not touched.
    expect(profileCalls(calls).find((c) => c.method === 'PUT')?.body).toEqual({
      ...PROFILE,
      yunType: 'caiyun',
    });
    expect(useSession.getState().bazi).toBeNull();
    expect(dingzhiCalls(calls)[0]?.body).toEqual({ bazi: PROFILE, yunType: 'caiyun', date: '2026-01-14' });
  });

  it("shows today's grade, score, reading, lucky things and the week strip", async () => {
    server(undefined, savedProfile());
    loginAs(vipMember());
    openPage();
    expect(await screen.findByRole('status', { name: '正在推算运势' })).toBeTruthy();
    const card = await screen.findByRole('region', { name: '今日财运' });
    expect(within(card).getByText('大吉')).toBeTruthy();
    expect(within(card).getByRole('img', { name: '运势评分 60 分' })).toBeTruthy();
    expect(within(card).getByText('2026-01-14 caiyun 的解读。')).toBeTruthy();
    expect(within(card).getByText('流日与日支六合')).toBeTruthy();
    // A 吉 day says its grade; the 凶 days below say it as advice, with the reason.
    expect(within(card).getByText('财神 正东')).toBeTruthy();
    expect(within(card).getByText('辰时 07:00–08:59')).toBeTruthy();
    expect(within(card).getByText('黑色')).toBeTruthy();
    const strip = within(screen.getByRole('region', { name: '本周运势' }));
    const days = strip.getAllByRole('button');
    expect(days).toHaveLength(7);
    expect(days.map((d) => d.getAttribute('aria-label'))).toEqual([
      '周一 1月12日 中平',
      '周二 1月13日 小吉',
      '周三 1月14日 今天 大吉',
      '周四 1月15日 宜缓不宜急（日支相害）',
      '周五 1月16日 中吉',
      '周六 1月17日 宜守不宜进（日支相冲）',
      '周日 1月18日 宜静不宜动（日支相刑）',
    ]);
    expect(strip.queryByText(/凶/)).toBeNull();
    expect(days[5]?.textContent).toBe('六17宜守逢冲');
    expect(days[2]?.getAttribute('aria-pressed')).toBe('true');
    expect(useSession.getState()).toMatchObject({ today: '2026-01-14', currWeek: 2 });
  });

  it('words a 凶 day as restrained advice with its reason, never a bare 大凶', async () => {
    server(undefined, savedProfile());
    loginAs(vipMember());
    openPage();
    await screen.findByRole('region', { name: '今日财运' });
    fireEvent.click(screen.getByRole('button', { name: /^周六 1月17日 / }));
    const card = screen.getByRole('region', { name: '1月17日财运' });
    expect(within(card).getByText('宜守不宜进')).toBeTruthy();
    expect(within(card).getByText('日支相冲')).toBeTruthy();
    expect(within(card).queryByText(/凶/)).toBeNull();
    expect(within(card).getByRole('img', { name: '运势评分 75 分' })).toBeTruthy();
  });

  it("shows another day's fortune from the strip without asking again, and remembers it", async () => {
    const calls = server(undefined, savedProfile());
    loginAs(vipMember());
    const { unmount } = openPage();
    await screen.findByRole('region', { name: '今日财运' });
    fireEvent.click(screen.getByRole('button', { name: '周五 1月16日 中吉' }));
    const card = screen.getByRole('region', { name: '1月16日财运' });
    expect(within(card).getByText('2026-01-16 caiyun 的解读。')).toBeTruthy();
    expect(useSession.getState().currWeek).toBe(4);
    expect(dingzhiCalls(calls)).toHaveLength(1);
    unmount();
    openPage();
    expect(await screen.findByRole('region', { name: '1月16日财运' })).toBeTruthy();
  });

  it('asks again for another type, and keeps the type (PRODUCT.md#dingzhi)', async () => {
    const calls = server(undefined, savedProfile());
    loginAs(vipMember());
    openPage();
    await screen.findByRole('region', { name: '今日财运' });
    fireEvent.click(screen.getByRole('radio', { name: '事业' }));
    expect(await screen.findByText('2026-01-14 shiye 的解读。')).toBeTruthy();
    expect(screen.getByRole('region', { name: '今日事业' })).toBeTruthy();
    expect(dingzhiCalls(calls).map((c) => c.body.yunType)).toEqual(['caiyun', 'shiye']);
    expect(JSON.parse(localStorage.getItem('yunType') ?? 'null')).toBe('shiye');
  });

  it('opens the VIP dialog from 修改资料', async () => {
    server(undefined, savedProfile());
    loginAs(vipMember());
    openPage();
    expect(await screen.findByText('公历 1985-05-10 08:00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '修改资料' }));
    expect(useDialogs.getState().name).toBe('vip');
  });

  it('says a failure in Chinese and loads on 重试', async () => {
    let fail = true;
    server(
      () => (fail ? failureAnswer('InternalError', 'boom') : okAnswer(answer('caiyun'))),
      savedProfile(),
    );
    loginAs(vipMember());
    openPage();
    expect(await screen.findByText('运势加载失败：服务器出了点问题，请稍后重试')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('region', { name: '今日财运' })).toBeTruthy();
  });

  it('offers the customer service when the server says the VIP has ended (403)', async () => {
    server(() => failureAnswer('Forbidden', 'vip required'), savedProfile());
    loginAs(vipMember());
    openPage();
    expect(await screen.findByText('运势加载失败：没有权限查看，开通 VIP 请联系客服')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '联系客服' }));
    expect(useDialogs.getState().name).toBe('kefu');
  });

  it('shows the visitor view when the server has ended the session (401)', async () => {
    const gate = deferred();
    server(async () => {
      await gate.promise;
      return failureAnswer('Unauthorized', 'session revoked');
    }, savedProfile());
    loginAs(vipMember());
    openPage();
    gate.resolve();
    await waitFor(() => expect(screen.getByRole('link', { name: '登录' })).toBeTruthy());
  });
});

describe('a membership granted while the app is open', () => {
  let showTab: (shown: boolean) => void = () => {};

  /** The app's session sync, mounted once as the app does, and 定制 shown or not (another tab). */
  function App() {
    const [shown, setShown] = useState(true);
    showTab = setShown;
    return (
      <>
        <SessionSync />
        {shown ? <DingzhiPage /> : <p>日历</p>}
      </>
    );
  }

  /** Opens the app on 定制; `granted()` decides whether the server's profile says VIP. */
  async function openWithSync(granted: () => boolean) {
    const calls = installFakeApi((call) => {
      if (call.path === '/base/sysapi/label') return okAnswer(kefuLabel());
      if (call.path === '/crm/member/profile') return okAnswer(granted() ? vipMember() : member());
      if (call.path === '/crm/ketang/myorder') return okAnswer({ list: [], total: 0 });
      if (call.path === PROFILE_PATH) return okAnswer(null);
    });
    const profileCalls = () => calls.filter((c) => c.path === '/crm/member/profile').length;
    renderPage(<App />, { path: '/pages/dingzhi/index' });
    expect(await screen.findByText('xuanli-kefu')).toBeTruthy();
    // The launch fetch (the sync starts when the browser is idle) said: no VIP.
    await waitFor(() => expect(profileCalls()).toBe(1));
    return profileCalls;
  }

  it('opens the 定制 form when the tab is opened again, without a reload', async () => {
    // The sync's gaps are counted on the monotonic clock; the test moves it on.
    const real = performance.now.bind(performance);
    let later = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => real() + later);
    let granted = false;
    loginAs();
    const profileCalls = await openWithSync(() => granted);
    act(() => showTab(false));

    // Customer service grants VIP; a minute later the reader taps 定制 again.
    granted = true;
    later += 60_000;
    act(() => showTab(true));
    expect(await screen.findByRole('heading', { name: '填写出生资料' })).toBeTruthy();
    expect(profileCalls()).toBe(2);
  });

  it('opens the form when the reader comes back from WeChat to the open tab', async () => {
    // The sync's gaps are counted on the monotonic clock; the test moves it on.
    const real = performance.now.bind(performance);
    let later = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => real() + later);
    let granted = false;
    loginAs();
    await openWithSync(() => granted);
    granted = true;
    later += 60_000;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByRole('heading', { name: '填写出生资料' })).toBeTruthy();
    expect(screen.queryByText('xuanli-kefu')).toBeNull();
  });
});
