import { baziChart } from '@xuanli/almanac/bazi/chart';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build.ts';
import { useTestApp } from '../../../test/suite.ts';
import { PILLARS_FORMAT_MESSAGE, parsePillars } from './fancha.ts';

const URL_ = '/api/app/bln.Suan/fancha';
const CJK = /[\u4e00-\u9fff]/;

describe('POST app/bln.suan/fancha (四柱反查)', () => {
  const t = useTestApp();

  const post = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: URL_,
      payload: payload as object,
      headers: { 'content-type': 'application/json' },
    });

  it('finds the moment of a known chart among the candidates, ready to chart with bzdata', async () => {
    // 公 1990-05-10 08:00 on the clock (summer time) is 07:00 Beijing standard time: 庚午 辛巳 乙亥 庚辰.
    const res = await post({ pillars: '庚午 辛巳 乙亥 庚辰' });
    expect(res.statusCode).toBe(200);
    const { list } = res.json().resData;
    expect(list.length).toBeGreaterThan(1);
    const found = list.find((d: { born: string }) => d.born === '公 1990-05-10 07:00');
    expect(found).toMatchObject({
      input: { born: '公 1990-05-10 07:00', timeZone: 'UTC+8', zi: 'late' },
      chartable: true,
      start: '1990-05-10 07:00:00',
      end: '1990-05-10 08:59:59',
      gongli: '1990年5月10日 07:00–08:59',
      nongli: '一九九〇年四月十六 辰时',
      whole: true,
    });
    expect(found.notes.join()).toContain('夏令时');
    // Every candidate is in time order and charts back to the four pillars asked for.
    const starts = list.map((d: { start: string }) => d.start);
    expect([...starts].sort()).toEqual(starts);
    for (const d of list.filter((x: { chartable: boolean }) => x.chartable)) {
      const chart = await t.app.inject({
        method: 'POST',
        url: '/api/app/bln.suan/bzdata',
        payload: { ...d.input, sex: '男', liunianCount: 1 },
      });
      expect(chart.json().resData.sizhu, d.born).toEqual({
        year: '庚午',
        month: '辛巳',
        day: '乙亥',
        hour: '庚辰',
      });
    }
    expect(baziChart({ ...found.input, sex: '女' }).sizhu.hour).toBe('庚辰');
  });

  it('reads the pillars with or without separators, and narrows to the years asked', async () => {
    const all = (await post({ pillars: '庚午辛巳乙亥庚辰' })).json().resData.list;
    const commas = (await post({ pillars: '庚午，辛巳，乙亥，庚辰' })).json().resData.list;
    expect(commas).toEqual(all);
    const narrow = await post({ pillars: '庚午 辛巳 乙亥 庚辰', from: 1950, to: 2000 });
    expect(narrow.json().resData.list.map((d: { born: string }) => d.born)).toEqual(['公 1990-05-10 07:00']);
    expect(
      (await post({ pillars: '庚午 辛巳 乙亥 庚辰', from: 1991, to: 2000 })).json().resData.list,
    ).toEqual([]);
  });

  it('follows the 子时 school asked for', async () => {
    // 甲子 day's 子 hour is 甲子; under 'late' a 戊子 hour is that day's 晚子时 (23:00).
    const late = (await post({ pillars: '甲子 丙寅 乙丑 戊子' })).json().resData.list;
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((d: { notes: string[] }) => d.notes.some((n) => n.includes('晚子时')))).toBe(true);
    const early = await post({ pillars: '甲子 丙寅 乙丑 戊子', zi: 'early' });
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('WrongPillars');
  });

  it('refuses pillars that cannot stand together with a Chinese 400 naming the rule', async () => {
    const month = await post({ pillars: '甲子 甲寅 甲子 甲子' });
    expect(month.statusCode).toBe(400);
    expect(month.json()).toEqual({
      code: 'WrongPillars',
      msg: '月柱甲寅与年柱甲子不相配：甲年的寅月是丙寅（五虎遁）',
    });
    const hour = await post({ pillars: '甲子 丙寅 乙丑 甲子' });
    expect(hour.json().code).toBe('WrongPillars');
    expect(hour.json().msg).toContain('五鼠遁');
    const notGanzhi = await post({ pillars: '甲丑 丙寅 乙丑 丙子' });
    expect(notGanzhi.json().code).toBe('WrongPillars');
    expect(notGanzhi.json().msg).toContain('年柱「甲丑」不是六十甲子之一');
    for (const text of ['甲子 丙寅 乙丑', '甲子 丙寅 乙丑 丙子 丁丑', ' ']) {
      const res = await post({ pillars: text });
      expect(res.statusCode, text).toBe(400);
      expect(res.json(), text).toEqual({ code: 'WrongPillars', msg: PILLARS_FORMAT_MESSAGE });
    }
  });

  it('answers malformed bodies and ranges with a Chinese 400, never a 500', async () => {
    for (const body of [
      {},
      { pillars: 42 },
      { pillars: '甲'.repeat(41) },
      { pillars: '庚午 辛巳 乙亥 庚辰', from: 1799 },
      { pillars: '庚午 辛巳 乙亥 庚辰', to: 2101 },
      { pillars: '庚午 辛巳 乙亥 庚辰', from: 1990.5 },
      { pillars: '庚午 辛巳 乙亥 庚辰', zi: 'noon' },
      { pillars: '庚午 辛巳 乙亥 庚辰', from: 2000, to: 1990 },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg, JSON.stringify(body)).toMatch(CJK);
    }
    const reversed = await post({ pillars: '庚午 辛巳 乙亥 庚辰', from: 2000, to: 1990 });
    expect(reversed.json()).toEqual({
      code: 'BadRequest',
      msg: '起始年份 2000 晚于结束年份 1990，请重新选择',
    });
  });
});

describe('fancha rate limit', () => {
  it('counts in the general per-IP budget', async () => {
    const t = await buildTestApp({ config: { rateLimitMax: 3 } });
    try {
      const send = () =>
        t.app.inject({ method: 'POST', url: URL_, payload: { pillars: '庚午 辛巳 乙亥 庚辰' } });
      for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('TooManyRequests');
    } finally {
      await t.close();
    }
  });
});

describe('parsePillars', () => {
  it('splits eight characters into the four pillars whatever stands between them', () => {
    const expected = { year: '庚午', month: '辛巳', day: '乙亥', hour: '庚辰' };
    for (const text of [
      '庚午 辛巳 乙亥 庚辰',
      '庚午\u3000辛巳\u3000乙亥\u3000庚辰',
      '庚午、辛巳、乙亥、庚辰',
      ' 庚午辛巳乙亥庚辰 ',
    ])
      expect(parsePillars(text), text).toEqual(expected);
  });
});
