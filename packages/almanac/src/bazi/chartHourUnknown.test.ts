/**
 * Charts whose birth hour is unknown (`hourUnknown: true`): for every day of 1988 (a leap year with
 * China's summer time), the three-pillar chart is the noon chart of that date with every value that
 * comes from the hour null — no more, no less — its 起运 and 大运 those of noon, and a note saying so.
 */
import { describe, expect, it } from 'vitest';
import { outcomeCode } from '../errors.test-helpers.ts';
import { dayNumber, formatSolarDate, solarFromDayNumber } from '../solarDate.ts';
import { termIndexOnDay } from '../solarTerm.ts';
import { type BaziChart, baziChart, type HourUnknownChart } from './chart.ts';
import { xiyong } from './xiyong.ts';

/** The paths whose value is null in a chart whose hour is unknown, and never in a chart with its hour. */
const HOUR_FIELDS = [
  'canggan.hour',
  'dishi.hour',
  'gongli.hour',
  'gongli.minute',
  'gongli.second',
  'mingxiang.minggong',
  'mingxiang.shengong',
  'nayin.hour',
  'nongli.hour',
  'nongli.minute',
  'nongli.second',
  'shensha.hour',
  'shishen.hour',
  'sizhu.hour',
  'wuxing.hour',
  'xunkong.hour',
];

/** Every path of a JSON value whose value is null ('a.b.c'). */
function nullPaths(value: unknown, path = ''): string[] {
  if (value === null) return [path];
  if (typeof value !== 'object') return [];
  return Object.entries(value as object).flatMap(([k, v]) => nullPaths(v, path ? `${path}.${k}` : k));
}

/** The same chart with the hour's values removed, for comparing with a three-pillar chart. */
function withoutHour(c: BaziChart) {
  const three = <T>(v: { year: T; month: T; day: T }) => ({ year: v.year, month: v.month, day: v.day });
  return {
    sizhu: three(c.sizhu),
    dishi: three(c.dishi),
    shishen: three(c.shishen),
    canggan: three(c.canggan),
    wuxing: three(c.wuxing),
    nayin: three(c.nayin),
    xunkong: three(c.xunkong),
    shensha: three(c.shensha),
    taiyuan: c.mingxiang.taiyuan,
    taixi: c.mingxiang.taixi,
  };
}

describe('baziChart with the hour unknown', () => {
  it('gives the noon chart of every day of 1988 without anything the hour decides', () => {
    let jieDays = 0;
    for (let n = dayNumber(1988, 1, 1); n <= dayNumber(1988, 12, 31); n++) {
      const date = formatSolarDate(solarFromDayNumber(n));
      const c: HourUnknownChart = baziChart({
        born: `公 ${date}`,
        sex: n % 2 ? '男' : '女',
        hourUnknown: true,
      });
      const noon = baziChart({ born: `公 ${date} 12:00`, sex: n % 2 ? '男' : '女' });
      // Nulls any chart may have (no term that day, no longitude, no 调候) are the noon chart's too;
      // the warnings' alternatives (three pillars) and 喜用神 (which weighs three) are checked below.
      const usual = new Set(nullPaths(noon));
      const own = nullPaths(c).filter(
        (p) => !usual.has(p) && !p.startsWith('warnings.') && !p.startsWith('xiyong.'),
      );
      expect(own.sort(), date).toEqual(HOUR_FIELDS);
      expect(HOUR_FIELDS.filter((p) => usual.has(p))).toEqual([]);
      expect(c.hourUnknown).toBe(true);
      expect(noon.hourUnknown).toBe(false);
      expect(withoutHour(c as unknown as BaziChart), date).toEqual(withoutHour(noon));
      expect(c.nongli_zh.hour).toBe('不详');
      expect(c.gongli.text).toBe(`${date} 时辰不详`);
      expect(c.nongli_zh.text.endsWith(' 时辰不详')).toBe(true);
      // 起运 and 大运 from noon of the date, and the chart says so.
      expect(c.qiyun, date).toEqual(noon.qiyun);
      expect(c.dayun).toEqual(noon.dayun);
      expect(c.stamp).toBe(noon.stamp);
      expect(c.notes[1]).toMatch(/^大运起运按出生当日正午（12:00）推算/);
      expect(c.koujing).toContain('时辰不详(三柱·按正午起运)');
      // Six characters; relations only between the three pillars.
      const sum = Object.values(c.wxtongji.bzwx).reduce((a, b) => a + b, 0);
      expect(sum).toBe(6);
      expect(c.relations.every((r) => !r.pillars.includes('hour'))).toBe(true);
      const pairs = (list: BaziChart['relations']) =>
        list.filter((r) => r.pillars.length === 2 && !r.pillars.includes('hour'));
      expect(pairs(c.relations)).toEqual(pairs(noon.relations));
      expect(c.xiyong).toEqual(xiyong({ sizhu: c.sizhu }));
      expect(c.xiyong.total).toBe(7.5);
      // A 节 on the date makes the month (at 立春 also the year) depend on the unknown hour.
      const jie = termIndexOnDay(n);
      const hasJie = jie >= 0 && jie % 2 === 0;
      const warned = c.warnings.filter((w) => w.kind === 'jie');
      expect(warned.length, date).toBe(hasJie ? 1 : 0);
      if (hasJie) {
        jieDays++;
        expect(warned[0].alternative?.month).not.toBe(c.sizhu.month);
        expect(warned[0].alternative?.hour).toBeNull();
      }
      expect(c.warnings.some((w) => w.kind === 'noTime')).toBe(false);
    }
    expect(jieDays).toBe(12);
  });

  it('ignores a time in the text, and says so', () => {
    const a = baziChart({ born: '公 2024-02-04 08:15', sex: '男', hourUnknown: true, liuyueYear: 2024 });
    const b = baziChart({ born: '公 2024-02-04', sex: '男', hourUnknown: true, liuyueYear: 2024 });
    expect({ ...a, notes: [] }).toEqual({ ...b, notes: [] });
    expect(a.notes.at(-1)).toBe('所填时刻 08:15 按时辰不详处理，未用于排盘。');
    // 立春 2024 at 16:27:08: noon is still 癸卯年乙丑月; after the 节 it would be 甲辰年丙寅月.
    expect(a.sizhu).toEqual({ year: '癸卯', month: '乙丑', day: '戊戌', hour: null });
    expect(a.warnings).toEqual([
      {
        kind: 'jie',
        message:
          '出生当天立春交节（北京时间 2024-02-04 16:27:08），时辰不详，本盘按正午排；若出生在交节之后，年柱为甲辰、月柱为丙寅。',
        alternative: { year: '甲辰', month: '丙寅', day: '戊戌', hour: null },
      },
    ]);
  });

  it('names the next day under 子时换日, works for lunar dates, and checks the option', () => {
    const c = baziChart({ born: '农 2023-02(闰)-15', sex: '女', hourUnknown: true, zi: 'early' });
    expect(c.gongli.text).toBe('2023-04-05 时辰不详');
    expect(c.sizhu).toEqual({ year: '癸卯', month: '丙辰', day: '癸巳', hour: null });
    expect(c.warnings.find((w) => w.kind === 'zi')).toEqual({
      kind: 'zi',
      message: '时辰不详：本盘按“子时换日”，若出生在 23 点以后，日柱为甲午。',
      alternative: { year: '癸卯', month: '丙辰', day: '甲午', hour: null },
    });
    expect(
      outcomeCode(() => baziChart({ born: '公 1990-05-10', sex: '男', hourUnknown: 'yes' as never })),
    ).toBe('WRONG_OPTION');
    expect(outcomeCode(() => baziChart({ born: '公 1990-05-10', sex: '男', hourUnknown: false }))).toBe('ok');
    expect(JSON.parse(JSON.stringify(c))).toEqual(c);
  });
});
