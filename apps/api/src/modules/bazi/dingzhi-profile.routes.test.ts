/**
 * The 定制 profile routes: each account reads and replaces its own profile, the engine judges what is
 * kept, and the fortune of the saved profile is the one the fortune route gives for it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { FIXED_NOW } from '../../../test/build.ts';
import { useTestApp } from '../../../test/suite.ts';

const URL = '/api/app/bln.suan/dingzhi/profile';
const PROFILE = { name: '示例', sex: '男', born: '公 1990-05-10 08:00', yunType: 'shiye' } as const;

describe('GET/PUT app/bln.suan/dingzhi/profile (定制 profile)', () => {
  const t = useTestApp();
  beforeEach(() => t.clock.set(FIXED_NOW));

  const get = (token?: string, url = URL) =>
    t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });
  const put = (payload: unknown, token?: string, url = URL) =>
    t.app.inject({ method: 'PUT', url, headers: token ? { token } : {}, payload: payload as object });

  it('answers null before the first save, then the saved profile with its time', async () => {
    const { token } = await signIn(t, 'vip');
    const before = await get(token);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ code: 0, msg: 'ok', resData: null });

    const saved = await put(PROFILE, token);
    expect(saved.statusCode, saved.body).toBe(200);
    const profile = { ...PROFILE, updatedAt: new Date(FIXED_NOW).toISOString() };
    expect(saved.json().resData).toEqual(profile);
    expect((await get(token)).json().resData).toEqual(profile);
  });

  it('replaces the whole profile, trims the name and birth text, and takes 财运 when no type is given', async () => {
    const { token } = await signIn(t, 'vip');
    await put(PROFILE, token);
    t.clock.advanceSeconds(60);
    const res = await put({ name: '  李四 ', sex: '女', born: ' 农 1979-06(闰)-15 14:30 ' }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resData).toEqual({
      name: '李四',
      sex: '女',
      born: '农 1979-06(闰)-15 14:30',
      yunType: 'caiyun',
      updatedAt: new Date(FIXED_NOW + 60_000).toISOString(),
    });
  });

  it('keeps each account its own: another caller neither reads nor replaces it', async () => {
    const me = await signIn(t, 'vip');
    const other = await signIn(t, 'vip');
    await put(PROFILE, me.token);
    expect((await get(other.token)).json().resData).toBeNull();
    await put({ ...PROFILE, name: '别人' }, other.token);
    expect((await get(me.token)).json().resData.name).toBe('示例');
    expect((await get(other.token)).json().resData.name).toBe('别人');
  });

  it('lets a user without VIP, or with a lapsed one, keep theirs; refuses visitors and bad tokens', async () => {
    for (const caller of ['user', 'expiredVip'] as const) {
      const { token } = await signIn(t, caller);
      expect((await put(PROFILE, token)).statusCode, caller).toBe(200);
      expect((await get(token)).json().resData.name, caller).toBe('示例');
    }
    const visitor = await signIn(t, 'visitor');
    for (const token of [visitor.token, undefined, 'not-a-jwt']) {
      expect((await get(token)).statusCode).toBe(401);
      expect((await put(PROFILE, token)).json().code).toBe('Unauthorized');
    }
  });

  it('checks the session before the body: a visitor with a wrong body still gets 401', async () => {
    const visitor = await signIn(t, 'visitor');
    expect((await put({ sex: 'x' }, visitor.token)).statusCode).toBe(401);
  });

  it('answers the path in any case, as the other bazi routes', async () => {
    const { token } = await signIn(t, 'vip');
    expect((await put(PROFILE, token, '/api/app/bln.Suan/dingzhi/profile')).statusCode).toBe(200);
    expect((await get(token, '/api/app/bln.Suan/dingzhi/profile')).json().resData.name).toBe('示例');
  });

  describe('wrong profiles are refused with the code of the field, and the stored one stays', () => {
    it.each([
      ['a birth text that does not parse', 'WRONG_BIRTH_TEXT', { ...PROFILE, born: '昨天' }],
      ['no birth text', 'WRONG_BIRTH_TEXT', { name: '示例', sex: '男' }],
      ['a birth text of the wrong type', 'WRONG_BIRTH_TEXT', { ...PROFILE, born: 19900510 }],
      ['a wrong sex', 'WRONG_SEX', { ...PROFILE, sex: '未知' }],
      ['an impossible birth month', 'WRONG_SOLAR_MONTH', { ...PROFILE, born: '公 1990-13-10 08:00' }],
      ['a lunar month the year lacks', 'WRONG_LUNAR_MONTH', { ...PROFILE, born: '农 1990-04(闰)-07 08:00' }],
      ['no name', 'ValidationError', { sex: '男', born: PROFILE.born }],
      ['a blank name', 'ValidationError', { ...PROFILE, name: '   ' }],
      ['a name too long', 'ValidationError', { ...PROFILE, name: '名'.repeat(21) }],
      ['an unknown fortune type', 'ValidationError', { ...PROFILE, yunType: 'aiqing' }],
      ['no body', 'ValidationError', undefined],
    ])('%s → 400 %s', async (_label, code, payload) => {
      const { token } = await signIn(t, 'vip');
      await put(PROFILE, token);
      const res = await put(payload, token);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(code);
      expect((await get(token)).json().resData.born).toBe(PROFILE.born);
    });

    it('says it in the original app’s words for the engine codes', async () => {
      const { token } = await signIn(t, 'vip');
      expect((await put({ ...PROFILE, sex: '?' }, token)).json()).toEqual({
        code: 'WRONG_SEX',
        msg: '性别参数错误！',
      });
    });
  });

  it('saves a profile the fortune route can always compute', async () => {
    const { token } = await signIn(t, 'vip');
    const saved = (await put(PROFILE, token)).json().resData;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/bln.suan/dingzhi',
      headers: { token },
      payload: { bazi: { name: saved.name, sex: saved.sex, born: saved.born }, yunType: saved.yunType },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().resData.day.yunType).toBe('shiye');
  });

  it('keeps one whole profile when two saves of one account race', async () => {
    const { token } = await signIn(t, 'vip');
    const names = ['甲', '乙', '丙', '丁', '戊', '己'];
    const answers = await Promise.all(names.map((name) => put({ ...PROFILE, name }, token)));
    expect(answers.map((res) => res.statusCode)).toEqual(names.map(() => 200));
    const stored = (await get(token)).json().resData;
    expect(names).toContain(stored.name);
    expect(stored).toMatchObject({ sex: '男', born: PROFILE.born, yunType: 'shiye' });
  });
});
