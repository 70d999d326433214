/**
 * Festivals of a day (节日): traditional lunar festivals, solar (Gregorian) festivals, festivals on the
 * n-th weekday of a month, and the few fixed by a solar term (清明节, 寒食节, 春社, 秋社, 冬至节).
 *
 * Split like common almanacs (万年历 apps, lunar-javascript by 6tail): the *main* festivals are the ones
 * a calendar cell shows; the *other* festivals (memorial and observance days, folk customs) appear in
 * the day's detail. The festival lists and names follow lunar-javascript / lunar-typescript 1.8
 * (`LunarUtil.FESTIVAL`, `SolarUtil.FESTIVAL` and their `OTHER_FESTIVAL` tables, MIT), with the
 * deliberate differences listed in `test-data/festival-differences.md` (e.g. 元旦, 龙抬头, 小年, 清明节).
 *
 * Leap months: a festival fixed on a lunar date falls in the ordinary (non-leap) month only — 端午 is
 * never in 闰五月 — as every common almanac has it (lunar-javascript looks leap months up under a negative
 * month, so none match). 除夕 is the last day of the lunar year: 腊月廿九 or 三十 (of 闰腊月 if a year had one).
 *
 * Bundle size: the month view imports {@link mainFestivals} only; the large "other" tables are
 * module-level constants that only {@link otherFestivals} reads, so a bundler drops them.
 */
import type { LunarDate } from './lunar.ts';
import { leapMonth, lunarFromDayNumber, lunarMonthDays } from './lunar.ts';
import { daysInSolarMonth, solarFromDayNumber, weekday } from './solarDate.ts';
import { termDay } from './solarTerm.ts';

/** A day's festivals: `main` for the calendar cell, `other` for the day detail. */
export interface Festivals {
  main: string[];
  other: string[];
}

/**
 * Compact tables: entries joined by ',', each 'MMDD' followed by names joined by '/'. Parsed on first
 * use into a map keyed by month * 100 + day.
 */
function parseTable(text: string): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const entry of text.split(',')) map.set(Number(entry.slice(0, 4)), entry.slice(4).split('/'));
  return map;
}

/** Main lunar festivals (non-leap months). 小年 is the northern 腊月廿三 (the south keeps 廿四, 祭灶日). */
const LUNAR_MAIN =
  '0101春节,0115元宵节,0202龙抬头,0505端午节,0707七夕节,0815中秋节,0909重阳节,1208腊八节,1223小年';

/** Main solar festivals (lunar-javascript `SolarUtil.FESTIVAL`; 元旦节 shown as 元旦). */
const SOLAR_MAIN =
  '0101元旦,0214情人节,0308妇女节,0312植树节,0315消费者权益日,0401愚人节,0501劳动节,0504青年节,0601儿童节,' +
  '0701建党节,0801建军节,0910教师节,1001国庆节,1031万圣节前夜,1101万圣节,1224平安夜,1225圣诞节';

/**
 * Festivals on the n-th weekday of a month, as [month, n, weekday, name] with n = 0 for the last such
 * weekday and weekday 0 = Sunday: 母亲节 (2nd Sunday of May), 父亲节 (3rd Sunday of June), 感恩节 (4th
 * Thursday of November) are main; the observance days after them are other.
 */
type WeekRule = readonly [number, number, number, string];
const WEEK_MAIN: readonly WeekRule[] = [
  [5, 2, 0, '母亲节'],
  [6, 3, 0, '父亲节'],
  [11, 4, 4, '感恩节'],
];
const WEEK_OTHER: readonly WeekRule[] = [
  [3, 0, 1, '全国中小学生安全教育日'],
  [5, 3, 0, '全国助残日'],
  [9, 3, 6, '全民国防教育日'],
  [10, 1, 1, '世界住房日'],
];

/** Other lunar festivals: folk customs (lunar-javascript `LunarUtil.OTHER_FESTIVAL`). */
const LUNAR_OTHER =
  '0104接神日,0105隔开日,0107人日,0108谷日/顺星节,0109天日,0110地日,0120天穿节,0125填仓节,0130正月晦,' +
  '0201中和节,0202社日节,0303上巳节,0520分龙节,0525会龙节,0606天贶节,0624观莲节,0625五谷母节,0715中元节,' +
  '0722财神节,0729地藏节,0801天灸日,1001寒衣节,1010十成节,1015下元节,1207驱傩日,1216尾牙,1224祭灶日';

/** Other solar festivals: memorial and observance days (lunar-javascript `SolarUtil.OTHER_FESTIVAL`). */
const SOLAR_OTHER =
  '0108周恩来逝世纪念日,0110中国人民警察节,0114日记情人节,0121列宁逝世纪念日,0126国际海关日,0127国际大屠杀纪念日,' +
  '0202世界湿地日,0204世界抗癌日,0207京汉铁路罢工纪念日,0210国际气象节,0219邓小平逝世纪念日,0220世界社会公正日,' +
  '0221国际母语日,0224第三世界青年日,0301国际海豹日,0303世界野生动植物日/全国爱耳日,' +
  '0305周恩来诞辰纪念日/中国青年志愿者服务日,0306世界青光眼日,0307女生节,0312孙中山逝世纪念日,' +
  '0314马克思逝世纪念日/白色情人节,0317国际航海日,0318全国科技人才活动日/全国爱肝日,0320国际幸福日,' +
  '0321世界森林日/世界睡眠日/国际消除种族歧视日,0322世界水日,0323世界气象日,0324世界防治结核病日,' +
  '0329中国黄花岗七十二烈士殉难纪念日,0402国际儿童图书日/世界自闭症日,0404国际地雷行动日,0407世界卫生日,' +
  '0408国际珍稀动物保护日,0412世界航天日,0414黑色情人节,0415全民国家安全教育日,0422世界地球日/列宁诞辰纪念日,' +
  '0423世界读书日,0424中国航天日,0425儿童预防接种宣传日,0426世界知识产权日/全国疟疾日,0428世界安全生产与健康日,' +
  '0430全国交通安全反思日,0502世界金枪鱼日,0503世界新闻自由日,0505马克思诞辰纪念日,0508世界红十字日,' +
  '0511世界肥胖日,0512全国防灾减灾日/护士节,0514玫瑰情人节,0515国际家庭日,0519中国旅游日,0520网络情人节,' +
  '0522国际生物多样性日,0525525心理健康节,0527上海解放日,0529国际维和人员日,0530中国五卅运动纪念日,0531世界无烟日,' +
  '0603世界自行车日,0605世界环境日,0606全国爱眼日,0608世界海洋日,0611中国人口日,0614世界献血日/亲亲情人节,' +
  '0617世界防治荒漠化与干旱日,0620世界难民日,0621国际瑜伽日,0625全国土地日,0626国际禁毒日/联合国宪章日,' +
  '0701香港回归纪念日,0706国际接吻日/朱德逝世纪念日,0707七七事变纪念日,0711世界人口日/中国航海日,0714银色情人节,' +
  '0718曼德拉国际日,0730国际友谊日,0803男人节,0805恩格斯逝世纪念日,0806国际电影节,0808全民健身日,0809国际土著人日,' +
  '0812国际青年节,0814绿色情人节,0819世界人道主义日/中国医师节,0822邓小平诞辰纪念日,0829全国测绘法宣传日,' +
  '0903中国抗日战争胜利纪念日,0905中华慈善日,0908世界扫盲日,0909毛泽东逝世纪念日/全国拒绝酒驾日,' +
  '0914世界清洁地球日/相片情人节,0915国际民主日,0916国际臭氧层保护日,0917世界骑行日,0918九一八事变纪念日,' +
  '0920全国爱牙日,0921国际和平日,0927世界旅游日,0930中国烈士纪念日,1001国际老年人日,1002国际非暴力日,' +
  '1004世界动物日,1010辛亥革命纪念日,1011国际女童日,1013国际减轻自然灾害日/中国少年先锋队诞辰日,1014葡萄酒情人节,' +
  '1016世界粮食日,1017全国扶贫日,1020世界统计日,1024世界发展信息日/程序员节,1025抗美援朝纪念日,1105世界海啸日,' +
  '1108记者节,1109全国消防日,1111光棍节,1112孙中山诞辰纪念日,1114电影情人节,1116国际宽容日,1117国际大学生节,' +
  '1119世界厕所日,1128恩格斯诞辰纪念日,1129国际声援巴勒斯坦人民日,1201世界艾滋病日,1202全国交通安全日,' +
  '1203世界残疾人日,1204全国法制宣传日,1205世界弱能人士日/国际志愿人员日,1207国际民航日,' +
  '1209世界足球日/国际反腐败日,1210世界人权日,1211国际山岳日,1212西安事变纪念日,1213国家公祭日,1214拥抱情人节,' +
  '1218国际移徙者日,1226毛泽东诞辰纪念日';

let lunarMain: Map<number, string[]> | undefined;
let solarMain: Map<number, string[]> | undefined;
let lunarOther: Map<number, string[]> | undefined;
let solarOther: Map<number, string[]> | undefined;

/** Names of the n-th-weekday festivals of the given rules that fall on this day. */
function weekFestivals(
  rules: readonly WeekRule[],
  year: number,
  month: number,
  day: number,
  n: number,
): string[] {
  const out: string[] = [];
  for (const [m, k, w, name] of rules) {
    if (m !== month || w !== weekday(n)) continue;
    if (k === Math.ceil(day / 7) || (k === 0 && day + 7 > daysInSolarMonth(year, month))) out.push(name);
  }
  return out;
}

/** 除夕: the last day of the lunar year (腊月廿九 or 三十; of 闰腊月 when the year has one). */
function isNewYearsEve(lunar: LunarDate): boolean {
  if (lunar.month !== 12 || lunar.day < 29) return false;
  if (!lunar.leap && leapMonth(lunar.year) === 12) return false;
  return lunar.day === lunarMonthDays(lunar.year, 12, lunar.leap);
}

/**
 * The main festivals of a day — what a calendar cell shows, most important first: lunar festivals
 * (春节 … 小年, 除夕), then 清明节, then solar festivals (元旦 … 圣诞节), then 母亲节/父亲节/感恩节.
 * Pass `lunar` when the caller already has the day's lunar date (the month view does) to skip a
 * conversion. Returns [] on an ordinary day.
 */
export function mainFestivals(dayNumber: number, lunar: LunarDate = lunarFromDayNumber(dayNumber)): string[] {
  const out: string[] = [];
  if (!lunar.leap) {
    lunarMain ??= parseTable(LUNAR_MAIN);
    const names = lunarMain.get(lunar.month * 100 + lunar.day);
    if (names) out.push(...names);
  }
  if (isNewYearsEve(lunar)) out.push('除夕');
  const { year, month, day } = solarFromDayNumber(dayNumber);
  if (month === 4 && termDay(year, 6) === dayNumber) out.push('清明节');
  solarMain ??= parseTable(SOLAR_MAIN);
  const names = solarMain.get(month * 100 + day);
  if (names) out.push(...names);
  out.push(...weekFestivals(WEEK_MAIN, year, month, day, dayNumber));
  return out;
}

/** Day number of the first 戊 day on or after `start` plus 40 days: the fifth 戊 day, 春社 / 秋社. */
function sheDay(start: number): number {
  // Day stem = (n + 17) % 10 (ganzhi.ts dayPillar); 戊 is stem 4.
  const stem = (((start + 17) % 10) + 10) % 10;
  return start + ((4 - stem + 10) % 10) + 40;
}

/**
 * The other festivals of a day, for the day detail: lunar folk days (人日, 上巳节, 中元节, 寒衣节, 下元节,
 * 祭灶日 …), 寒食节 (the day before 清明), 春社 and 秋社 (the fifth 戊 day from 立春 / 立秋, counting the
 * term's own day), 冬至节, then the solar memorial and observance days. Returns [] when there are none.
 */
export function otherFestivals(
  dayNumber: number,
  lunar: LunarDate = lunarFromDayNumber(dayNumber),
): string[] {
  const out: string[] = [];
  if (!lunar.leap) {
    lunarOther ??= parseTable(LUNAR_OTHER);
    const names = lunarOther.get(lunar.month * 100 + lunar.day);
    if (names) out.push(...names);
  }
  const { year, month, day } = solarFromDayNumber(dayNumber);
  if (month === 4 && termDay(year, 6) === dayNumber + 1) out.push('寒食节');
  if (month === 3 && sheDay(termDay(year, 2)) === dayNumber) out.push('春社');
  if (month === 9 && sheDay(termDay(year, 14)) === dayNumber) out.push('秋社');
  if (month === 12 && termDay(year, 23) === dayNumber) out.push('冬至节');
  solarOther ??= parseTable(SOLAR_OTHER);
  const names = solarOther.get(month * 100 + day);
  if (names) out.push(...names);
  out.push(...weekFestivals(WEEK_OTHER, year, month, day, dayNumber));
  return out;
}

/** Both lists of a day: `{main, other}`, see {@link mainFestivals} and {@link otherFestivals}. */
export function festivalsOn(dayNumber: number, lunar: LunarDate = lunarFromDayNumber(dayNumber)): Festivals {
  return { main: mainFestivals(dayNumber, lunar), other: otherFestivals(dayNumber, lunar) };
}
