import { describe, expect, it } from 'vitest';
import { dayPillar } from '../ganzhi.ts';
import { dayNumber } from '../solarDate.ts';
import { dayGod, hourGod, TWELVE_GODS, twelveGod, twelveGodIndex } from './dayGod.ts';

describe('dayGod (黄道/黑道 twelve gods)', () => {
  it('places 青龙 by 寅申需加子，卯酉却在寅，辰戌龙位上，巳亥午中寻，子午临申地，丑未戌上行', () => {
    const qingLongOn = [8, 10, 0, 2, 4, 6, 8, 10, 0, 2, 4, 6]; // by controlling branch 子 … 亥
    for (let c = 0; c < 12; c++) expect(twelveGodIndex(c, qingLongOn[c])).toBe(0);
  });

  it('knows which gods are 黄道', () => {
    const huang = TWELVE_GODS.filter((_, i) => twelveGod(i).type === '黄道');
    expect(huang).toEqual(['青龙', '明堂', '金匮', '天德', '玉堂', '司命']);
    expect(twelveGod(2)).toEqual({ index: 2, name: '天刑', type: '黑道', luck: '凶' });
  });

  it('matches published almanac pages', () => {
    const dp = (y: number, m: number, d: number) => dayPillar(dayNumber(y, m, d));
    // http://huangli.0564bbs.cn/huangli/2024-09-18.html — 值日星神 玉堂
    expect(dayGod(9, dp(2024, 9, 18) % 12).name).toBe('玉堂');
    // http://huangli.0564bbs.cn/huangli/2024-09-21.html — 值日星神 司命; hours 子…亥 listed as
    // 金匮 天德 白虎 玉堂 天牢 元武(玄武) 司命 勾陈 青龙 明堂 天刑 朱雀
    const d = dp(2024, 9, 21);
    expect(dayGod(9, d % 12).name).toBe('司命');
    const hours = Array.from({ length: 12 }, (_, h) => hourGod(d % 12, h).name);
    expect(hours.join(' ')).toBe('金匮 天德 白虎 玉堂 天牢 玄武 司命 勾陈 青龙 明堂 天刑 朱雀');
    // http://www.sfjie.com/hl/20250123.html — 白虎(黑道), 凶
    expect(dayGod(1, dp(2025, 1, 23) % 12)).toMatchObject({ name: '白虎', type: '黑道', luck: '凶' });
  });
});
