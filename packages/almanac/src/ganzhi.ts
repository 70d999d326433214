/**
 * The 干支 cycle arithmetic: ten heavenly stems, twelve earthly branches and their sixty pairs.
 * A pillar is kept as its index in the sexagenary cycle (0 = 甲子 … 59 = 癸亥); stem = i % 10,
 * branch = i % 12.
 */

/** The ten heavenly stems 天干, 甲 … 癸. */
export const STEMS = ['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬', '癸'] as const;

/** The twelve earthly branches 地支, 子 … 亥. */
export const BRANCHES = ['子', '丑', '寅', '卯', '辰', '巳', '午', '未', '申', '酉', '戌', '亥'] as const;

/** Zodiac animals 生肖 by branch index. */
export const ANIMALS = ['鼠', '牛', '虎', '兔', '龙', '蛇', '马', '羊', '猴', '鸡', '狗', '猪'] as const;

/** Five phases 五行 of each stem. */
export const STEM_ELEMENTS = ['木', '木', '火', '火', '土', '土', '金', '金', '水', '水'] as const;

/** Five phases 五行 of each branch (main qi). */
// biome-ignore format: one entry per branch, 子 … 亥
export const BRANCH_ELEMENTS = ['水', '土', '木', '木', '土', '火', '火', '土', '金', '金', '土', '水'] as const;

/**
 * 纳音 of each pair of the cycle (甲子乙丑 海中金 …), as in 《三命通会·论纳音取象》; index = i >> 1.
 */
// biome-ignore format: five pairs of the cycle per line, as the table is printed
export const NAYIN = [
  '海中金', '炉中火', '大林木', '路旁土', '剑锋金', '山头火', '涧下水', '城头土', '白蜡金', '杨柳木',
  '泉中水', '屋上土', '霹雳火', '松柏木', '长流水', '沙中金', '山下火', '平地木', '壁上土', '金箔金',
  '覆灯火', '天河水', '大驿土', '钗钏金', '桑柘木', '大溪水', '沙中土', '天上火', '石榴木', '大海水',
] as const;

/** Index of a stem and branch pair in the sexagenary cycle; -1 when the parities differ (no such pair). */
export function sexagenaryIndex(stem: number, branch: number): number {
  if ((stem - branch) % 2 !== 0) return -1;
  return (6 * stem - 5 * branch + 60) % 60;
}

/**
 * The sixty names, built once: charts list dozens of them per request, and a table entry is one
 * shared flat string where concatenating per call would make JSON.stringify flatten a new one each time.
 */
const SEXAGENARY_NAMES: readonly string[] = /* @__PURE__ */ Array.from(
  { length: 60 },
  (_, i) => STEMS[i % 10] + BRANCHES[i % 12],
);

/** Name of a sexagenary index, e.g. 0 → '甲子' (any integer, taken modulo 60). */
export function sexagenaryName(index: number): string {
  return SEXAGENARY_NAMES[((index % 60) + 60) % 60];
}

/** Parses a two-character 干支 name back to its index; -1 when it is not one of the sixty. */
export function parseSexagenary(name: string): number {
  if (typeof name !== 'string' || name.length !== 2) return -1;
  const stem = STEMS.indexOf(name[0] as (typeof STEMS)[number]);
  const branch = BRANCHES.indexOf(name[1] as (typeof BRANCHES)[number]);
  if (stem < 0 || branch < 0) return -1;
  return sexagenaryIndex(stem, branch);
}

/** 纳音 of a sexagenary index. */
export function nayin(index: number): string {
  return NAYIN[(((index % 60) + 60) % 60) >> 1];
}

/**
 * 旬空 (空亡) of a sexagenary index: the two branches its 旬 (ten-day week starting at a 甲) leaves
 * without a stem, e.g. any pillar of the 甲子旬 → '戌亥'.
 */
export function xunkong(index: number): string {
  const i = ((index % 60) + 60) % 60;
  const first = (i - (i % 10)) % 12;
  return BRANCHES[(first + 10) % 12] + BRANCHES[(first + 11) % 12];
}

/**
 * Day pillar of a day number (days since 1970-01-01): JDN + 49 ≡ cycle index, the continuous
 * day count of the Chinese calendar, unbroken since the 春秋 era. 1970-01-01 is 辛巳 (17).
 */
export function dayPillar(dayNumber: number): number {
  return (((dayNumber + 17) % 60) + 60) % 60;
}

/** Year pillar of a 干支 year number (the year that begins at 立春): 1984 → 甲子. */
export function yearPillar(ganzhiYear: number): number {
  return (((ganzhiYear - 1984) % 60) + 60) % 60;
}

/**
 * Month pillar from the year pillar and the month's branch (寅 = first month), by the rule
 * 甲己之年丙作首 (五虎遁): the 寅 month's stem is 丙 in 甲/己 years, 戊 in 乙/庚, and so on.
 */
export function monthPillar(yearPillarIndex: number, monthBranch: number): number {
  const firstStem = ((yearPillarIndex % 10) % 5) * 2 + 2;
  const offset = (monthBranch - 2 + 12) % 12;
  return sexagenaryIndex((firstStem + offset) % 10, monthBranch);
}

/** Branch of the double-hour 时辰 holding `hour` (23:00–00:59 is 子). */
export function hourBranch(hour: number): number {
  return Math.floor((hour + 1) / 2) % 12;
}

/**
 * Hour pillar from the day pillar and the hour's branch, by 甲己还加甲 (五鼠遁): the 子 hour's stem is
 * 甲 on 甲/己 days, 丙 on 乙/庚 days, and so on. Which day a late 子 hour belongs to is the caller's
 * choice (早/晚子时).
 */
export function hourPillar(dayPillarIndex: number, branch: number): number {
  const firstStem = ((dayPillarIndex % 10) % 5) * 2;
  return sexagenaryIndex((firstStem + branch) % 10, branch);
}
