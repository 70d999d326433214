import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { failureAnswer, okAnswer, tokenAnswer } from '@/testing/fake-answers';
import { member } from '@/testing/members';
import { DEFAULT_YUN_TYPE, isVip, memberRequest, onSessionExpired, useSession } from './session';

const user = member({ id: 1 });

const stored = (key: string) => JSON.parse(window.localStorage.getItem(key) ?? 'null');

/** A fake fetch: token requests get a visitor token, member calls get `answer()`. */
function stubFetch(answer: () => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) =>
    String(input).endsWith('/base/token') ? tokenAnswer('visitor-jwt', Date.now() / 1000) : answer(),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  useSession.setState({ user: null, isLogin: false, myclass: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session store', () => {
  it('starts logged out with the caiyun fortune type', () => {
    const state = useSession.getState();
    expect(state.isLogin).toBe(false);
    expect(state.user).toBeNull();
    expect(state.yunType).toBe(DEFAULT_YUN_TYPE);
    expect(DEFAULT_YUN_TYPE).toBe('caiyun');
  });

  it('persists dashi, bazi, yunType and ketang under their own keys, and nothing else', () => {
    const { setBazi, setYunType, setDashi, setKetang } = useSession.getState();
    setBazi({ name: '示例', sex: '男', born: '公 1990-05-01 08:30' });
    setYunType('shiye');
    setDashi({ sellid: 3, nickname: '七星堂师傅' });
    setKetang({ rate: 1.5 });
    expect(stored('bazi')).toEqual({ name: '示例', sex: '男', born: '公 1990-05-01 08:30' });
    expect(stored('yunType')).toBe('shiye');
    expect(stored('dashi')).toEqual({ sellid: 3, nickname: '七星堂师傅' });
    expect(stored('ketang')).toEqual({ rate: 1.5 });
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('is logged in exactly while the stored jw-token record holds a user (PRODUCT.md#account)', () => {
    useSession.getState().login({ jwt: 'member-jwt', iat: 1_700_000_000, user });
    expect(useSession.getState()).toMatchObject({ isLogin: true, user });
    expect(stored('jw-token')).toEqual({ jwt: 'member-jwt', iat: 1_700_000_000, user });

    // A fresh profile replaces the user on the record and keeps the token.
    useSession.getState().setUser({ ...user, nickname: '新名字' });
    expect(stored('jw-token')).toEqual({
      jwt: 'member-jwt',
      iat: 1_700_000_000,
      user: { ...user, nickname: '新名字' },
    });

    useSession.getState().setMyclass([
      {
        courseId: 'bazi-101',
        title: '八字入门十二讲',
        cover: '',
        orderNo: '20260501103000123456',
        grantedAt: '2026-05-01T02:30:00Z',
      },
    ]);
    useSession.getState().logout();
    expect(useSession.getState()).toMatchObject({ isLogin: false, user: null, myclass: [] });
    expect(window.localStorage.getItem('jw-token')).toBeNull();
  });

  it("clears the account's birth data and kept answers from the phone when it logs out", () => {
    const leave = [
      () => useSession.getState().logout(),
      // The server ended the session (a 401): the user is cleared the same way.
      () => useSession.getState().setUser(null),
    ];
    for (const leaveThePhone of leave) {
      useSession.getState().login({ jwt: 'member-jwt', iat: 1_700_000_000, user });
      // What the 定制 form last held, and the answers kept for offline reading.
      localStorage.setItem('vip-form-name', JSON.stringify('王小明'));
      localStorage.setItem('vip-form-sex', JSON.stringify('女'));
      localStorage.setItem('vip-form-born', JSON.stringify('公 1985-05-10 08:00'));
      localStorage.setItem('xl-query-cache', JSON.stringify({ v: 1, owner: 1, state: {} }));
      // The 排盘 page's saved charts are the phone's, read by visitors too: they stay.
      localStorage.setItem('bazi-profiles', JSON.stringify([{ name: '表妹' }]));
      leaveThePhone();
      for (const key of ['vip-form-name', 'vip-form-sex', 'vip-form-born', 'xl-query-cache']) {
        expect(localStorage.getItem(key), key).toBeNull();
      }
      expect(localStorage.getItem('bazi-profiles')).not.toBeNull();
    }
  });

  it('counts a user as VIP only while vip_expire is later than now', () => {
    const now = Date.parse('2025-06-01T00:00:00Z');
    expect(isVip(null, now)).toBe(false);
    expect(isVip({ vip_expire: null }, now)).toBe(false);
    expect(isVip({ vip_expire: '2025-12-31T00:00:00.000Z' }, now)).toBe(true);
    expect(isVip({ vip_expire: '2025-12-31 00:00:00' }, now)).toBe(true);
    expect(isVip({ vip_expire: '2025-01-01T00:00:00Z' }, now)).toBe(false);
    expect(isVip({ vip_expire: now / 1000 + 60 }, now)).toBe(true);
    expect(isVip({ vip_expire: 'soon' }, now)).toBe(false);
  });
});

describe('memberRequest', () => {
  it('sends nothing without login and logs 未登录 (PRODUCT.md#errors)', async () => {
    const fetch = stubFetch(() => okAnswer(user));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(memberRequest('GET', '/crm/member/profile')).rejects.toMatchObject({ code: 'Unauthorized' });
    expect(warn).toHaveBeenCalledWith('未登录');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('answers the resData of a logged-in call', async () => {
    useSession.getState().login({ jwt: 'member-jwt', iat: Math.floor(Date.now() / 1000), user });
    const fetch = stubFetch(() => okAnswer({ ...user, nickname: '服务器' }));
    await expect(memberRequest('GET', '/crm/member/profile')).resolves.toMatchObject({ nickname: '服务器' });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).token).toBe('member-jwt');
  });

  it('treats a 401 as the end of the session: the user is cleared and the app is told', async () => {
    useSession.getState().login({ jwt: 'member-jwt', iat: Math.floor(Date.now() / 1000), user });
    stubFetch(() => failureAnswer('Unauthorized', 'session revoked'));
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    await expect(memberRequest('POST', '/crm/member/profile', { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(useSession.getState().isLogin).toBe(false);
    expect(stored('jw-token')).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);

    // A background call (the launch sync) clears the user too, but sends nobody to the login page.
    useSession.getState().login({ jwt: 'member-jwt', iat: Math.floor(Date.now() / 1000), user });
    await expect(memberRequest('GET', '/crm/member/profile', { background: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(useSession.getState().isLogin).toBe(false);
    expect(expired).toHaveBeenCalledTimes(1);
    stop();
  });
});
