import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DingzhiProfile } from '@xuanli/contracts/dingzhi';
import { Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from '@/app/layouts';
import { Toast } from '@/lib/antd-mobile';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';
import { deferred, installFakeApi, loginAs, renderPage, resetSession } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import { kefuLabel } from '@/testing/kefu';
import { vipMember } from '@/testing/members';
import { COPY_FAILURE, COPY_SUCCESS } from '../ContactCard';
import { KEFU_STORAGE_KEY } from './api/get-kefu';
import { CENTER_DIALOG_WIDTH, DialogHost } from './DialogHost';

const KEFU = {
  avatar: '/api/files/kefu.png',
  nickname: '小玄',
  intro: '工作日 9:00–18:00 在线',
  wx: 'xuanli-kefu',
  qrcode: '/api/files/qr.png',
};

/** A chart the 排盘 page reads: someone else's, never the account's 定制 profile. */
const OTHER_CHART = { name: '表妹', sex: '女' as const, born: '公 2001-03-03 03:03', add_time: 1 };

/**
 * The account's 定制 profile on a fake server: `stored` (null before the first save) for GET, and a
 * PUT answered by `onPut` or stored and echoed. Answers the calls.
 */
function profileServer(stored: DingzhiProfile | null, onPut?: () => Response) {
  let profile = stored;
  return installFakeApi((call) => {
    if (call.path !== '/app/bln.suan/dingzhi/profile') return undefined;
    if (call.method === 'GET') return okAnswer(profile);
    if (onPut) return onPut();
    const body = call.body as Omit<DingzhiProfile, 'updatedAt'>;
    profile = { ...body, updatedAt: '2026-01-15T04:00:00.000Z' };
    return okAnswer(profile);
  });
}

function master(sellid: number, overrides: Partial<typeof KEFU> = {}) {
  return { sellid, ...KEFU, nickname: `大师${sellid}`, wx: `dashi-${sellid}`, ...overrides };
}

beforeEach(() => {
  resetSession();
  useDialogs.setState({ name: null, params: {} });
});

afterEach(async () => {
  await act(async () => Toast.clear());
  useDialogs.setState({ name: null, params: {} });
  vi.unstubAllGlobals();
});

function open(...args: Parameters<ReturnType<typeof useDialogs.getState>['open']>) {
  act(() => useDialogs.getState().open(...args));
}

describe('customer-service dialog', () => {
  it('shows 加载中... then the card, and keeps it as kefu-info', async () => {
    const gate = deferred();
    const calls = installFakeApi(async (call) => {
      if (call.path === '/base/sysapi/label') {
        await gate.promise;
        return okAnswer(kefuLabel(KEFU));
      }
    });
    renderPage(<DialogHost />);
    open('kefu');
    const dialog = await screen.findByRole('dialog', { name: '在线客服' });
    expect(within(dialog).getByText('加载中...')).toBeTruthy();
    gate.resolve();
    expect(await within(dialog).findByRole('heading', { name: '小玄' })).toBeTruthy();
    expect(within(dialog).getByText('xuanli-kefu')).toBeTruthy();
    expect(within(dialog).getByAltText('小玄的微信二维码').getAttribute('src')).toBe('/api/files/qr.png');
    expect(calls[0]?.body).toEqual({ model: 'crm', name: '在线客服' });
    expect(JSON.parse(localStorage.getItem(KEFU_STORAGE_KEY) ?? '{}')).toEqual(KEFU);
  });

  it('shows the cached card at once and refreshes it in the background', async () => {
    localStorage.setItem(KEFU_STORAGE_KEY, JSON.stringify({ ...KEFU, nickname: '旧客服' }));
    const gate = deferred();
    installFakeApi(async () => {
      await gate.promise;
      return okAnswer(kefuLabel({ ...KEFU, nickname: '新客服' }));
    });
    renderPage(<DialogHost />);
    open('kefu');
    expect(await screen.findByRole('heading', { name: '旧客服' })).toBeTruthy();
    expect(screen.queryByText('加载中...')).toBeNull();
    gate.resolve();
    expect(await screen.findByRole('heading', { name: '新客服' })).toBeTruthy();
  });

  it('keeps the cached card when the refresh fails', async () => {
    localStorage.setItem(KEFU_STORAGE_KEY, JSON.stringify(KEFU));
    const calls = installFakeApi(() => failureAnswer('InternalError', 'boom'));
    renderPage(<DialogHost />);
    open('kefu');
    expect(await screen.findByRole('heading', { name: '小玄' })).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByText(/加载失败/)).toBeNull();
  });

  it('says 加载失败：{message} in Chinese and loads on 重试', async () => {
    let fail = true;
    installFakeApi(() =>
      fail ? failureAnswer('InternalError', 'database down') : okAnswer(kefuLabel(KEFU)),
    );
    renderPage(<DialogHost />);
    open('kefu');
    expect(await screen.findByText('加载失败：服务器出了点问题，请稍后重试')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '小玄' })).toBeTruthy();
  });

  it('closes with 关闭', async () => {
    installFakeApi(() => okAnswer(kefuLabel(KEFU)));
    renderPage(<DialogHost />);
    open('kefu');
    await screen.findByRole('heading', { name: '小玄' });
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(useDialogs.getState().name).toBeNull();
  });

  it('leaves for the VIP benefits page from 查看VIP福利 and closes', async () => {
    installFakeApi(() => okAnswer(kefuLabel(KEFU)));
    const { location } = renderPage(<DialogHost />);
    open('kefu');
    fireEvent.click(await screen.findByRole('link', { name: /查看VIP福利/ }));
    expect(location()?.pathname).toBe('/pages/user/fuli');
    expect(useDialogs.getState().name).toBeNull();
  });
});

describe('master dialog', () => {
  it('fetches the master of the sellid and refetches only for another sellid (PRODUCT.md#content)', async () => {
    const calls = installFakeApi((call) =>
      call.path === '/crm/dashi' ? okAnswer(master(Number(call.query.sellid))) : undefined,
    );
    renderPage(<DialogHost />);
    open('dashi', { sellid: 3 });
    expect(await screen.findByRole('heading', { name: '大师3' })).toBeTruthy();
    expect(calls.map((c) => c.query.sellid)).toEqual(['3']);
    expect(useSession.getState().dashi).toMatchObject({ sellid: 3, nickname: '大师3' });

    act(() => useDialogs.getState().close());
    open('dashi', { sellid: 3 });
    expect(await screen.findByRole('heading', { name: '大师3' })).toBeTruthy();
    expect(calls).toHaveLength(1);

    open('dashi', { sellid: 4 });
    expect(await screen.findByRole('heading', { name: '大师4' })).toBeTruthy();
    expect(calls.map((c) => c.query.sellid)).toEqual(['3', '4']);
    expect(useSession.getState().dashi).toMatchObject({ sellid: 4 });
  });

  it('uses the master kept from an earlier visit without a request', async () => {
    useSession.getState().setDashi(master(5));
    const calls = installFakeApi(() => okAnswer(master(5)));
    renderPage(<DialogHost />);
    open('dashi', { sellid: '5' });
    expect(await screen.findByRole('heading', { name: '大师5' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('names an unnamed master 七星堂师傅 and says 暂无微信号 without a WeChat ID', async () => {
    installFakeApi(() => okAnswer(master(2, { nickname: '', wx: '', qrcode: '' })));
    renderPage(<DialogHost />);
    open('dashi', { sellid: 2 });
    expect(await screen.findByRole('heading', { name: '七星堂师傅' })).toBeTruthy();
    expect(screen.getByText('暂无微信号')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /复制/ })).toBeNull();
  });

  it('says 加载失败 with the Chinese message of a missing master', async () => {
    installFakeApi(() => failureAnswer('NotFound', 'no such master'));
    renderPage(<DialogHost />);
    open('dashi', { sellid: 99 });
    expect(await screen.findByText('加载失败：没有找到相应内容')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('the centred cards fit the screen', () => {
  it("sizes 在线客服 and 联系大师 with antd-mobile's own width variables, one width for wrapper and card", async () => {
    installFakeApi((call) =>
      call.path === '/base/sysapi/label' ? okAnswer(kefuLabel(KEFU)) : okAnswer(master(3)),
    );
    renderPage(<DialogHost />);
    for (const [name, title] of [
      ['kefu', '在线客服'],
      ['dashi', '联系大师'],
    ] as const) {
      open(name);
      const dialog = await screen.findByRole('dialog', { name: title });
      const popup = dialog.closest<HTMLElement>('.adm-center-popup');
      expect(popup?.style.getPropertyValue('--min-width'), title).toBe(CENTER_DIALOG_WIDTH);
      expect(popup?.style.getPropertyValue('--max-width'), title).toBe(CENTER_DIALOG_WIDTH);
      // The card itself sets no width of its own: it is the wrapper's.
      const body = dialog.closest<HTMLElement>('.adm-center-popup-body');
      expect(body?.style.width ?? '').toBe('');
      act(() => useDialogs.getState().close());
    }
    expect(CENTER_DIALOG_WIDTH).toBe('min(calc(100vw - 32px), 400px)');
  });

  it('keeps a long WeChat ID on one line, its type sized by its length, with 复制 beside it', async () => {
    const wx = 'xuanli_kefu_2026-abcd';
    installFakeApi(() => okAnswer(kefuLabel({ ...KEFU, wx })));
    renderPage(<DialogHost />);
    open('kefu');
    const id = await screen.findByTestId('wechat-id');
    expect(id.textContent).toBe(wx);
    expect(id.style.getPropertyValue('--wx-chars')).toBe(String(wx.length));
    expect(screen.getByRole('button', { name: `复制微信号 ${wx}` })).toBeTruthy();
  });
});

describe('copying the WeChat ID (PRODUCT.md#errors)', () => {
  async function openCard() {
    installFakeApi(() => okAnswer(kefuLabel(KEFU)));
    renderPage(<DialogHost />);
    open('kefu');
    return screen.findByRole('button', { name: '复制微信号 xuanli-kefu' });
  }

  it('copies through the clipboard and says 复制成功，请前往微信添加！', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fireEvent.click(await openCard());
    expect(await screen.findByText(COPY_SUCCESS)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('xuanli-kefu');
  });

  it('falls back to a selected textarea where there is no clipboard (WeChat browser)', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    let copied = '';
    document.execCommand = vi.fn(() => {
      copied = document.querySelector('textarea')?.value ?? '';
      return true;
    });
    fireEvent.click(await openCard());
    expect(await screen.findByText(COPY_SUCCESS)).toBeTruthy();
    expect(document.execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe('xuanli-kefu');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('says 复制失败，请长按微信号复制！ when nothing can copy, the ID staying selectable', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    document.execCommand = vi.fn(() => false);
    fireEvent.click(await openCard());
    expect(await screen.findByText(COPY_FAILURE)).toBeTruthy();
    expect(screen.getByTestId('wechat-id').textContent).toBe('xuanli-kefu');
  });
});

describe('VIP dialog', () => {
  it('shows a visitor or a user without VIP the customer-service card', async () => {
    installFakeApi(() => okAnswer(kefuLabel(KEFU)));
    loginAs();
    renderPage(<DialogHost />);
    open('vip');
    const dialog = await screen.findByRole('dialog', { name: '开通VIP' });
    expect(await within(dialog).findByRole('heading', { name: '小玄' })).toBeTruthy();
    expect(within(dialog).getByText(/私人定制是VIP专享服务/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '保存' })).toBeNull();
  });

  it("gives a VIP the form; saving keeps the account's 定制 profile on the server and closes", async () => {
    const calls = profileServer(null);
    loginAs(vipMember());
    // The 排盘 page reads another person's chart: the 定制 form neither starts from it nor replaces it.
    useSession.setState({ bazi: OTHER_CHART });
    renderPage(<DialogHost />);
    open('vip');
    const dialog = await screen.findByRole('dialog', { name: '定制资料' });
    expect(((await within(dialog).findByLabelText('姓名')) as HTMLInputElement).value).toBe('');
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: '王小明' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: '女' }));
    fireEvent.change(within(dialog).getByRole('combobox', { name: '年' }), { target: { value: '1985' } });
    fireEvent.click(within(dialog).getByRole('option', { name: '事业' }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '保存' })));
    await waitFor(() => expect(useDialogs.getState().name).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { name: '王小明', sex: '女', born: '公 1985-05-10 08:00', yunType: 'shiye' },
    ]);
    expect(useSession.getState().bazi).toEqual(OTHER_CHART);
    expect(useSession.getState().yunType).toBe('shiye');
  });

  it('toggles the birth picker to 农历 with leap months, and requires a name', async () => {
    const calls = profileServer(null);
    loginAs(vipMember());
    renderPage(<DialogHost />);
    open('vip');
    const dialog = await screen.findByRole('dialog', { name: '定制资料' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: '农历' }));
    fireEvent.change(within(dialog).getByRole('combobox', { name: '年' }), { target: { value: '2023' } });
    const months = within(within(dialog).getByRole('combobox', { name: '月' })).getAllByRole('option');
    expect(months.map((o) => o.textContent)).toContain('闰二月');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '保存' })));
    expect(await within(dialog).findByText('请填写姓名')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("starts from the account's saved profile and type, not from the 排盘 chart", async () => {
    profileServer({
      name: '李雷',
      sex: '男',
      born: '农 1990-04-16 08:00',
      yunType: 'jiankang',
      updatedAt: '2026-01-10T02:00:00.000Z',
    });
    loginAs(vipMember());
    useSession.setState({ bazi: OTHER_CHART });
    renderPage(<DialogHost />);
    open('vip');
    const dialog = await screen.findByRole('dialog', { name: '定制资料' });
    expect(await within(dialog).findByDisplayValue('李雷')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '农历' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('option', { name: '健康' }).getAttribute('aria-selected')).toBe('true');
  });

  it("shows the server's refusal of a birth beside 出生时间, and stays open", async () => {
    profileServer(null, () => failureAnswer('WRONG_LUNAR_MONTH', 'wrong lunar month'));
    loginAs(vipMember());
    renderPage(<DialogHost />);
    open('vip');
    const dialog = await screen.findByRole('dialog', { name: '定制资料' });
    fireEvent.change(await within(dialog).findByLabelText('姓名'), { target: { value: '王小明' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '保存' })));
    expect(await within(dialog).findByText('农历月份不对，这一年没有这个月（或没有这个闰月）')).toBeTruthy();
    expect(useDialogs.getState().name).toBe('vip');
  });
});

describe('the app layer', () => {
  it('loads the dialog host on the first open, not before', async () => {
    installFakeApi(() => okAnswer(kefuLabel(KEFU)));
    const Opener = () => (
      <button type="button" onClick={() => useDialogs.getState().open('kefu')}>
        联系客服
      </button>
    );
    renderPage(
      <Routes>
        <Route element={<RootLayout />}>
          <Route path="/" element={<Opener />} />
        </Route>
      </Routes>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('.adm-popup, .adm-center-popup')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '联系客服' }));
    const dialog = await screen.findByRole('dialog', { name: '在线客服' });
    expect(await within(dialog).findByRole('heading', { name: '小玄' })).toBeTruthy();
  });

  it('closes the dialog when the reader goes to another page', async () => {
    installFakeApi(() => okAnswer(kefuLabel(KEFU)));
    const Away = () => {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate('/pages/user/index')}>
          去我的
        </button>
      );
    };
    renderPage(
      <>
        <DialogHost />
        <Away />
      </>,
      { path: '/pages/dingzhi/index' },
    );
    open('kefu');
    await screen.findByRole('heading', { name: '小玄' });
    expect(useDialogs.getState().name).toBe('kefu');
    fireEvent.click(screen.getByRole('button', { name: '去我的' }));
    expect(useDialogs.getState().name).toBeNull();
  });
});
