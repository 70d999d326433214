import { dailyFortune, fortunePerson, weekFortune } from '@xuanli/almanac/bazi/dailyFortune';
import { dayNumber, parseSolarDate, weekday } from '@xuanli/almanac/solarDate';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Caller, setVipExpire, signIn } from '../../../test/accounts.ts';
import { FIXED_NOW } from '../../../test/build.ts';
import { useCaller, useTestApp } from '../../../test/suite.ts';

const URL = '/api/app/bln.suan/dingzhi';
const PROFILE = { name: '示例', sex: '男', born: '公 1990-05-10 08:00' } as const;
const PERSON = fortunePerson(PROFILE);

/** Weekday (1 = Monday … 7 = Sunday) of a 'YYYY-MM-DD'. */
function isoWeekday(date: string): number {
  const d = parseSolarDate(date);
  return weekday(dayNumber(d.year, d.month, d.day)) || 7;
}

describe('POST app/bln.suan/dingzhi (定制)', () => {
  const t = useTestApp();
  const vip = useCaller(t, 'vip');
  beforeEach(() => t.clock.set(FIXED_NOW));

  const post = (payload: unknown, token?: string, url = URL) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: token ? { token } : {},
      payload: payload as object,
    });

  describe('who may ask (PRODUCT.md#vip, #roles)', () => {
    it.each([
      ['visitor', 401, 'Unauthorized'],
      ['user', 403, 'Forbidden'],
      ['expiredVip', 403, 'Forbidden'],
      ['vip', 200, 0],
    ] as const)('%s → %i', async (caller: Caller, status, code) => {
      const { token } = await signIn(t, caller);
      const res = await post({ bazi: PROFILE }, token);
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(code);
    });

    it('answers 401 without a token or with a garbage one', async () => {
      expect((await post({ bazi: PROFILE })).statusCode).toBe(401);
      expect((await post({ bazi: PROFILE }, 'not-a-jwt')).statusCode).toBe(401);
    });

    it('checks the session before the body: a visitor or a user with a wrong body still gets 401 / 403', async () => {
      const visitor = await signIn(t, 'visitor');
      const user = await signIn(t, 'user');
      expect((await post({ bazi: { sex: 'x' } }, visitor.token)).statusCode).toBe(401);
      expect((await post({ yunType: 'x' }, user.token)).statusCode).toBe(403);
    });

    it('decides VIP by the server clock: a membership ending exactly now is over', async () => {
      const member = await signIn(t, 'vip');
      expect((await post({ bazi: PROFILE }, member.token)).statusCode).toBe(200);
      await setVipExpire(t, member.userId!, new Date(t.clock.now()));
      expect((await post({ bazi: PROFILE }, member.token)).statusCode).toBe(403);
      await setVipExpire(t, member.userId!, new Date(t.clock.now() + 1000));
      expect((await post({ bazi: PROFILE }, member.token)).statusCode).toBe(200);
      t.clock.advanceSeconds(1);
      expect((await post({ bazi: PROFILE }, member.token)).statusCode).toBe(403);
    });
  });

  describe('the answer', () => {
    it('is the engine’s fortune of today in Beijing (2026-01-15) and its week, 财运 by default', async () => {
      const res = await post({ bazi: PROFILE }, vip.token);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        code: 0,
        msg: 'ok',
        resData: {
          day: dailyFortune(PERSON, '2026-01-15', 'caiyun'),
          week: weekFortune(PERSON, '2026-01-15', 'caiyun'),
        },
      });
      // The wire shape, spelled out once.
      const { day, week } = body.resData;
      expect(Object.keys(day).sort()).toEqual(
        ['date', 'dayGanzhi', 'desc', 'fen', 'jx', 'lucky', 'relation', 'yunType'].sort(),
      );
      expect(Object.keys(day.lucky).sort()).toEqual(['colour', 'directions', 'hours', 'number']);
      expect(day).toMatchObject({ date: '2026-01-15', yunType: 'caiyun', dayGanzhi: '己丑', relation: '克' });
      expect(Number.isInteger(day.fen)).toBe(true);
      expect(week).toHaveLength(7);
    });

    it('honours date and yunType, and the path in any case', async () => {
      const res = await post(
        { bazi: PROFILE, yunType: 'ganqing', date: '2024-02-10' },
        vip.token,
        '/api/app/bln.Suan/dingzhi',
      );
      expect(res.statusCode).toBe(200);
      const { day, week } = res.json().resData;
      expect(day).toEqual(dailyFortune(PERSON, '2024-02-10', 'ganqing'));
      expect(week.map((d: { date: string }) => d.date)).toEqual([
        '2024-02-05',
        '2024-02-06',
        '2024-02-07',
        '2024-02-08',
        '2024-02-09',
        '2024-02-10',
        '2024-02-11',
      ]);
      expect(week.every((d: { yunType: string }) => d.yunType === 'ganqing')).toBe(true);
    });

    it('gives each fortune type its own reading', async () => {
      const descs = new Set<string>();
      for (const yunType of ['caiyun', 'shiye', 'ganqing', 'jiankang', 'xueye']) {
        const res = await post({ bazi: PROFILE, yunType, date: '2026-01-16' }, vip.token);
        expect(res.statusCode).toBe(200);
        expect(res.json().resData.day.yunType).toBe(yunType);
        descs.add(res.json().resData.day.desc);
      }
      expect(descs.size).toBe(5);
    });

    it('takes "today" from the server clock in Beijing, not UTC', async () => {
      // 2026-01-15 16:30 UTC is 2026-01-16 00:30 in Beijing.
      t.clock.set(Date.UTC(2026, 0, 15, 16, 30));
      const { day, week } = (await post({ bazi: PROFILE }, vip.token)).json().resData;
      expect(day.date).toBe('2026-01-16');
      expect(week[0].date).toBe('2026-01-12');
    });

    it('spans Monday to Sunday of the date’s week, also across a month and a year', async () => {
      for (const date of ['2026-01-12', '2026-01-18', '2025-12-31', '2026-03-01']) {
        const { day, week } = (await post({ bazi: PROFILE, date }, vip.token)).json().resData;
        expect(day.date).toBe(date);
        expect(week.map((d: { date: string }) => isoWeekday(d.date))).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(week.map((d: { date: string }) => d.date)).toContain(date);
      }
    });
  });

  describe('wrong bodies (a VIP asking)', () => {
    it.each([
      ['a birth text that does not parse', 'WRONG_BIRTH_TEXT', { bazi: { ...PROFILE, born: '昨天' } }],
      ['no birth text', 'WRONG_BIRTH_TEXT', { bazi: { name: '示例', sex: '男' } }],
      ['a birth text of the wrong type', 'WRONG_BIRTH_TEXT', { bazi: { ...PROFILE, born: 19900510 } }],
      ['no profile', 'WRONG_BIRTH_TEXT', {}],
      ['a wrong sex', 'WRONG_SEX', { bazi: { ...PROFILE, sex: '未知' } }],
      [
        'an impossible birth month',
        'WRONG_SOLAR_MONTH',
        { bazi: { ...PROFILE, born: '公 1990-13-10 08:00' } },
      ],
      ['an unknown fortune type', 'ValidationError', { bazi: PROFILE, yunType: 'aiqing' }],
      ['a date in another format', 'ValidationError', { bazi: PROFILE, date: '2026/01/15' }],
      ['an impossible date', 'WRONG_SOLAR_DAY', { bazi: PROFILE, date: '2026-02-30' }],
      ['a date out of range', 'OUT_OF_RANGE', { bazi: PROFILE, date: '2101-01-01' }],
    ])('%s → 400 %s', async (_label, code, payload) => {
      const res = await post(payload, vip.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
    });

    it('keeps the original app’s message for the engine codes', async () => {
      const res = await post({ bazi: { ...PROFILE, born: 'x' } }, vip.token);
      expect(res.json()).toEqual({ code: 'WRONG_BIRTH_TEXT', msg: '生日参数错误！' });
    });
  });
});
