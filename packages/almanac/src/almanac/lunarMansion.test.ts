import { describe, expect, it } from 'vitest';
import { dayPillar } from '../ganzhi.ts';
import { dayNumber, weekday } from '../solarDate.ts';
import { LUNAR_MANSIONS, lunarMansion, lunarMansionIndex, lunarMansionInfo } from './lunarMansion.ts';
import { lunarMansionSong } from './lunarMansionSong.ts';

const mansionOn = (y: number, m: number, d: number) => {
  const n = dayNumber(y, m, d);
  return lunarMansion(dayPillar(n) % 12, weekday(n));
};

describe('lunarMansion (二十八宿)', () => {
  it('advances one mansion a day in an unbroken 28-day cycle tied to the week', () => {
    let prev = mansionOn(1900, 1, 1).index;
    for (let n = dayNumber(1900, 1, 2); n < dayNumber(1901, 1, 1); n++) {
      const i = lunarMansionIndex(dayPillar(n) % 12, weekday(n));
      expect(i).toBe((prev + 1) % 28);
      prev = i;
    }
  });

  it('gives each mansion its 七政, animal, luck and quarter', () => {
    expect(lunarMansionInfo(0)).toEqual({
      index: 0,
      name: '角',
      luminary: '木',
      animal: '蛟',
      fullName: '角木蛟',
      luck: '吉',
      direction: '东',
      beast: '青龙',
    });
    expect(lunarMansionInfo(3).fullName).toBe('房日兔');
    expect(lunarMansionInfo(27)).toMatchObject({ fullName: '轸水蚓', direction: '南', beast: '朱雀' });
    expect(LUNAR_MANSIONS).toHaveLength(28);
    expect(lunarMansionSong(0).startsWith('角星造作主荣昌')).toBe(true);
  });

  it('matches published almanac pages', () => {
    // http://huangli.0564bbs.cn/huangli/2024-09-18.html — 轸水蚓
    expect(mansionOn(2024, 9, 18).fullName).toBe('轸水蚓');
    // http://huangli.0564bbs.cn/huangli/2024-09-21.html — 氐土貉
    expect(mansionOn(2024, 9, 21).fullName).toBe('氐土貉');
    // http://www.sfjie.com/hl/20250123.html — 奎木狼
    expect(mansionOn(2025, 1, 23).fullName).toBe('奎木狼');
    // https://m.guangyukeji.com/jiyun/23471.html — 2023-01-27: 娄宿
    expect(mansionOn(2023, 1, 27).name).toBe('娄');
  });
});
