/**
 * `GET /api/calendar/zeri` (择日) and `GET /api/calendar/pinjia` (拼假): the engine's answers in the
 * envelope, with the operators' entered holiday days applied, and every refusal a Chinese 400.
 */
import { holidayTable } from '@xuanli/almanac/holidayTable';
import { bridgeLeave } from '@xuanli/almanac/leavePlanner';
import { dayNumber, parseSolarDate } from '@xuanli/almanac/solarDate';
import { chooseDays, restKind } from '@xuanli/almanac/zeri';
import { describe, expect, it } from 'vitest';
import { MADE_UP_2027 } from '../../../test/holiday-fixtures.ts';
import { useTestApp } from '../../../test/suite.ts';
import { saveHolidayDay } from './index.ts';

const COUPLE = [
  { label: '新郎', born: '公 1996-03-12 10:00' },
  { label: '新娘', born: '农 1998-07-15', timeZone: 'Asia/Hong_Kong' },
];

const zeriUrl = (params: [string, string][]) =>
  `/api/calendar/zeri?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;

const n = (date: string) => {
  const d = parseSolarDate(date);
  return dayNumber(d.year, d.month, d.day);
};

describe('择日 and 拼假 routes', () => {
  const t = useTestApp();

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const enter2027 = async () => {
    for (const day of MADE_UP_2027)
      await t.database.db.transaction((tx) =>
        saveHolidayDay(tx, { ...day, updatedBy: 'editor.li', at: new Date(t.clock.now()) }),
      );
  };

  describe('GET /zeri', () => {
    it('answers the engine’s days best first, a page at a time, with every removed day and whom it clashed', async () => {
      const expected = chooseDays({ activity: '嫁娶', from: '2026-01-01', to: '2026-12-31', people: COUPLE });
      const query: [string, string][] = [
        ['activity', '嫁娶'],
        ['from', '2026-01-01'],
        ['to', '2026-12-31'],
        ['born', COUPLE[0].born],
        ['born', COUPLE[1].born],
        ['label', '新郎'],
        ['label', '新娘'],
        ['tz', 'Asia/Shanghai'],
        ['tz', 'Asia/Hong_Kong'],
      ];
      const first = await get(zeriUrl(query));
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      expect(first.json()).toEqual({
        code: 0,
        msg: 'ok',
        resData: {
          activity: '嫁娶',
          from: '2026-01-01',
          to: '2026-12-31',
          list: expected.days.slice(0, 20),
          total: expected.days.length,
          removed: expected.removed,
        },
      });
      expect(expected.days.length).toBeGreaterThan(40);
      const second = (await get(zeriUrl([...query, ['page', '2'], ['size', '30']]))).json().resData;
      expect(second.list).toEqual(expected.days.slice(30, 60));
      // Both people are kept out of their clashing days, each named.
      const removed = first.json().resData.removed as { clashes: { label: string }[] }[];
      const whom = new Set(removed.flatMap((d) => d.clashes.map((c) => c.label)));
      expect([...whom].sort()).toEqual(['新娘', '新郎']);
    });

    it('reads the words people use (搬家, 开业, 签约, 装修, 订婚) as the almanac’s', async () => {
      for (const [word, activity] of [
        ['搬家', '移徙'],
        ['开业', '开市'],
        ['签约', '立券'],
        ['装修', '修造'],
        ['订婚', '纳采'],
      ]) {
        const res = await get(
          zeriUrl([
            ['activity', word],
            ['from', '2026-03-01'],
            ['to', '2026-05-31'],
          ]),
        );
        expect(res.statusCode).toBe(200);
        const expected = chooseDays({ activity, from: '2026-03-01', to: '2026-05-31' });
        expect(res.json().resData).toMatchObject({ activity, total: expected.days.length });
        expect(res.json().resData.list).toEqual(expected.days.slice(0, 20));
      }
    });

    it('names a person without a label 甲方, 乙方 …, and takes a single born as a list of one', async () => {
      const res = await get(
        zeriUrl([
          ['activity', '嫁娶'],
          ['from', '2026-01-01'],
          ['to', '2026-01-31'],
          ['born', '公 1996-03-12 10:00'],
        ]),
      );
      expect(res.statusCode).toBe(200);
      const expected = chooseDays({
        activity: '嫁娶',
        from: '2026-01-01',
        to: '2026-01-31',
        people: [{ label: '甲方', born: '公 1996-03-12 10:00' }],
      });
      expect(res.json().resData.removed).toEqual(expected.removed);
      expect(
        res
          .json()
          .resData.removed.some((d: { reasons: string[] }) =>
            d.reasons.includes('日冲鼠，与甲方（属鼠）相冲'),
          ),
      ).toBe(true);
    });

    it('marks 休/班 from the operators’ entered holiday days', async () => {
      const url = zeriUrl([
        ['activity', '祭祀'],
        ['from', '2027-09-20'],
        ['to', '2027-10-15'],
        ['size', '100'],
      ]);
      const before = (await get(url)).json().resData.list as { date: string; rest: string }[];
      expect(before.length).toBeGreaterThan(3);
      for (const day of before) expect(day.rest).toBe(restKind(n(day.date)));
      await enter2027();
      const table = holidayTable([{ days: MADE_UP_2027 }]);
      // The table is re-read at most once a second.
      t.clock.advanceSeconds(2);
      const after = (await get(url)).json().resData.list as { date: string; rest: string }[];
      expect(after.map((d) => d.date)).toEqual(before.map((d) => d.date));
      for (const day of after) expect(day.rest).toBe(restKind(n(day.date), table));
      // A 休 or 班 that only the entered days give is there.
      expect(after.some((d) => d.rest === '休' || d.rest === '班')).toBe(true);
    });

    it('refuses a bad matter, range, date, birth or people with a Chinese 400', async () => {
      const refusal = async (params: [string, string][]) => {
        const res = await get(zeriUrl(params));
        expect(res.statusCode, res.body).toBe(400);
        return res.json() as { code: string; msg: string };
      };
      const range: [string, string][] = [
        ['from', '2026-01-01'],
        ['to', '2026-12-31'],
      ];
      expect(await refusal([['activity', '打麻将'], ...range])).toEqual({
        code: 'WRONG_OPTION',
        msg: '不能为「打麻将」择日',
      });
      expect(await refusal([['activity', '诸事不宜'], ...range])).toMatchObject({ code: 'WRONG_OPTION' });
      expect(
        await refusal([
          ['activity', '嫁娶'],
          ['from', '2026-01-01'],
          ['to', '2027-01-02'],
        ]),
      ).toEqual({
        code: 'WRONG_COUNT',
        msg: '择日范围最多 366 天',
      });
      expect(
        await refusal([
          ['activity', '嫁娶'],
          ['from', '2026-02-01'],
          ['to', '2026-01-01'],
        ]),
      ).toEqual({
        code: 'WRONG_COUNT',
        msg: '结束日期不能早于开始日期',
      });
      expect(
        await refusal([
          ['activity', '嫁娶'],
          ['from', '2026-02-30'],
          ['to', '2026-03-31'],
        ]),
      ).toEqual({
        code: 'WRONG_SOLAR_DAY',
        msg: '开始日期：公历日期不对，这个月没有这一天',
      });
      expect(
        await refusal([
          ['activity', '嫁娶'],
          ['from', '1899-12-01'],
          ['to', '1899-12-31'],
        ]),
      ).toMatchObject({
        code: 'OUT_OF_RANGE',
      });
      expect(
        await refusal([
          ['activity', '嫁娶'],
          ...range,
          ['born', '公 1990-05-10'],
          ['born', '明天'],
          ['label', '爸爸'],
          ['label', '妈妈'],
        ]),
      ).toEqual({ code: 'WRONG_BIRTH_TEXT', msg: '妈妈：生日参数错误！' });
      expect(await refusal([['activity', '嫁娶'], ...range, ['born', '公 1990-13-10']])).toEqual({
        code: 'WRONG_SOLAR_MONTH',
        msg: '甲方：公历月份不对，请选择 1 到 12 月',
      });
      expect(await refusal([['activity', '嫁娶'], ...range, ['label', '爸爸']])).toEqual({
        code: 'BadRequest',
        msg: '每个 label 和 tz 都要对应一个 born（按同样的顺序）',
      });
      const seven = Array.from({ length: 7 }, (): [string, string] => ['born', '公 1990-05-10']);
      const many = await refusal([['activity', '嫁娶'], ...range, ...seven]);
      expect(many.code).toBe('ValidationError');
      expect(many.msg).toMatch(/born.*最多 6 项/);
      const badDate = await refusal([
        ['activity', '嫁娶'],
        ['from', '2026-1-1'],
        ['to', '2026-12-31'],
      ]);
      expect(badDate.code).toBe('ValidationError');
      expect(badDate.msg).toMatch(/from/);
      expect((await refusal(range)).code).toBe('ValidationError');
    });
  });

  describe('GET /pinjia', () => {
    it('answers the engine’s breaks best ratio first', async () => {
      const res = await get('/api/calendar/pinjia?year=2026&leave=3');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect(res.json()).toEqual({
        code: 0,
        msg: 'ok',
        resData: { year: 2026, leave: 3, list: bridgeLeave({ year: 2026, leave: 3 }) },
      });
      const [best] = res.json().resData.list;
      expect(best).toMatchObject({
        from: '2026-09-25',
        to: '2026-10-07',
        days: 13,
        holidays: ['中秋节', '国庆节'],
      });
      expect(best.leave).toEqual(['2026-09-28', '2026-09-29', '2026-09-30']);
    });

    it('plans a year whose plan operators entered, and says in Chinese when a year has none', async () => {
      const none = await get('/api/calendar/pinjia?year=2028&leave=2');
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ code: 'OUT_OF_RANGE', msg: '2028 年的放假安排还没有公布' });
      // 2027 (entered by the previous describe's test, or here when run alone).
      const entered = (await get('/api/calendar/holidays')).json().resData.years.length > 0;
      if (!entered) await enter2027();
      t.clock.advanceSeconds(2);
      const res = await get('/api/calendar/pinjia?year=2027&leave=2');
      expect(res.statusCode).toBe(200);
      const table = holidayTable([{ days: MADE_UP_2027 }]);
      expect(res.json().resData.list).toEqual(bridgeLeave({ year: 2027, leave: 2, holidayTable: table }));
      const national = res
        .json()
        .resData.list.find((p: { holidays: string[] }) => p.holidays.includes('国庆节'));
      expect(national).toBeDefined();
      expect(national.rest).toContain('2027-10-07');
    });

    it('refuses a leave outside 1–5 or a year outside 1900–2100 with a Chinese 400', async () => {
      for (const url of [
        '/api/calendar/pinjia?year=2026&leave=0',
        '/api/calendar/pinjia?year=2026&leave=6',
        '/api/calendar/pinjia?year=2026&leave=1.5',
        '/api/calendar/pinjia?year=1800&leave=1',
        '/api/calendar/pinjia?year=2026',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().code).toBe('ValidationError');
        expect(res.json().msg).toMatch(/^查询参数.*(leave|year)/);
      }
    });
  });
});

describe('择日 in the rate budget', () => {
  const t = useTestApp({ config: { rateLimitMax: 3 } });

  it('counts in the general budget like the other compute routes', async () => {
    const url = zeriUrl([
      ['activity', '嫁娶'],
      ['from', '2026-01-01'],
      ['to', '2026-12-31'],
    ]);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.app.inject({ method: 'GET', url })).statusCode);
    const refused = await t.app.inject({ method: 'GET', url: '/api/calendar/pinjia?year=2026&leave=1' });
    expect(statuses).toEqual([200, 200, 200]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TooManyRequests');
  });
});
