/**
 * 二十八宿 (the 28 lunar mansions) ruling a day, with 七政 (the seven luminaries), animal, 吉凶 and the
 * quarter (四象). Rule source: the 《玉匣记》/《象吉通书》 禽星 cycle used by almanacs: the mansions run
 * through the days in an unbroken 28-day cycle locked to the week — 房 虚 昴 星 fall on Sundays (日),
 * 心 危 毕 张 on Mondays (月), 尾 室 觜 翼 on Tuesdays (火), 箕 壁 参 轸 on Wednesdays (水), 角 斗 奎 井 on
 * Thursdays (木), 亢 牛 娄 鬼 on Fridays (金), 氐 女 胃 柳 on Saturdays (土). Which of the four a day
 * takes follows from its branch (28 days = 4 × 7, so branch mod 4 and weekday fix the day's place).
 * The 吉凶 of each mansion follows the 禽星 verses (角星造作主荣昌 …), see `lunarMansionSong.ts`.
 */

import { mod } from './codec.ts';

/** The 28 mansions from 角, in order east (青龙), north (玄武), west (白虎), south (朱雀). */
export const LUNAR_MANSIONS = '角亢氐房心尾箕斗牛女虚危室壁奎娄胃昴毕觜参井鬼柳星张翼轸';

/** Animal (禽) of each mansion, e.g. 角 → 蛟 (角木蛟). */
const ANIMALS = '蛟龙貉兔狐虎豹獬牛蝠鼠燕猪獝狼狗彘鸡乌猴猿犴羊獐马鹿蛇蚓';

/** 吉 (1) or 凶 (0) of each mansion. */
const LUCK = '1001011100001101101011000101';

/** 七政 by weekday (0 = Sunday): 日 月 火 水 木 金 土. */
const LUMINARIES = '日月火水木金土';

/** Quarters: direction and guardian beast of each run of seven mansions. */
const QUARTER_DIRECTIONS = '东北西南';
const QUARTER_BEASTS = ['青龙', '玄武', '白虎', '朱雀'] as const;

/** A lunar mansion with everything the 老黄历 shows for it. */
export interface LunarMansionInfo {
  /** 0 … 27, 0 = 角. */
  index: number;
  /** One-character name, e.g. '角'. */
  name: string;
  /** 七政: 日 月 火 水 木 金 土. */
  luminary: string;
  /** Animal, e.g. '蛟'. */
  animal: string;
  /** Full name as printed, e.g. '角木蛟'. */
  fullName: string;
  luck: '吉' | '凶';
  /** Quarter direction 东/北/西/南 (四宫). */
  direction: string;
  /** Guardian beast of the quarter (四象): 青龙 玄武 白虎 朱雀. */
  beast: string;
}

/**
 * Index (0 = 角) of the mansion of a day from its branch (0 = 子) and weekday (0 = Sunday). Derived
 * from the cycle: mansion ≡ weekday + 3 (mod 7) and mansion ≡ branch + 2 (mod 4); e.g. a 申 day on a
 * Monday is 毕.
 */
export function lunarMansionIndex(dayBranch: number, weekday: number): number {
  return mod(8 * (weekday + 3) + 21 * (dayBranch + 2), 28);
}

/** Full description of mansion `index` (0 = 角). */
export function lunarMansionInfo(index: number): LunarMansionInfo {
  const i = mod(index, 28);
  const name = LUNAR_MANSIONS[i];
  const luminary = LUMINARIES[(i + 4) % 7];
  const animal = ANIMALS[i];
  const quarter = Math.floor(i / 7);
  return {
    index: i,
    name,
    luminary,
    animal,
    fullName: name + luminary + animal,
    luck: LUCK[i] === '1' ? '吉' : '凶',
    direction: QUARTER_DIRECTIONS[quarter],
    beast: QUARTER_BEASTS[quarter],
  };
}

/** The mansion of a day from its branch and weekday (0 = Sunday), e.g. (申, Monday) → 毕月乌, 吉. */
export function lunarMansion(dayBranch: number, weekday: number): LunarMansionInfo {
  return lunarMansionInfo(lunarMansionIndex(dayBranch, weekday));
}
