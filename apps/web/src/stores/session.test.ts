import { describe, expect, it } from 'vitest';
import { DEFAULT_YUN_TYPE, isVip, useSession } from './session';

describe('session store', () => {
  it('starts logged out with the caiyun fortune type', () => {
    const state = useSession.getState();
    expect(state.isLogin).toBe(false);
    expect(state.user).toBeNull();
    expect(state.yunType).toBe(DEFAULT_YUN_TYPE);
    expect(DEFAULT_YUN_TYPE).toBe('caiyun');
  });

  it('persists dashi, bazi, yunType and ketang under their own keys, and nothing else', () => {
    const { setBazi, setYunType, setDashi, setKetang, setUser } = useSession.getState();
    setBazi({ name: '示例', sex: '男', born: '公 1990-05-01 08:30' });
    setYunType('shiye');
    setDashi({ sellid: 3, nickname: '七星堂师傅' });
    setKetang({ lastCourse: 5 });
    setUser({ id: 1 });
    const stored = (key: string) => JSON.parse(window.localStorage.getItem(key) ?? 'null');
    expect(stored('bazi')).toEqual({ name: '示例', sex: '男', born: '公 1990-05-01 08:30' });
    expect(stored('yunType')).toBe('shiye');
    expect(stored('dashi')).toEqual({ sellid: 3, nickname: '七星堂师傅' });
    expect(stored('ketang')).toEqual({ lastCourse: 5 });
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(useSession.getState().isLogin).toBe(true);
    window.localStorage.setItem('jw-token', JSON.stringify({ jwt: 'x', iat: 1, user: { id: 1 } }));
    useSession.getState().logout();
    expect(useSession.getState()).toMatchObject({ isLogin: false, user: null });
    expect(window.localStorage.getItem('jw-token')).toBeNull();
  });

  it('counts a user as VIP only while vip_expire is later than now', () => {
    const now = Date.parse('2025-06-01T00:00:00Z');
    expect(isVip(null, now)).toBe(false);
    expect(isVip({ vip_expire: null }, now)).toBe(false);
    expect(isVip({ vip_expire: '2025-12-31 00:00:00' }, now)).toBe(true);
    expect(isVip({ vip_expire: '2025-01-01' }, now)).toBe(false);
    expect(isVip({ vip_expire: now / 1000 + 60 }, now)).toBe(true);
    expect(isVip({ vip_expire: 'soon' }, now)).toBe(false);
  });
});
