import { describe, expect, it } from 'vitest';
import { outcomeCode } from '../errors.test-helpers.ts';
import { baziChart } from './chart.ts';
import { xiyong } from './xiyong.ts';

const SPEC_FIELDS = [
  'stamp',
  'gongli',
  'nongli',
  'nongli_zh',
  'is_leap',
  'jieqi',
  'term',
  'prev_term',
  'next_term',
  'sizhu',
  'dishi',
  'shishen',
  'canggan',
  'wuxing',
  'wxtongji',
  'wxbili',
  'nayin',
  'xunkong',
  'qiyun',
  'zodiac',
  'animal',
  'sex',
  'mingxiang',
];

describe('baziChart', () => {
  it('has every field of the chart answer (PRODUCT.md#bazi) and the extras, in their wire shapes', () => {
    const c = baziChart({ born: '公 2005-12-23 08:37', sex: '女' });
    for (const f of SPEC_FIELDS) expect(c).toHaveProperty(f);
    for (const f of [
      'dayun',
      'liunian',
      'liuyue',
      'shensha',
      'relations',
      'koujing',
      'warnings',
      'time',
      'options',
    ])
      expect(c).toHaveProperty(f);
    expect(c.sizhu).toEqual({ year: '乙酉', month: '戊子', day: '辛巳', hour: '壬辰' });
    expect(c.stamp).toBe(1135298220);
    expect(c.gongli).toEqual({
      year: 2005,
      month: 12,
      day: 23,
      hour: 8,
      minute: 37,
      second: 0,
      text: '2005-12-23 08:37:00',
    });
    expect(c.nongli).toMatchObject({ year: 2005, month: 11, day: 23, leap: false });
    expect(c.nongli_zh).toMatchObject({ year: '二〇〇五', month: '冬月', day: '廿三', hour: '辰时' });
    expect(c.jieqi).toBe('冬至');
    expect(c.term).toBeNull();
    expect(c.prev_term.name).toBe('大雪');
    expect(c.next_term.name).toBe('小寒');
    // lunar-javascript __tests__/EightChar.test.js (2005-12-23 08:37)
    expect(c.canggan).toEqual({
      year: ['辛'],
      month: ['癸'],
      day: ['丙', '庚', '戊'],
      hour: ['戊', '乙', '癸'],
    });
    expect(c.shishen.year).toEqual({ gan: '偏财', zhi: ['比肩'] });
    expect(c.shishen.day).toEqual({ gan: '日主', zhi: ['正官', '劫财', '正印'] });
    expect(c.dishi).toEqual({ year: '临官', month: '长生', day: '死', hour: '墓' });
    expect(c.nayin).toEqual({ year: '泉中水', month: '霹雳火', day: '白蜡金', hour: '长流水' });
    expect(c.wuxing.year).toBe('木金');
    expect(c.zodiac).toBe('摩羯座');
    expect(c.animal).toBe('鸡');
    expect(c.qiyun).toMatchObject({ forward: true });
    expect(c.dayun).toHaveLength(10);
    expect(Object.keys(c.dayun[0])).toEqual(['start', 'end', 'age', 'index', 'ganzhi', 'shishen']);
    expect(c.liunian).toHaveLength(80);
    expect(c.liuyue).toHaveLength(12);
    expect(Object.keys(c.mingxiang)).toEqual(['taiyuan', 'taixi', 'minggong', 'shengong']);
    expect(JSON.parse(JSON.stringify(c))).toEqual(c);
  });
  it('carries its 喜用神 and says that its hour is known', () => {
    const c = baziChart({ born: '公 1990-05-10 08:00', sex: '男' });
    expect(c.xiyong).toEqual(xiyong(c));
    expect([c.xiyong.strength, c.xiyong.favourable]).toEqual(['身弱', ['水', '木']]);
    expect([c.hourUnknown, c.notes]).toEqual([false, []]);
  });
  it('lunar input with a leap month; the term of the day', () => {
    const c = baziChart({ born: '农 2023-02(闰)-15 08:00', sex: '男' });
    expect(c.gongli.text).toBe('2023-04-05 08:00:00');
    expect(c.is_leap).toBe(true);
    expect(c.nongli_zh.month).toBe('闰二月');
    expect(c.term?.name).toBe('清明');
  });
  it('options: counts, 流月 year, zone and true solar time shown', () => {
    const c = baziChart({
      born: '公 1990-05-10 08:00',
      sex: '男',
      liunianCount: 5,
      liuyueYear: 2026,
      longitude: 116.4,
    });
    expect(c.liunian).toHaveLength(5);
    expect(c.liuyue[0]).toMatchObject({ year: 2026, month: 1, ganzhi: '庚寅' });
    expect(c.time).toMatchObject({
      clock: '1990-05-10 08:00:00',
      zone: 'Asia/Shanghai',
      offset: '+09:00',
      dst: true,
      standard: '1990-05-10 07:00:00',
    });
    expect(c.time.trueSolar?.longitudeMinutes).toBe(-14.4);
    expect(c.options).toEqual({
      zi: 'late',
      timeZone: 'Asia/Shanghai',
      longitude: 116.4,
      yunSchool: 2,
      liunianCount: 5,
      liuyueYear: 2026,
      warnMinutes: 15,
    });
  });
  it('rejects bad input with typed errors', () => {
    expect(outcomeCode(() => baziChart({ born: 'nonsense', sex: '男' }))).toBe('WRONG_BIRTH_TEXT');
    expect(outcomeCode(() => baziChart({ born: '公 1990-05-10', sex: 'x' as '男' }))).toBe('WRONG_SEX');
    expect(outcomeCode(() => baziChart({ born: '公 1990-05-10', sex: '男', zi: 'noon' as 'late' }))).toBe(
      'WRONG_OPTION',
    );
    expect(outcomeCode(() => baziChart({ born: '公 1990-05-10', sex: '男', yunSchool: 3 as 1 }))).toBe(
      'WRONG_OPTION',
    );
    expect(outcomeCode(() => baziChart({ born: '公 1990-05-10', sex: '男', liunianCount: 1.5 }))).toBe(
      'WRONG_COUNT',
    );
    expect(outcomeCode(() => baziChart({ born: '公 1990-05-10', sex: '男', timeZone: 'Nowhere' }))).toBe(
      'WRONG_OPTION',
    );
    expect(outcomeCode(() => baziChart(null as never))).toBe('WRONG_BIRTH_TEXT');
  });
});
