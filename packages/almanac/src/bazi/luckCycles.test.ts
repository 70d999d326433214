import { Solar } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import { dayNumber } from '../solarDate.ts';
import { addToWall, dayun, formatWall, isForward, qiyun } from './luckCycles.ts';

const wall = (y: number, m: number, d: number, h = 0, mi = 0) =>
  dayNumber(y, m, d) * 86400 + h * 3600 + mi * 60;

describe('luckCycles', () => {
  it('1990-05-10 08:00 (UTC+8) 男: both schools as lunar-typescript getYun', () => {
    const s = wall(1990, 5, 10, 8);
    for (const school of [1, 2] as const) {
      const y = qiyun(s, s, 6, '男', school);
      const o = Solar.fromYmdHms(1990, 5, 10, 8, 0, 0).getLunar().getEightChar().getYun(1, school);
      expect([y.year, y.month, y.day, y.hour, y.date]).toEqual([
        o.getStartYear(),
        o.getStartMonth(),
        o.getStartDay(),
        o.getStartHour(),
        o.getStartSolar().toYmdHms().slice(0, 16),
      ]);
      expect(y.forward).toBe(true);
      expect(y.jie.name).toBe('芒种');
    }
  });
  it('阳男阴女顺，阴男阳女逆', () => {
    expect([isForward(0, '男'), isForward(1, '女'), isForward(1, '男'), isForward(0, '女')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const back = qiyun(wall(1990, 5, 10, 8), wall(1990, 5, 10, 8), 6, '女');
    expect(back.forward).toBe(false);
    expect(back.jie.name).toBe('立夏');
  });
  it('大运: month pillar stepped, 10 cycles from the 交运 year, 虚岁', () => {
    const d = dayun(17, true, 1990, 1999, 1); // 辛巳 month
    expect(d.map((x) => x.ganzhi).slice(0, 3)).toEqual(['壬午', '癸未', '甲申']);
    expect(d[0]).toEqual({ start: 1999, end: 2008, age: 10, index: 1, ganzhi: '壬午', shishen: '正印' });
    expect(d).toHaveLength(10);
    expect(dayun(0, false, 2000, 2003, 0, 2).map((x) => x.ganzhi)).toEqual(['癸亥', '壬戌']);
  });
  it('adds years and months with clamping, like Solar.nextYear/nextMonth', () => {
    expect(formatWall(addToWall(wall(2000, 2, 29, 10), 1, 0, 0, 0))).toBe('2001-02-28 10:00');
    expect(formatWall(addToWall(wall(2001, 1, 31, 10), 0, 1, 0, 0))).toBe('2001-02-28 10:00');
    expect(formatWall(addToWall(wall(2001, 11, 30, 22), 0, 3, 1, 4))).toBe('2002-03-02 02:00');
  });
});
