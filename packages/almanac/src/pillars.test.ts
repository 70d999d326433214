import { Solar } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import { beijingSeconds, formatBeijing } from './beijingTime.ts';
import { sexagenaryName } from './ganzhi.ts';
import { ganzhiAt, ganzhiOfDay } from './pillars.ts';
import { dayNumber } from './solarDate.ts';
import { termDay } from './solarTerm.ts';
import { termTime } from './solarTermTime.ts';

const names = (p: { year: number; month: number; day: number }) =>
  [sexagenaryName(p.year), sexagenaryName(p.month), sexagenaryName(p.day)].join(' ');

describe('pillars', () => {
  it('by day: the year turns on the day of 立春, the month on the day of each 节', () => {
    // 2024 立春 2024-02-04 16:27: 癸卯 year until 02-03, 甲辰 from 02-04 (the whole day).
    expect(names(ganzhiOfDay(dayNumber(2024, 2, 3)))).toBe('癸卯 乙丑 丁酉');
    expect(names(ganzhiOfDay(dayNumber(2024, 2, 4)))).toBe('甲辰 丙寅 戊戌');
    // 1900-01-01 lies in the 子 month opened by 大雪 1899.
    expect(sexagenaryName(ganzhiOfDay(dayNumber(1900, 1, 1)).month)).toBe('丙子');
  });

  it('at a moment: turning at the exact instant of 立春', () => {
    const t = termTime(2024, 2);
    expect(names(ganzhiAt(t - 1))).toBe('癸卯 乙丑 戊戌');
    expect(names(ganzhiAt(t))).toBe('甲辰 丙寅 戊戌');
  });

  it('agrees with lunar-typescript *Exact two minutes either side of every 节 1901–2100', () => {
    const bad: string[] = [];
    for (let y = 1901; y <= 2100; y++) {
      for (let i = 0; i < 24; i += 2) {
        for (const offset of [-120, 120]) {
          const s = termTime(y, i) + offset;
          const text = formatBeijing(s);
          const [d, tm] = text.split(' ');
          const [yy, mm, dd] = d.split('-').map(Number);
          const [h, mi, se] = tm.split(':').map(Number);
          const oracle = Solar.fromYmdHms(yy, mm, dd, h, mi, se).getLunar();
          const ours = ganzhiAt(s);
          const expected = `${oracle.getYearInGanZhiExact()} ${oracle.getMonthInGanZhiExact()} ${oracle.getDayInGanZhi()}`;
          if (names(ours) !== expected) bad.push(`${text}: ${expected} / ${names(ours)}`);
        }
      }
    }
    expect(bad.slice(0, 10)).toEqual([]);
  });

  it('ganzhiOfDay equals ganzhiAt at the last second of every day 1950–1960', () => {
    // By the end of a day every 节 of that day has passed, so the two flavours must agree.
    for (let n = dayNumber(1950, 1, 1); n < dayNumber(1960, 1, 1); n++) {
      expect(ganzhiAt(beijingSeconds(1950, 1, 1) + (n - dayNumber(1950, 1, 1)) * 86400 + 86399)).toEqual(
        ganzhiOfDay(n),
      );
    }
    expect(termDay(1955, 2)).toBe(Math.floor(termTime(1955, 2) / 86400));
  });
});
