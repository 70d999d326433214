import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { baziChart } from '@xuanli/almanac/bazi/chart';
import { compatibility, TOPIC_LABELS } from '@xuanli/almanac/bazi/compatibility';
import { hehun } from '@xuanli/almanac/bazi/hehun';
import { liuri } from '@xuanli/almanac/bazi/yearlyLuck';
import { STEMS } from '@xuanli/almanac/ganzhi';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { renderPage } from '@/testing/app-harness';
import { jxfenBody, jxfenCacheKey } from './api/get-jxfen';
import BaziPage from './BaziPage';
import { birthAt, toWholeMinute } from './BirthForm';
import { PROFILES_STORAGE_KEY, resetProfilesCache } from './profiles';
import { installFakeServer } from './testing';
import { resetViewState } from './view-state';

// Each test renders the whole page and computes real charts; a machine shared with builds needs more
// than Vitest's default 5 s for that.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

/** 2025-06-15 12:00 in Beijing: the page opens its 大运 and 流年 on 2025. */
const NOW = Date.UTC(2025, 5, 15, 4);
const SAMPLE = { born: '公 1990-05-10 08:00', sex: '男' as const };

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  resetProfilesCache();
  resetViewState();
  useSession.setState({ bazi: null, yunType: 'caiyun' });
});

/** The page on its own route, the 排盘 tab. */
function openBazi() {
  return renderPage(<BaziPage />, { path: paths.suan.path });
}

function storedProfiles(): { name: string; sex: string; born: string }[] {
  return JSON.parse(localStorage.getItem(PROFILES_STORAGE_KEY) ?? '[]');
}

/** The texts of the four pillar cells of the row headed `label` in the 四柱 table. */
function pillarRow(label: string): string[] {
  const table = screen.getByRole('table', { name: '四柱' });
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByRole('rowheader')?.textContent === label);
  if (!row) throw new Error(`no row ${label}`);
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '');
}

async function submitForm(user: ReturnType<typeof userEvent.setup>, name: string, sex: '男' | '女' = '男') {
  const input = screen.getByRole('textbox', { name: '姓名' });
  await user.clear(input);
  await user.type(input, name);
  await user.click(screen.getByRole('radio', { name: sex === '男' ? '乾造（男）' : '坤造（女）' }));
  await user.click(screen.getByRole('button', { name: /开始排盘|保存并排盘/ }));
  await screen.findByRole('table', { name: '四柱' });
}

describe('BaziPage form', () => {
  it('opens on the sample profile 示例 / 男 with the 公历 1990-05-10 08:00 default', () => {
    installFakeServer();
    openBazi();
    expect(screen.getByRole('heading', { level: 1, name: '排盘' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: '姓名' }) as HTMLInputElement).value).toBe('示例');
    expect((screen.getByRole('radio', { name: '乾造（男）' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: '年' }) as HTMLSelectElement).value).toBe('1990');
    // PRODUCT.md#input-rules: the picker offers 1930–2100 by default, 1900 on request.
    const years = within(screen.getByRole('combobox', { name: '年' })).getAllByRole('option');
    expect(years[0].textContent).toBe('1930年');
    expect(years.at(-1)?.textContent).toBe('2100年');
  });

  it('shows validation messages beside the fields and sends nothing', async () => {
    const calls = installFakeServer();
    const user = userEvent.setup();
    openBazi();
    const name = screen.getByRole('textbox', { name: '姓名' });
    await user.clear(name);
    await user.click(screen.getByRole('switch', { name: /真太阳时/ }));
    await user.click(screen.getByRole('button', { name: '开始排盘' }));

    expect(screen.getByText('请填写姓名')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(screen.getByText('请填写姓名').id);
    expect(screen.getByText('真太阳时需要出生地的经度，请先选择出生地')).toBeTruthy();

    await user.type(name, '一二三四五六七八九十一二三');
    await user.click(screen.getByRole('button', { name: '开始排盘' }));
    expect(screen.getByText('姓名最多 12 个字')).toBeTruthy();

    // Choosing a birthplace satisfies 真太阳时 and shows the longitude it will use.
    await user.selectOptions(screen.getByRole('combobox', { name: '省份' }), '广东');
    expect((screen.getByRole('combobox', { name: '城市' }) as HTMLSelectElement).value).toBe('广州');
    expect(screen.getByText(/东经 113\.3° · 北京时间/)).toBeTruthy();
    expect(screen.queryByText(/真太阳时需要出生地的经度/)).toBeNull();

    expect(calls.filter((c) => c.path.includes('bzdata'))).toHaveLength(0);
    expect(storedProfiles()).toHaveLength(0);
  });

  it('offers lunar leap months and sends the birth text 农 2023-02(闰)-15', async () => {
    const calls = installFakeServer();
    const user = userEvent.setup();
    openBazi();
    await user.click(screen.getByRole('radio', { name: '农历' }));
    // 公历 1990-05-10 is 农历 四月十六.
    expect((screen.getByRole('combobox', { name: '月' }) as HTMLSelectElement).value).toBe('4');
    expect((screen.getByRole('combobox', { name: '日' }) as HTMLSelectElement).value).toBe('16');
    await user.selectOptions(screen.getByRole('combobox', { name: '年' }), '2023');
    const month = screen.getByRole('combobox', { name: '月' });
    expect(within(month).getByRole('option', { name: '闰二月' })).toBeTruthy();
    await user.selectOptions(month, '2L');
    await user.selectOptions(screen.getByRole('combobox', { name: '日' }), '15');
    await submitForm(user, '闰月');

    const body = calls.find((c) => c.path.includes('bzdata'))?.body;
    expect(body).toMatchObject({
      name: '闰月',
      sex: '男',
      born: '农 2023-02(闰)-15 08:00',
      zi: 'late',
      yunSchool: 2,
    });
    expect(storedProfiles()[0].born).toBe('农 2023-02(闰)-15 08:00');
  });

  it('charts the current minute in Beijing with 现在, naming an unnamed chart 即时', async () => {
    // 2025-06-15 04:37 UTC is 12:37 in Beijing.
    vi.spyOn(Date, 'now').mockReturnValue(NOW + 37 * 60_000);
    const calls = installFakeServer();
    const user = userEvent.setup();
    openBazi();
    await user.clear(screen.getByRole('textbox', { name: '姓名' }));
    await user.click(screen.getByRole('button', { name: '现在' }));
    await waitFor(() => expect(calls.some((c) => c.path.includes('bzdata'))).toBe(true));
    expect(calls.find((c) => c.path.includes('bzdata'))?.body).toMatchObject({
      name: '即时',
      born: '公 2025-06-15 12:37',
    });
    expect(storedProfiles()[0]).toMatchObject({ name: '即时', born: '公 2025-06-15 12:37' });
  });
});

describe('BaziPage chart', () => {
  it('renders the four pillars of a submitted profile from bzdata, and saves the profile', async () => {
    const calls = installFakeServer();
    const user = userEvent.setup();
    openBazi();
    await submitForm(user, '张三', '女');

    const expected = baziChart({ ...SAMPLE, sex: '女' });
    const keys = ['year', 'month', 'day', 'hour'] as const;
    expect(pillarRow('天干')).toEqual(keys.map((k) => expected.sizhu[k][0]));
    expect(pillarRow('地支')).toEqual(keys.map((k) => expected.sizhu[k][1]));
    expect(pillarRow('十神')).toEqual(keys.map((k) => (k === 'day' ? '元女' : expected.shishen[k].gan)));
    expect(pillarRow('藏干')).toEqual(
      keys.map((k) => expected.canggan[k].map((s, i) => s + expected.shishen[k].zhi[i]).join('')),
    );
    expect(pillarRow('地势')).toEqual(keys.map((k) => expected.dishi[k]));
    expect(pillarRow('纳音')).toEqual(keys.map((k) => expected.nayin[k]));
    expect(pillarRow('旬空')).toEqual(keys.map((k) => expected.xunkong[k]));
    expect(pillarRow('神煞')).toEqual(
      keys.map((k) => expected.shensha[k].map((h) => h.name).join('') || '—'),
    );

    // Five elements are labelled with characters and numbers, not colour alone.
    const wx = screen.getByRole('list', { name: '五行统计' });
    expect(
      within(wx).getByRole('listitem', {
        name: `火 ${expected.wxtongji.bzwx.火}个，占${Math.round(expected.wxbili.bzwx.火 * 100)}%`,
      }),
    ).toBeTruthy();
    const q = expected.qiyun;
    expect(
      screen.getByText(`出生后${q.year}年${q.month}个月${q.day}天${q.hour ? `${q.hour}小时` : ''}起运`),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: '排盘口径' })).getAllByRole('listitem').length,
    ).toBeGreaterThan(2);
    expect(await screen.findByText('乙木日主')).toBeTruthy();

    const body = calls.find((c) => c.path.includes('bzdata'))?.body;
    expect(body).toMatchObject({ name: '张三', sex: '女', born: '公 1990-05-10 08:00' });
    expect(calls.some((c) => c.path.includes('miji'))).toBe(true);
    expect(storedProfiles()).toMatchObject([{ name: '张三', sex: '女', born: '公 1990-05-10 08:00' }]);
    expect(JSON.parse(localStorage.getItem('bazi') ?? 'null')).toMatchObject({ name: '张三', sex: '女' });
    expect(JSON.parse(localStorage.getItem('yunType') ?? 'null')).toBe('caiyun');
  });

  it('shows the server message (生日参数错误！) when bzdata refuses the birth', async () => {
    installFakeServer();
    useSession.setState({ bazi: { name: '坏', sex: '男', born: '公 生日', add_time: 1 } });
    localStorage.setItem(
      PROFILES_STORAGE_KEY,
      JSON.stringify([{ name: '坏', sex: '男', born: '公 生日', add_time: 1, options: {} }]),
    );
    openBazi();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('排盘失败')).toBeTruthy();
    // The engine's code crossed the wire: the page says which field to change, in words a user reads.
    expect(within(alert).getByText('出生日期不对，请重新选择出生的年月日和时辰')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: '修改资料' })).toBeTruthy();
    // The same input would be refused again, so no 重试.
    expect(within(alert).queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('keeps the chart when miji is not available, with a retry', async () => {
    installFakeServer({ mijiFailure: 'NotFound' });
    const user = userEvent.setup();
    openBazi();
    await submitForm(user, '示例');
    expect(await screen.findByText(/解读暂时无法载入/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.getByRole('table', { name: '四柱' })).toBeTruthy();
  });

  it('drills 大运 → 流年 → 流月 → 流日', async () => {
    const calls = installFakeServer();
    const user = userEvent.setup();
    openBazi();
    await submitForm(user, '示例');
    const chart = baziChart({ ...SAMPLE, liunianCount: 120 });

    // Opens on the 大运 holding 2025.
    const dayunList = screen.getByRole('list', { name: '大运' });
    const now = chart.dayun.find((d) => d.start <= 2025 && 2025 <= d.end)!;
    expect(
      within(dayunList)
        .getByRole('button', { name: new RegExp(`大运${now.ganzhi}`) })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    const next = chart.dayun[chart.dayun.indexOf(now) + 1];
    await user.click(within(dayunList).getByRole('button', { name: new RegExp(`大运${next.ganzhi}`) }));
    const years = within(screen.getByRole('list', { name: '流年' })).getAllByRole('button');
    expect(years).toHaveLength(10);
    expect(years[0].getAttribute('aria-label')).toBe(
      `流年${next.start}年 ${chart.liunian.find((y) => y.year === next.start)?.ganzhi} ${chart.liunian.find((y) => y.year === next.start)?.shishen}`,
    );

    await user.click(years[1]);
    const year = next.start + 1;
    const months = await within(await screen.findByRole('list', { name: '流月' })).findAllByRole('button');
    const expectedMonths = baziChart({ ...SAMPLE, liuyueYear: year }).liuyue;
    expect(months.map((m) => m.getAttribute('aria-label'))).toEqual(
      expectedMonths.map((m) => `流月${m.term.name} ${m.ganzhi} ${m.shishen}`),
    );
    expect(calls.some((c) => c.path.includes('bzdata') && c.body.liuyueYear === year)).toBe(true);

    await user.click(months[2]);
    const dayStem = STEMS.indexOf(chart.sizhu.day[0] as (typeof STEMS)[number]);
    const expectedDays = liuri(year, 3, dayStem);
    const days = within(screen.getByRole('list', { name: '流日' })).getAllByRole('listitem');
    expect(days).toHaveLength(expectedDays.length);
    expect(days[0].textContent).toContain(expectedDays[0].ganzhi);
  });
});

describe('BaziPage profiles', () => {
  it('saves several profiles, switches between them and deletes them', async () => {
    installFakeServer();
    const user = userEvent.setup();
    openBazi();
    await submitForm(user, '示例');
    await user.click(screen.getByRole('button', { name: '新建' }));
    await user.selectOptions(screen.getByRole('combobox', { name: '年' }), '1992');
    await submitForm(user, '李四', '女');

    expect(storedProfiles().map((p) => p.name)).toEqual(['李四', '示例']);
    expect(screen.getByRole('heading', { level: 2, name: '李四' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /命例/ }));
    const sheet = screen.getByRole('dialog', { name: '命例' });
    await user.click(within(sheet).getByRole('button', { name: '切换到示例' }));
    expect(await screen.findByRole('heading', { level: 2, name: '示例' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('bazi') ?? 'null')).toMatchObject({ name: '示例' });

    await user.click(screen.getByRole('button', { name: /命例/ }));
    const sheet2 = screen.getByRole('dialog', { name: '命例' });
    await user.click(within(sheet2).getByRole('button', { name: '删除李四' }));
    await user.click(within(sheet2).getByRole('button', { name: '确认删除李四' }));
    expect(storedProfiles().map((p) => p.name)).toEqual(['示例']);
    expect(JSON.parse(localStorage.getItem('bazi') ?? 'null')).toMatchObject({ name: '示例' });

    // Deleting the current profile leaves no chart: the form comes back.
    await user.click(within(sheet2).getByRole('button', { name: '删除示例' }));
    await user.click(within(sheet2).getByRole('button', { name: '确认删除示例' }));
    expect(storedProfiles()).toEqual([]);
    expect(localStorage.getItem('bazi')).toBeNull();
    await user.click(within(sheet2).getByRole('button', { name: '关闭' }));
    expect(screen.getByRole('form', { name: '出生资料' })).toBeTruthy();
  });

  it('compares two saved profiles by year branch and caches the jxfen answer under jx-fen-<hash>', async () => {
    const calls = installFakeServer();
    const user = userEvent.setup();
    const view = openBazi();
    await submitForm(user, '示例');
    await user.click(screen.getByRole('button', { name: '新建' }));
    await user.selectOptions(screen.getByRole('combobox', { name: '年' }), '1984');
    await submitForm(user, '李四', '女');

    // 李四 1984-05-10 → 甲子 year (子, 鼠); 示例 1990 → 庚午 (午, 马).
    expect(
      await screen.findByText('按年支（生肖）配对：李四的年支 子（鼠） × 示例的年支 午（马）'),
    ).toBeTruthy();
    const topics = await screen.findByRole('list', { name: '合盘结果' });
    expect(within(topics).getAllByRole('listitem')).toHaveLength(5);
    expect(within(topics).getByText('婚姻')).toBeTruthy();
    expect(screen.getByText('子午相冲')).toBeTruthy();

    const key = jxfenCacheKey(jxfenBody('子', '午'));
    expect(key).toMatch(/^jx-fen-[0-9a-f]{8}$/);
    expect(JSON.parse(localStorage.getItem(key) ?? 'null')).toMatchObject({
      wo: '子',
      ta: '午',
      relation: '冲',
    });
    const jxfenCalls = () => calls.filter((c) => c.path.includes('jxfen')).length;
    // One call for 示例 with today (no second profile yet), one for 子 × 午.
    expect(jxfenCalls()).toBe(2);

    // A fresh visit (new query cache) reads the stored answer instead of calling again.
    view.unmount();
    openBazi();
    expect(await screen.findByText('子午相冲')).toBeTruthy();
    expect(jxfenCalls()).toBe(2);

    // With today: ta is today's day branch (2025-06-15 is a 乙卯 day).
    await user.click(screen.getByRole('radio', { name: '与今日合' }));
    expect(await screen.findByText('按年支配对：李四的年支 子（鼠） × 今日（乙卯日）日支 卯')).toBeTruthy();
    expect(await screen.findByText(compatibility('子', '卯').detail)).toBeTruthy();
    expect(localStorage.getItem(jxfenCacheKey(jxfenBody('子', '卯')))).not.toBeNull();
  });
});

describe('BaziPage share', () => {
  beforeEach(() => {
    installFakeServer();
    // jsdom has no canvas: a no-op 2D context and a PNG blob stand in for the browser's.
    const ctx = new Proxy(
      {},
      { get: (_t, prop) => (prop === 'measureText' ? () => ({ width: 10 }) : () => {}) },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      ctx as unknown as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((cb) => {
      cb(new Blob(['png'], { type: 'image/png' }));
    });
  });

  it('falls back to the full-screen image with 长按图片保存 when the browser cannot share files', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:chart');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    expect('share' in navigator).toBe(false);

    openBazi();
    await submitForm(user, '示例');
    await user.click(screen.getByRole('button', { name: '分享图片' }));
    const overlay = await screen.findByRole('dialog', { name: '分享图片' });
    expect(within(overlay).getByText('长按图片保存，或发送给朋友')).toBeTruthy();
    expect(within(overlay).getByRole('img', { name: '八字排盘图片' }).getAttribute('src')).toBe('blob:chart');
    const link = within(overlay).getByRole('link', { name: '下载图片' });
    expect(link.getAttribute('download')).toBe('八字-示例.png');
    await act(async () => {
      await user.click(within(overlay).getByRole('button', { name: '关闭' }));
    });
    expect(screen.queryByRole('dialog', { name: '分享图片' })).toBeNull();
  });

  it('hands the PNG to navigator.share when files can be shared', async () => {
    const user = userEvent.setup();
    const share = vi.fn(async () => {});
    Object.assign(navigator, { share, canShare: () => true });
    try {
      openBazi();
      await submitForm(user, '示例');
      await user.click(screen.getByRole('button', { name: '分享图片' }));
      await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
      const data = (share.mock.calls[0] as unknown as [ShareData])[0];
      expect(data.files?.[0].name).toBe('八字-示例.png');
      expect(screen.queryByRole('dialog', { name: '分享图片' })).toBeNull();
    } finally {
      delete (navigator as { share?: unknown }).share;
      delete (navigator as { canShare?: unknown }).canShare;
    }
  });
});

/** Saves profiles as the app does and makes the first one current. */
function storeProfiles(list: { name: string; born: string; sex?: '男' | '女' }[]): number[] {
  const saved = list.map((p, i) => ({ sex: '男' as const, ...p, add_time: 1000 + i, options: {} }));
  localStorage.setItem(PROFILES_STORAGE_KEY, JSON.stringify(saved));
  const first = saved[0];
  useSession.setState({
    bazi: { name: first.name, sex: first.sex, born: first.born, add_time: first.add_time },
  });
  return saved.map((p) => p.add_time);
}

/** Text a reader sees must be Chinese: no English words from the server or the browser. */
function expectChinese(text: string | null) {
  expect(text ?? '').not.toMatch(/[A-Za-z]{2,}/);
}

describe('BaziPage errors', () => {
  it('asks to retry the readings after a network failure, in Chinese, and recovers', async () => {
    let offline = true;
    installFakeServer({ fail: (c) => (offline && c.path.includes('miji') ? 'network' : undefined) });
    const user = userEvent.setup();
    storeProfiles([{ name: '示例', born: SAMPLE.born }]);
    openBazi();
    const readings = await screen.findByRole('region', { name: '命理解读' });
    const problem = await within(readings).findByText(/解读暂时无法载入/);
    // The network sentence is the app's own (lib/error-message), whatever the browser said.
    expect(problem.textContent).toMatch(/^解读暂时无法载入：\S*网络\S*$/);
    expectChinese(readings.textContent);
    offline = false;
    await user.click(within(readings).getByRole('button', { name: '重试' }));
    expect(await within(readings).findByText('乙木日主')).toBeTruthy();
  });

  it('asks to retry 合盘 after a network failure', async () => {
    let offline = true;
    installFakeServer({ fail: (c) => (offline && c.path.includes('jxfen') ? 'network' : undefined) });
    const user = userEvent.setup();
    storeProfiles([{ name: '示例', born: SAMPLE.born }]);
    openBazi();
    const card = await screen.findByRole('region', { name: '合盘' });
    expect((await within(card).findByText(/合盘结果暂时无法获取/)).textContent).toMatch(
      /^合盘结果暂时无法获取：\S*网络\S*$/,
    );
    expectChinese(card.textContent);
    offline = false;
    await user.click(within(card).getByRole('button', { name: '重试' }));
    expect(await within(card).findByRole('list', { name: '合盘结果' })).toBeTruthy();
  });

  it('asks to retry the 流月 of another year after a server fault', async () => {
    // (With no network at all the chart, 流月 included, is computed in the browser instead.)
    let broken = true;
    installFakeServer({
      fail: (c) => (broken && c.path.includes('bzdata') && c.body.liuyueYear ? 'InternalError' : undefined),
    });
    const user = userEvent.setup();
    storeProfiles([{ name: '示例', born: SAMPLE.born }]);
    openBazi();
    const luck = await screen.findByRole('region', { name: '大运流年' });
    await user.click(within(luck).getByRole('button', { name: /^流年2026年/ }));
    const problem = await within(luck).findByText(/2026年流月暂时排不出/);
    expect(problem.textContent).toBe('2026年流月暂时排不出：服务器出了点问题，请稍后重试');
    expectChinese(luck.textContent);
    broken = false;
    await user.click(within(luck).getByRole('button', { name: '重试' }));
    const months = await within(await within(luck).findByRole('list', { name: '流月' })).findAllByRole(
      'button',
    );
    expect(months).toHaveLength(12);
  });

  it('offers to fix the other profile, not to retry, when the server refuses its birth', async () => {
    installFakeServer();
    const user = userEvent.setup();
    storeProfiles([
      { name: '示例', born: SAMPLE.born },
      { name: '坏例', born: '公 1990-13-10 08:00' },
    ]);
    openBazi();
    const card = await screen.findByRole('region', { name: '合盘' });
    expect((await within(card).findByText(/坏例的八字暂时排不出/)).textContent).toBe(
      '坏例的八字暂时排不出：公历月份不对，请选择 1 到 12 月',
    );
    expect(within(card).queryByRole('button', { name: '重试' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: '修改坏例的资料' }));
    const form = screen.getByRole('form', { name: '出生资料' });
    expect((within(form).getByRole('textbox', { name: '姓名' }) as HTMLInputElement).value).toBe('坏例');
    expect(within(form).getByRole('button', { name: '保存并排盘' })).toBeTruthy();
  });

  it('says in Chinese what to do when the browser cannot draw the share image', async () => {
    installFakeServer();
    const user = userEvent.setup();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    storeProfiles([{ name: '示例', born: SAMPLE.born }]);
    openBazi();
    await user.click(await screen.findByRole('button', { name: '分享图片' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('请截屏保存');
    expectChinese(alert.textContent);
  });
});

describe('BaziPage loading', () => {
  it('keeps the header and shows the chart’s outline while bzdata answers', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    installFakeServer({ hold: (c) => (c.path.includes('bzdata') ? gate : undefined) });
    storeProfiles([{ name: '示例', born: SAMPLE.born }]);
    openBazi();
    expect(screen.getByRole('heading', { level: 1, name: '排盘' })).toBeTruthy();
    expect(await screen.findByRole('status', { name: '正在排盘' })).toBeTruthy();
    expect(screen.queryByText('正在排盘…')).toBeNull();
    release();
    expect(await screen.findByRole('table', { name: '四柱' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: '正在排盘' })).toBeNull();
  });
});

describe('BaziPage coming back from another tab', () => {
  it('keeps the scroll position and the 大运 / 流年 picked', async () => {
    installFakeServer();
    const user = userEvent.setup();
    const scrollY = Object.getOwnPropertyDescriptor(window, 'scrollY');
    try {
      const view = openBazi();
      await submitForm(user, '示例');
      const chart = baziChart({ ...SAMPLE, liunianCount: 120 });
      const now = chart.dayun.findIndex((d) => d.start <= 2025 && 2025 <= d.end);
      const next = chart.dayun[now + 1];
      await user.click(screen.getByRole('button', { name: new RegExp(`大运${next.ganzhi}`) }));
      await user.click(screen.getByRole('button', { name: new RegExp(`^流年${next.start + 2}年`) }));
      await screen.findByRole('list', { name: '流月' });
      // The reader has scrolled down to the luck panel, then taps another tab: the page unmounts.
      Object.defineProperty(window, 'scrollY', { value: 900, configurable: true });
      window.dispatchEvent(new Event('scroll'));
      view.unmount();

      const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
      openBazi();
      await screen.findByRole('table', { name: '四柱' });
      expect(scrollTo).toHaveBeenCalledWith(0, 900);
      const pressed = (list: string) =>
        within(screen.getByRole('list', { name: list })).getByRole('button', { pressed: true });
      expect(pressed('大运').getAttribute('aria-label')).toMatch(new RegExp(`^大运${next.ganzhi}`));
      expect(pressed('流年').getAttribute('aria-label')).toMatch(new RegExp(`^流年${next.start + 2}年`));
    } finally {
      if (scrollY) Object.defineProperty(window, 'scrollY', scrollY);
      else delete (window as { scrollY?: number }).scrollY;
    }
  });
});

describe('BaziPage 合盘', () => {
  it('pairs by 日支 on request, explains each topic in its own words and says what the score means', async () => {
    const calls = installFakeServer();
    const user = userEvent.setup();
    storeProfiles([
      { name: '示例', born: SAMPLE.born },
      { name: '李四', born: '公 1984-05-10 08:00', sex: '女' },
    ]);
    openBazi();
    const card = await screen.findByRole('region', { name: '合盘' });
    // 生肖 by default: 午 (马) × 子 (鼠).
    expect(
      await within(card).findByText('按年支（生肖）配对：示例的年支 午（马） × 李四的年支 子（鼠）'),
    ).toBeTruthy();
    const note = await within(card).findByRole('note', { name: '分数说明' });
    expect(note.textContent).toContain('仅比较两个地支（生肖（年支））');
    expect(note.textContent).toContain('不代表整体八字合婚结论');

    await user.click(within(card).getByRole('radio', { name: '日支（夫妻宫）' }));
    const mine = baziChart(SAMPLE).sizhu.day[1];
    const theirs = baziChart({ born: '公 1984-05-10 08:00', sex: '女' }).sizhu.day[1];
    expect(
      await within(card).findByText(`按日支（夫妻宫）配对：示例的日支 ${mine} × 李四的日支 ${theirs}`),
    ).toBeTruthy();
    const expected = compatibility(mine, theirs);
    expect(await within(card).findByText(expected.detail)).toBeTruthy();
    expect(calls.filter((c) => c.path.includes('jxfen')).map((c) => c.body)).toContainEqual({
      fen: { wo: mine, ta: theirs },
    });
    const topics = within(within(card).getByRole('list', { name: '合盘结果' })).getAllByRole('listitem');
    const descs = topics.map((t) => t.querySelector('p')?.textContent ?? '');
    // The engine's readings, a 凶 topic's without its bare grade ('，婚姻中凶：' → '：'): its advice
    // and the reason stand above it.
    expect(descs).toEqual(
      (['marriage', 'wealth', 'moving', 'illness', 'lawsuit'] as const).map((k) =>
        expected[k].jx.includes('凶')
          ? expected[k].desc.replace(`，${TOPIC_LABELS[k]}${expected[k].jx}：`, '：')
          : expected[k].desc,
      ),
    );
    expect(within(card).queryByText(/凶/)).toBeNull();
    expect(new Set(descs).size).toBe(5);
    expect(within(card).getByRole('note', { name: '分数说明' }).textContent).toContain(
      '仅比较两个地支（日支）',
    );
  });
});

describe('时辰不详', () => {
  it('asks for a three-pillar chart and shows the hour column as 不详 with the engine’s notes', async () => {
    const calls = installFakeServer();
    const user = userEvent.setup();
    openBazi();
    await user.click(screen.getByRole('switch', { name: /时辰不详/ }));
    expect(screen.getByText(/大运按出生当日正午起算/)).toBeTruthy();
    await submitForm(user, '不详');
    await screen.findByRole('table', { name: '四柱' });
    expect(calls.find((c) => c.path.includes('bzdata'))?.body).toMatchObject({ hourUnknown: true });
    expect(pillarRow('天干')).toEqual(['庚', '辛', '乙', '不详']);
    expect(pillarRow('地支')).toEqual(['午', '巳', '亥', '不详']);
    expect(pillarRow('纳音')[3]).toBe('—');
    expect(screen.getByText(/公历 1990年5月10日 时辰不详/)).toBeTruthy();
    const notes = screen.getByRole('list', { name: '时辰不详说明' });
    expect(notes.textContent).toContain('正午');
    expect(storedProfiles()[0]).toMatchObject({ name: '不详' });
  });
});

describe('四柱反查 in the form', () => {
  it('lists the moments of typed pillars and charts the chosen one', async () => {
    const calls = installFakeServer();
    const user = userEvent.setup();
    openBazi();
    await user.click(screen.getByRole('button', { name: '四柱反查' }));
    // The month and hour pillars that fit the typed year and day are offered; tapping one fills it in.
    const field = screen.getByRole('textbox', { name: /四柱/ });
    await user.type(field, '庚午');
    const months = screen.getByRole('group', { name: '可选月柱' });
    expect(
      within(months)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      '戊寅',
      '己卯',
      '庚辰',
      '辛巳',
      '壬午',
      '癸未',
      '甲申',
      '乙酉',
      '丙戌',
      '丁亥',
      '戊子',
      '己丑',
    ]);
    await user.click(within(months).getByRole('button', { name: '辛巳' }));
    expect(screen.queryByRole('group', { name: '可选月柱' })).toBeNull();
    await user.type(field, ' 乙亥');
    await user.click(
      within(screen.getByRole('group', { name: '可选时柱' })).getByRole('button', { name: '庚辰' }),
    );
    expect((field as HTMLInputElement).value).toBe('庚午 辛巳 乙亥 庚辰');
    await user.click(screen.getByRole('button', { name: '反查' }));
    const list = await screen.findByRole('list', { name: '反查结果' });
    const items = within(list).getAllByRole('listitem');
    const known = items.find((li) => li.textContent?.includes('1990年5月10日'));
    expect(known?.textContent).toContain('农历');
    await user.click(within(known as HTMLElement).getByRole('button', { name: '排盘' }));
    await waitFor(() => expect(calls.some((c) => c.path.includes('bzdata'))).toBe(true));
    expect(calls.find((c) => c.path.includes('bzdata'))?.body).toMatchObject({
      born: '公 1990-05-10 07:00',
      zi: 'late',
      // Found moments are on standard time: 1990 had summer time, whose 07:00 would be 卯时.
      timeZone: 'UTC+8',
    });
    expect(await screen.findByRole('table', { name: '四柱' })).toBeTruthy();
    expect(pillarRow('天干')).toEqual(['庚', '辛', '乙', '庚']);
    expect(pillarRow('地支')).toEqual(['午', '巳', '亥', '辰']);
  });

  it('shows the Chinese refusal of pillars that cannot stand together beside the field', async () => {
    installFakeServer();
    const user = userEvent.setup();
    openBazi();
    await user.click(screen.getByRole('button', { name: '四柱反查' }));
    const field = screen.getByRole('textbox', { name: /四柱/ });
    await user.type(field, '甲子 甲寅 甲子 甲子');
    await user.click(screen.getByRole('button', { name: '反查' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/月柱甲寅/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('moves a moment a 节 starts to its next whole minute', () => {
    expect(toWholeMinute('公 1990-02-04 10:14:21')).toBe('公 1990-02-04 10:15');
    expect(toWholeMinute('公 1999-12-31 23:59:30')).toBe('公 2000-01-01 00:00');
    expect(toWholeMinute('公 1990-05-10 07:00')).toBe('公 1990-05-10 07:00');
  });
});

describe('birthAt (the 现在 button)', () => {
  it('reads the wall clock of the zone, to the minute', () => {
    const at = Date.UTC(2025, 11, 31, 17, 5, 59);
    expect(birthAt(at)).toEqual({
      calendar: 'solar',
      year: 2026,
      month: 1,
      day: 1,
      leap: false,
      hour: 1,
      minute: 5,
    });
    // 新疆时间 is two hours behind: still the last day of 2025 there.
    expect(birthAt(at, 'Asia/Urumqi')).toMatchObject({ year: 2025, month: 12, day: 31, hour: 23, minute: 5 });
  });
});

describe('BaziPage 八字合婚', () => {
  it('reads two saved profiles from their whole charts: total, level, each part with its reasons, the 生肖 view', async () => {
    const calls = installFakeServer();
    const user = userEvent.setup();
    storeProfiles([
      { name: '示例', born: SAMPLE.born },
      { name: '李四', born: '农 1979-06(闰)-15 14:30', sex: '女' },
    ]);
    openBazi();
    const card = await screen.findByRole('region', { name: '合盘' });
    const reading = await within(card).findByRole('region', { name: '八字合婚' });
    const a = { born: SAMPLE.born, sex: '男' as const, label: '示例', zi: 'late' as const };
    const b = { born: '农 1979-06(闰)-15 14:30', sex: '女' as const, label: '李四', zi: 'late' as const };
    expect(calls.filter((c) => c.path === '/app/bln.suan/hehun').map((c) => c.body)).toEqual([{ a, b }]);
    const expected = hehun({ a, b });
    expect(within(reading).getByText(String(expected.total)).closest('span')?.textContent).toBe(
      `${expected.total}分`,
    );
    expect(within(reading).getByText(expected.level)).toBeTruthy();
    expect(within(reading).getByText(expected.summary)).toBeTruthy();
    // Each part's subtotal, and on a tap the points behind it with their weights.
    const parts = within(reading).getByRole('list', { name: '合婚各项' });
    for (const topic of ['夫妻宫', '四柱', '配偶星', '五行', '大运'] as const)
      expect(within(parts).getByText(topic).parentElement?.textContent).toMatch(
        new RegExp(`${topic}.*${String(Math.abs(expected.subtotals[topic]))}$`),
      );
    await user.click(within(reading).getByText('四柱'));
    for (const point of expected.points.filter((p) => p.topic === '四柱'))
      expect(within(reading).getByText(point.text)).toBeTruthy();
    expect(within(reading).getAllByText('×2').length).toBeGreaterThan(0);
    expect(within(reading).getByText(/生肖：示例属马，李四属羊，午未六合/)).toBeTruthy();
    // Restrained words: no bare 凶 anywhere in the reading.
    expect(reading.textContent).not.toMatch(/凶/);
    // The simple pairing still follows, under its own heading.
    expect(within(card).getByRole('heading', { name: '简单配对（生肖、日支）' })).toBeTruthy();
  });
});
