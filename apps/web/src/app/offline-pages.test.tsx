/**
 * The reading tabs — 课堂, 商城, 定制 and 我的 — offline and with our server stopped, as a reader meets
 * them: a first visit online keeps the answers (lib/query-persist.ts); the app reopened offline shows
 * them under a 离线 notice, never a load failure, and picks up the fresh answers by itself when the
 * network returns; with the server gone (connection refused, a gateway's 502) the tabs say
 * 服务暂时不可用 and mark what they show as possibly out of date, and recover without a tap once the
 * server answers again.
 */
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { DingzhiAnswer, DingzhiProfile, FortuneDay } from '@xuanli/contracts/dingzhi';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_PROBE_INTERVAL_MS } from '@/components/ConnectionNotice';
import DingzhiPage from '@/features/dingzhi/DingzhiPage';
import { categoryList, coursePage, courseSummary } from '@/features/ketang/course-fixtures';
import KetangPage from '@/features/ketang/KetangPage';
import ShopPage from '@/features/shop/ShopPage';
import { productPage, productSummary } from '@/features/shop/testing';
import UserPage from '@/features/user/UserPage';
import { followNetworkState } from '@/lib/query';
import { keepQueriesAcrossVisits } from '@/lib/query-persist';
import { noteAnswer } from '@/lib/service-health';
import { type ApiCall, clearOverlays, installFakeApi, loginAs, resetSession } from '@/testing/app-harness';
import { okAnswer } from '@/testing/fake-answers';
import { kefuLabel } from '@/testing/kefu';
import { vipMember } from '@/testing/members';
import { AppProvider } from './provider';

/** Wednesday 2026-01-14, 12:00 in Beijing. */
const NOW = Date.UTC(2026, 0, 14, 4);
/** The phone's clock, moved on between visits. */
let now = NOW;

const PROFILE: DingzhiProfile = {
  name: '王小明',
  sex: '女',
  born: '公 1985-05-10 08:00',
  yunType: 'caiyun',
  updatedAt: '2026-01-10T02:00:00.000Z',
};

function fortune(desc: string): DingzhiAnswer {
  const day = (date: string): FortuneDay => ({
    date,
    yunType: 'caiyun',
    fen: 88,
    jx: '大吉',
    desc,
    dayGanzhi: '庚寅',
    relation: '六合',
    lucky: { directions: ['财神 正东'], hours: ['辰时 07:00–08:59'], colour: '黑色', number: 6 },
  });
  const week = ['12', '13', '14', '15', '16', '17', '18'].map((d) => day(`2026-01-${d}`));
  return { day: week[2]!, week };
}

/**
 * The server, in its version `edition` (the titles say which): the classroom, the shop, 定制 and the
 * customer-service card. `down` makes every call fail as a stopped server does (connection refused);
 * `/health` answers 200 unless down.
 */
function server(state: { edition: string; down: boolean }) {
  return installFakeApi((call: ApiCall) => {
    if (state.down) throw new TypeError('Failed to fetch');
    const { edition } = state;
    switch (call.path) {
      case '/health':
        return okAnswer({ status: 'ok' });
      case '/crm/ketang/categories':
        return okAnswer(categoryList);
      case '/crm/ketang/list':
        return okAnswer(coursePage([courseSummary({ title: `八字入门（${edition}）` })]));
      case '/shop/categories':
        return okAnswer({ list: [{ id: 1, name: '手串', icon: '' }] });
      case '/shop/products':
        return okAnswer(productPage([productSummary({ id: 1, title: `沉香手串（${edition}）` })]));
      case '/base/sysapi/label':
        return okAnswer(kefuLabel());
      case '/app/bln.suan/dingzhi/profile':
        return okAnswer(PROFILE);
      case '/app/bln.suan/dingzhi':
        return okAnswer(fortune(`今天的运势（${edition}）`));
      default:
        return undefined;
    }
  });
}

let client: QueryClient;
const stops: (() => void)[] = [];

/** Opens the app afresh (a new query client, as a reload does), restoring what the last visit kept. */
function openApp(Page: ComponentType, path: string) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  stops.push(keepQueriesAcrossVisits(client));
  return render(
    <QueryClientProvider client={client}>
      <AppProvider queryClient={client}>
        <MemoryRouter initialEntries={[path]}>
          <Page />
        </MemoryRouter>
      </AppProvider>
    </QueryClientProvider>,
  );
}

/** The browser's network switch: navigator.onLine and the window event the app listens to. */
const onLine = () => vi.spyOn(navigator, 'onLine', 'get');
function goOffline() {
  onLine().mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}
function goOnline() {
  onLine().mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

/** Saves what a page showed, as the app does shortly after its answers arrive. */
async function leaveThePage(unmount: () => void) {
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, 900));
  });
  unmount();
  for (const stop of stops.splice(0)) stop();
  // The reader comes back an hour later.
  now += 3600_000;
}

const noticeText = () => document.querySelector('p[role="status"]')?.textContent ?? '';

beforeEach(() => {
  now = NOW;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  resetSession();
  localStorage.clear();
  noteAnswer(200, 0);
  stops.push(followNetworkState());
});

afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  onlineManager.setOnline(true);
  await clearOverlays();
  resetSession();
});

/** The tabs with what each shows of an edition of the server, and a call each makes again when back online. */
const TABS: {
  name: string;
  Page: ComponentType;
  path: string;
  shows: (edition: string) => string;
  refetched: string;
}[] = [
  {
    name: '课堂',
    Page: KetangPage,
    path: '/pages/ketang/index',
    shows: (e) => `八字入门（${e}）`,
    refetched: '/crm/ketang/list',
  },
  {
    name: '商城',
    Page: ShopPage,
    path: '/pages/index/shop',
    shows: (e) => `沉香手串（${e}）`,
    refetched: '/shop/products',
  },
  {
    name: '定制',
    Page: DingzhiPage,
    path: '/pages/dingzhi/index',
    shows: (e) => `今天的运势（${e}）`,
    refetched: '/app/bln.suan/dingzhi/profile',
  },
];

describe('offline, the reading tabs show what they showed last, marked 离线, and recover by themselves', () => {
  it.each(TABS)('$name', async ({ Page, path, shows, refetched }) => {
    const state = { edition: '第一版', down: false };
    const calls = server(state);
    loginAs(vipMember());
    const first = openApp(Page, path);
    expect(await screen.findByText(shows('第一版'))).toBeTruthy();
    expect(noticeText()).toBe('');
    await leaveThePage(first.unmount);

    // Reopened with no network: last visit's answers, a 离线 notice, no failure.
    goOffline();
    state.edition = '第二版';
    openApp(Page, path);
    expect(await screen.findByText(shows('第一版'))).toBeTruthy();
    expect(noticeText()).toBe('离线显示的是上次的内容，联网后自动更新');
    expect(screen.queryByText(/加载失败/)).toBeNull();

    // The network returns: the page asks again by itself.
    const before = calls.filter((c) => c.path === refetched).length;
    goOnline();
    expect(await screen.findByText(shows('第二版'))).toBeTruthy();
    await waitFor(() => expect(noticeText()).toBe(''));
    await waitFor(() => expect(calls.filter((c) => c.path === refetched).length).toBeGreaterThan(before));
  });

  it('我的 keeps the signed-in card and says what needs the network', async () => {
    loginAs({ nickname: '王小明' });
    goOffline();
    openApp(UserPage, '/pages/user/index');
    expect(screen.getByText('王小明')).toBeTruthy();
    expect(noticeText()).toContain('离线');
    goOnline();
    await waitFor(() => expect(noticeText()).toBe(''));
  });

  it('a tab never opened before waits for the network under the notice, then loads', async () => {
    const state = { edition: '第一版', down: false };
    server(state);
    goOffline();
    openApp(KetangPage, '/pages/ketang/index');
    await waitFor(() => expect(noticeText()).toContain('网络未连接，联网后自动加载'));
    expect(screen.queryByText(/加载失败/)).toBeNull();
    goOnline();
    expect(await screen.findByText('八字入门（第一版）')).toBeTruthy();
  });
});

describe('定制 offline on another day of a week it has shown', () => {
  it("shows that day's fortune from the week kept on Monday, without the server", async () => {
    const calls = server({ edition: '周一取得', down: false });
    loginAs(vipMember());
    // Monday 2026-01-12: the tab fetched the day and its week.
    now = Date.UTC(2026, 0, 12, 4);
    const monday = openApp(DingzhiPage, '/pages/dingzhi/index');
    expect(await screen.findByRole('heading', { name: '今日财运' })).toBeTruthy();
    await leaveThePage(monday.unmount);

    // Wednesday, offline: the kept week answers for Wednesday, as the server would.
    now = NOW;
    goOffline();
    const asked = calls.filter((c) => c.path === '/app/bln.suan/dingzhi').length;
    openApp(DingzhiPage, '/pages/dingzhi/index');
    const today = await screen.findByRole('region', { name: '今日财运' });
    expect(today.textContent).toContain('今天的运势（周一取得）');
    expect(screen.getByRole('button', { name: /^周三 1月14日 今天/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(calls.filter((c) => c.path === '/app/bln.suan/dingzhi').length).toBe(asked);
  });
});

describe('with our server stopped, the tabs say 服务暂时不可用 and recover once it answers', () => {
  it('marks what is shown as possibly out of date, then refreshes without a tap', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const state = { edition: '第一版', down: false };
      const calls = server(state);
      const first = openApp(KetangPage, '/pages/ketang/index');
      expect(await screen.findByText('八字入门（第一版）')).toBeTruthy();
      await leaveThePage(first.unmount);

      state.down = true;
      state.edition = '第二版';
      openApp(KetangPage, '/pages/ketang/index');
      expect(await screen.findByText('八字入门（第一版）')).toBeTruthy();
      await waitFor(() => expect(noticeText()).toBe('服务暂时不可用内容可能不是最新的'));
      expect(noticeText()).not.toContain('网络未连接');

      state.down = false;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(SERVICE_PROBE_INTERVAL_MS);
      });
      expect(calls.some((c) => c.path === '/health')).toBe(true);
      expect(await screen.findByText('八字入门（第二版）')).toBeTruthy();
      await waitFor(() => expect(noticeText()).toBe(''));
    } finally {
      vi.useRealTimers();
    }
  });

  it('says 服务暂时不可用 where nothing was kept, not 网络未连接', async () => {
    server({ edition: '第一版', down: true });
    openApp(ShopPage, '/pages/index/shop');
    expect(await screen.findByText(`加载失败：${ERROR_MESSAGES_ZH.Unavailable}`)).toBeTruthy();
    expect(noticeText()).toContain('服务暂时不可用');
    expect(document.body.textContent).not.toContain('网络未连接');
  });
});
