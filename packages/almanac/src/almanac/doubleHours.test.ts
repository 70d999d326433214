import { describe, expect, it } from 'vitest';
import { dayPillar } from '../ganzhi.ts';
import { dayNumber } from '../solarDate.ts';
import { doubleHour, doubleHours } from './doubleHours.ts';
import { hourYiJi } from './hourYiJi.ts';

describe('doubleHours (时辰)', () => {
  it('lists 子 … 亥 with times, pillars by 五鼠遁, gods, clashes and 宜忌', () => {
    const hours = doubleHours(0); // 甲子 day
    expect(hours.map((h) => h.name).join('')).toBe('子时丑时寅时卯时辰时巳时午时未时申时酉时戌时亥时');
    expect(hours[0]).toMatchObject({ start: '23:00', end: '00:59', ganzhi: '甲子' });
    expect(hours[11]).toMatchObject({ start: '21:00', end: '22:59', ganzhi: '乙亥' });
    expect(hours[0].god).toMatchObject({ name: '金匮', type: '黄道', luck: '吉' });
    expect(hours[0].clash.text).toBe('冲马(戊午)');
    expect(hours[3].yi).toEqual(hourYiJi(0, 3).yi);
    expect(doubleHour(1, 0).ganzhi).toBe('丙子'); // 乙庚丙作初
  });

  it('matches published almanac pages', () => {
    // http://huangli.0564bbs.cn/huangli/2024-09-21.html (戊子日) — 壬子 癸丑 … 癸亥 and
    // 金匮 天德 白虎 玉堂 天牢 元武(玄武) 司命 勾陈 青龙 明堂 天刑 朱雀
    const hours = doubleHours(dayPillar(dayNumber(2024, 9, 21)));
    expect(hours.map((h) => h.ganzhi).join('')).toBe('壬子癸丑甲寅乙卯丙辰丁巳戊午己未庚申辛酉壬戌癸亥');
    expect(hours.map((h) => h.god.name).join('')).toBe('金匮天德白虎玉堂天牢玄武司命勾陈青龙明堂天刑朱雀');
    // http://huangli.0564bbs.cn/huangli/2024-09-18.html (乙酉日) — 丙子 … 丁亥
    expect(doubleHours(dayPillar(dayNumber(2024, 9, 18)))[0].ganzhi).toBe('丙子');
  });
});
