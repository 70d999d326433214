import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALMANAC_ERROR_MESSAGES, isAlmanacError } from '@xuanli/almanac/errors';
import { chooseDays } from '@xuanli/almanac/zeri';
import { zeriResultPage } from '@xuanli/almanac/zeriPage';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { PROFILES_STORAGE_KEY, resetProfilesCache, type SavedProfile } from '@/stores/profiles';
import { installFakeApi, renderPage } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import { ZERI_PAGE_SIZE } from './api/get-zeri';
import { type ZeriWorkerReply, zeriReply } from './api/zeri.worker';
import ZeriPage from './ZeriPage';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

/** 2026-01-15 12:00 in Beijing. */
const NOW = Date.UTC(2026, 0, 15, 4);

const GROOM: SavedProfile = {
  name: '新郎',
  sex: '男',
  born: '公 1996-03-12 10:00',
  add_time: 1001,
  options: { zi: 'late', trueSolar: false, yunSchool: 2 },
};
const BRIDE: SavedProfile = {
  name: '新娘',
  sex: '女',
  born: '农 1998-07-15',
  add_time: 1002,
  options: { zi: 'late', trueSolar: false, yunSchool: 2, province: '香港', city: '香港' },
};

/** The query strings the page sent to /calendar/zeri, whole (born, label and tz repeat). */
let zeriSearches: URLSearchParams[] = [];

/**
 * A fake API whose /calendar/zeri answers are the engine's chooseDays of the query (as the server's
 * are), paged; `network` makes every request fail as without a network.
 */
function installZeriServer({ network = false }: { network?: boolean } = {}) {
  zeriSearches = [];
  const calls = installFakeApi(() => undefined);
  const fake = vi.mocked(fetch);
  const inner = fake.getMockImplementation()!;
  fake.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (!url.pathname.endsWith('/calendar/zeri')) return inner(input, init);
    zeriSearches.push(url.searchParams);
    if (network) throw new TypeError('Failed to fetch');
    const q = url.searchParams;
    const labels = q.getAll('label');
    const zones = q.getAll('tz');
    try {
      const result = chooseDays({
        activity: q.get('activity') ?? '',
        from: q.get('from') ?? '',
        to: q.get('to') ?? '',
        people: q.getAll('born').map((born, i) => ({ born, label: labels[i]!, timeZone: zones[i] })),
      });
      // Paged as the server pages it (the engine's own test checks the paging).
      return okAnswer(zeriResultPage(result, Number(q.get('page')), Number(q.get('size'))));
    } catch (error) {
      // As the server words it: the engine's English sentence of a code in Chinese, the person kept.
      if (!isAlmanacError(error)) throw error;
      const english = ALMANAC_ERROR_MESSAGES[error.code];
      const msg = /[\u4e00-\u9fff]/.test(english)
        ? error.message
        : error.message.replace(english, ERROR_MESSAGES_ZH[error.code]);
      return failureAnswer(error.code, msg);
    }
  });
  return calls;
}

/** jsdom has no Worker: this one runs ./api/zeri.worker.ts's handler in the page, as a message later. */
class FakeWorker {
  static started = 0;
  onmessage: ((event: MessageEvent<ZeriWorkerReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor() {
    FakeWorker.started += 1;
  }
  postMessage(input: Parameters<typeof zeriReply>[0]) {
    setTimeout(() => this.onmessage?.(new MessageEvent('message', { data: zeriReply(input) })));
  }
  terminate() {}
}

function saveProfiles(...profiles: SavedProfile[]) {
  localStorage.setItem(PROFILES_STORAGE_KEY, JSON.stringify(profiles));
  resetProfilesCache();
}

function openZeri(query = '') {
  return renderPage(<ZeriPage />, { path: `${paths.zeri.path}${query}` });
}

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  FakeWorker.started = 0;
  vi.stubGlobal('Worker', FakeWorker);
  resetProfilesCache();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ZeriPage', () => {
  it('opens on 嫁娶 for three months from today and shows the best days first, with reasons and 吉时', async () => {
    installZeriServer();
    openZeri();
    const list = await screen.findByRole('list', { name: '吉日' });
    const expected = chooseDays({ activity: '嫁娶', from: '2026-01-15', to: '2026-04-14' });
    expect(zeriSearches[0]?.get('from')).toBe('2026-01-15');
    expect(zeriSearches[0]?.get('to')).toBe('2026-04-14');
    const cards = within(list).getAllByRole('listitem', { name: /年.*月.*日/ });
    expect(cards).toHaveLength(Math.min(ZERI_PAGE_SIZE, expected.days.length));
    const best = expected.days[0]!;
    const [y, m, d] = best.date.split('-').map(Number);
    const first = cards[0]!;
    expect(first.getAttribute('aria-label')).toBe(`${y}年${m}月${d}日 ${best.level}`);
    expect(within(first).getByText(`农历${best.lunar}`)).toBeTruthy();
    for (const reason of best.reasons) expect(within(first).getByText(reason)).toBeTruthy();
    expect(within(first).getByText('吉时')).toBeTruthy();
    expect(within(first).getByRole('button', { name: '加入日历' })).toBeTruthy();
    expect(screen.getByText(String(expected.days.length))).toBeTruthy();
  });

  it('avoids the clashing days of the family members chosen, naming whom in the removed days', async () => {
    saveProfiles(GROOM, BRIDE);
    installZeriServer();
    const user = userEvent.setup();
    const page = openZeri('?range=month');
    await screen.findByRole('list', { name: '吉日' });
    await user.click(screen.getByRole('button', { name: /新郎/ }));
    await user.click(screen.getByRole('button', { name: /新娘/ }));
    await waitFor(() => expect(zeriSearches.at(-1)?.getAll('born')).toHaveLength(2));
    const sent = zeriSearches.at(-1)!;
    expect(sent.getAll('born')).toEqual([GROOM.born, BRIDE.born]);
    expect(sent.getAll('label')).toEqual(['新郎', '新娘']);
    // The bride was born in Hong Kong: her clock's zone goes with her.
    expect(sent.getAll('tz')).toEqual(['Asia/Shanghai', 'Asia/Hong_Kong']);
    expect(page.location()?.search).toContain('who=1001%2C1002');
    const removed = await screen.findByText(/已排除的日子/);
    await user.click(removed);
    expect(screen.getByText(/日冲鼠，与新郎（属鼠）相冲/)).toBeTruthy();
    expect(screen.getByText(/日冲虎，与新娘（属虎）相冲/)).toBeTruthy();
  });

  it('offers every other matter under 更多, and reads 破屋 on 破 days', async () => {
    installZeriServer();
    const user = userEvent.setup();
    openZeri();
    await screen.findByRole('list', { name: '吉日' });
    await user.click(screen.getByRole('button', { name: '更多…' }));
    const sheet = await screen.findByRole('dialog', { name: '更多事项' });
    await user.click(within(sheet).getByRole('radio', { name: '破屋' }));
    await waitFor(() => expect(zeriSearches.at(-1)?.get('activity')).toBe('破屋'));
    const list = await screen.findByRole('list', { name: '吉日' });
    expect(within(list).getAllByText(/破日宜破屋/).length).toBeGreaterThan(0);
    expect(screen.getByRole('radio', { name: '破屋' })).toHaveProperty('checked', true);
  });

  it('says beside the dates when a custom range is longer than a year, and asks nothing', async () => {
    installZeriServer();
    openZeri('?range=custom&from=2026-01-15&to=2027-06-30');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      '最多选择一年（366 天），请缩短范围',
    );
    expect(screen.getByLabelText('结束').getAttribute('aria-invalid')).toBe('true');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(zeriSearches).toHaveLength(0);
  });

  it('computes the days on the phone when the server cannot be reached, and says 离线计算', async () => {
    installZeriServer({ network: true });
    openZeri('?activity=移徙&range=month');
    const list = await screen.findByRole('list', { name: '吉日' });
    expect(screen.getByText('离线计算')).toBeTruthy();
    expect(FakeWorker.started).toBe(1);
    const expected = chooseDays({ activity: '移徙', from: '2026-01-15', to: '2026-01-31' });
    expect(within(list).getAllByRole('listitem', { name: /年.*月.*日/ })).toHaveLength(expected.days.length);
    expect(screen.getByRole('radio', { name: /^搬家\s*移徙$/ })).toHaveProperty('checked', true);
  });

  it('shows a refused birth beside the family list, naming the person, online and offline', async () => {
    saveProfiles({ ...GROOM, born: '公 1996-02-30 10:00' });
    for (const network of [false, true]) {
      installZeriServer({ network });
      const page = openZeri('?who=1001');
      expect(await screen.findByRole('alert')).toHaveProperty(
        'textContent',
        '新郎：公历日期不对，这个月没有这一天',
      );
      expect(screen.queryByRole('list', { name: '吉日' })).toBeNull();
      page.unmount();
    }
  });
});
