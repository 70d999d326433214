/**
 * Taoist calendar (道历): the Taoist era year, the festival list (三清, 玉皇诞, 三元 …) and the Taoist
 * day markers (三会日, 三元日, 五腊日, 八节日, 八会日, 戊日).
 *
 * Sources: the tables follow lunar-javascript / lunar-typescript 1.8 by 6tail (`TaoUtil`, MIT), a
 * compilation of the customary 道教 festival calendar (神仙圣诞, 三会, 三元, 五腊, 八节, 八会) as printed
 * in Taoist almanacs. Lunar-dated festivals are in ordinary (non-leap) months only; the term-based ones
 * (元始天尊圣诞 on 冬至, 灵宝天尊圣诞 on 夏至, the 八节 descents) and the 八会 (by the day's 干支) fall
 * on any day.
 */
import type { LunarDate } from './lunar.ts';
import { lunarFromDayNumber } from './lunar.ts';
import { termIndexOnDay } from './solarTerm.ts';

/**
 * 道历 year of a lunar (Chinese) year: counted from the Yellow Emperor's birth in −2697 (the era of
 * "offset −2697"), 道历 = lunarYear + 2697, turning at 春节 — lunar-typescript's `Tao.getYear()`
 * (lunar year 2025 乙巳 → 道历 4722).
 */
export function taoistEraYear(lunarYear: number): number {
  return lunarYear + 2697;
}

/** A Taoist festival: its name and, for the 五腊 and 三会, a short explanation ('' otherwise). */
export interface TaoistFestival {
  name: string;
  remark: string;
}

/** Taoist day markers (lunar-typescript `Tao.isDaySanHui` … `isDayWu`). */
export interface TaoistMarkers {
  /** 三会日: 正月初七, 七月初七, 十月十五. */
  sanHui: boolean;
  /** 三元日: 上元 正月十五, 中元 七月十五, 下元 十月十五. */
  sanYuan: boolean;
  /** 五腊日: 正月初一 天腊, 五月初五 地腊, 七月初七 道德腊, 十月初一 民岁腊, 腊月初八 王侯腊. */
  wuLa: boolean;
  /** 八节日: the days of 立春, 春分, 立夏, 夏至, 立秋, 秋分, 立冬, 冬至. */
  baJie: boolean;
  /** 八会日: 丙午 天会, 壬午 地会, 壬子 人会, 庚午 日会, 庚申 月会, 辛酉 星辰会, 甲辰 五行会, 甲戌 四时会. */
  baHui: boolean;
  /** 明戊日: a day whose stem is 戊. */
  mingWu: boolean;
  /** 暗戊日: the day branch that month hides 戊 in (正月未, 二月戌, 三月辰, 四月寅 …; a leap month as its month). */
  anWu: boolean;
}

/** Lunar-dated festivals: 'MMDD' + items joined by '/', each 'name' or 'name^remark'. */
const FESTIVALS =
  '0101天腊之辰^天腊，此日五帝会于东方九炁青天,0103郝真人圣诞/孙真人圣诞,0105孙祖清静元君诞,0107举迁赏会^此日上元赐福，天官同地水二官考校罪福,0109玉皇上帝圣诞,' +
  '0113关圣帝君飞升,0115上元天官圣诞/老祖天师圣诞,0119长春邱真人(邱处机)圣诞,0128许真君(许逊天师)圣诞,0201勾陈天皇大帝圣诞/长春刘真人(刘渊然)圣诞,' +
  '0202土地正神诞/姜太公圣诞,0203文昌梓潼帝君圣诞,0206东华帝君圣诞,0213度人无量葛真君圣诞,0215太清道德天尊(太上老君)圣诞,0219慈航真人圣诞,' +
  '0301谭祖(谭处端)长真真人圣诞,0303玄天上帝圣诞,0306眼光娘娘圣诞,0315天师张大真人圣诞/财神赵公元帅圣诞,0316三茅真君得道之辰/中岳大帝圣诞,' +
  '0318王祖(王处一)玉阳真人圣诞/后土娘娘圣诞,0319太阳星君圣诞,0320子孙娘娘圣诞,0323天后妈祖圣诞,0326鬼谷先师诞,0328东岳大帝圣诞,0401长生谭真君成道之辰,' +
  '0410何仙姑圣诞,0414吕祖纯阳祖师圣诞,0415钟离祖师圣诞,0418北极紫微大帝圣诞/泰山圣母碧霞元君诞/华佗神医先师诞,0420眼光圣母娘娘诞,0428神农先帝诞,0501南极长生大帝圣诞,' +
  '0505地腊之辰^地腊，此日五帝会于南方三炁丹天/南方雷祖圣诞/地祗温元帅圣诞/雷霆邓天君圣诞,0511城隍爷圣诞,0513关圣帝君降神/关平太子圣诞,0518张天师圣诞,0520马祖丹阳真人圣诞,' +
  '0529紫青白祖师圣诞,0601南斗星君下降,0602南斗星君下降,0603南斗星君下降,0604南斗星君下降,0605南斗星君下降,0606南斗星君下降,0610刘海蟾祖师圣诞,' +
  '0615灵官王天君圣诞,0619慈航(观音)成道日,0623火神圣诞,0624南极大帝中方雷祖圣诞/关圣帝君圣诞,0626二郎真君圣诞,' +
  '0707道德腊之辰^道德腊，此日五帝会于西方七炁素天/庆生中会^此日中元赦罪，地官同天水二官考校罪福,0712西方雷祖圣诞,0715中元地官大帝圣诞,0718王母娘娘圣诞,' +
  '0720刘祖(刘处玄)长生真人圣诞,0722财帛星君文财神增福相公李诡祖圣诞,0726张三丰祖师圣诞,0801许真君飞升日,0803九天司命灶君诞,0805北方雷祖圣诞,0810北岳大帝诞辰,' +
  '0815太阴星君诞,0901北斗九皇降世之辰,0902北斗九皇降世之辰,0903北斗九皇降世之辰,0904北斗九皇降世之辰,0905北斗九皇降世之辰,0906北斗九皇降世之辰,0907北斗九皇降世之辰,' +
  '0908北斗九皇降世之辰,0909北斗九皇降世之辰/斗姥元君圣诞/重阳帝君圣诞/玄天上帝飞升/酆都大帝圣诞,0922增福财神诞,0923萨翁真君圣诞,0928五显灵官马元帅圣诞,' +
  '1001民岁腊之辰^民岁腊，此日五帝会于北方五炁黑天/东皇大帝圣诞,1003三茅应化真君圣诞,1006天曹诸司五岳五帝圣诞,1015下元水官大帝圣诞/建生大会^此日下元解厄，水官同天地二官考校罪福,' +
  '1018地母娘娘圣诞,1019长春邱真君飞升,1020虚靖天师(即三十代天师弘悟张真人)诞,1106西岳大帝圣诞,1109湘子韩祖圣诞,1111太乙救苦天尊圣诞,1126北方五道圣诞,' +
  '1208王侯腊之辰^王侯腊，此日五帝会于上方玄都玉京,1216南岳大帝圣诞/福德正神诞,1220鲁班先师圣诞,1221天猷上帝圣诞,1222重阳祖师圣诞,' +
  '1223祭灶王^最适宜谢旧年太岁，开启拜新年太岁,1225玉帝巡天/天神下降,1229清静孙真君(孙不二)成道';

/** The 八节 descents by term index (solarTerm.ts order: 2 立春, 5 春分, 8 立夏, 11 夏至, 14 立秋 …). */
const BA_JIE: Record<number, string> = {
  2: '东北方度仙上圣天尊同梵炁始青天君下降',
  5: '东方玉宝星上天尊同青帝九炁天君下降',
  8: '东南方好生度命天尊同梵炁始丹天君下降',
  11: '南方玄真万福天尊同赤帝三炁天君下降',
  14: '西南方太灵虚皇天尊同梵炁始素天君下降',
  17: '西方太妙至极天尊同白帝七炁天君下降',
  20: '西北方无量太华天尊同梵炁始玄天君下降',
  23: '北方玄上玉宸天尊同黑帝五炁天君下降',
};

/** The 八会 by the day's sexagenary index (0 = 甲子): 甲戌 10, 甲辰 40, 丙午 42, 庚午 6, 庚申 56, 辛酉 57, 壬午 18, 壬子 48. */
const BA_HUI: Record<number, string> = {
  42: '天会',
  18: '地会',
  48: '人会',
  6: '日会',
  56: '月会',
  57: '星辰会',
  40: '五行会',
  10: '四时会',
};

/** 暗戊: the branch index (子 = 0) of each lunar month 1–12. */
const AN_WU = [7, 10, 4, 2, 6, 0, 9, 8, 5, 11, 3, 1];

let festivals: Map<number, string> | undefined;

/** Sexagenary index of a day (ganzhi.ts `dayPillar`: 1970-01-01 is 辛巳, 17). */
function dayCycle(dayNumber: number): number {
  return (((dayNumber + 17) % 60) + 60) % 60;
}

/**
 * The feasts among a day's Taoist festivals: the lunar-dated ones (正月初九 玉皇上帝圣诞 …; none in a
 * leap month), then 元始天尊圣诞 on 冬至 or 灵宝天尊圣诞 on 夏至 — without the 八节 descents and the 八会
 * days, which recur every few weeks and are markers of the day rather than feasts a believer keeps (a
 * phone calendar of them would be crowded). Pass `lunar` if already known.
 */
export function taoistFeasts(
  dayNumber: number,
  lunar: LunarDate = lunarFromDayNumber(dayNumber),
  term: number = termIndexOnDay(dayNumber),
): TaoistFestival[] {
  const out: TaoistFestival[] = [];
  if (!lunar.leap) {
    if (!festivals) {
      festivals = new Map();
      for (const entry of FESTIVALS.split(',')) festivals.set(Number(entry.slice(0, 4)), entry.slice(4));
    }
    const text = festivals.get(lunar.month * 100 + lunar.day);
    if (text) {
      for (const item of text.split('/')) {
        const [name, remark = ''] = item.split('^');
        out.push({ name, remark });
      }
    }
  }
  if (term === 23) out.push({ name: '元始天尊圣诞', remark: '' });
  else if (term === 11) out.push({ name: '灵宝天尊圣诞', remark: '' });
  return out;
}

/**
 * Taoist festivals of a day, in lunar-typescript `Tao.getFestivals()` order: the feasts
 * ({@link taoistFeasts}), then the 八节 descent of the term, then the 八会 of the day's 干支. Pass
 * `lunar` if already known.
 */
export function taoistFestivals(
  dayNumber: number,
  lunar: LunarDate = lunarFromDayNumber(dayNumber),
): TaoistFestival[] {
  const term = termIndexOnDay(dayNumber);
  const out = taoistFeasts(dayNumber, lunar, term);
  const jie = BA_JIE[term];
  if (jie) out.push({ name: jie, remark: '' });
  const hui = BA_HUI[dayCycle(dayNumber)];
  if (hui) out.push({ name: hui, remark: '' });
  return out;
}

/** Taoist day markers of a day, see {@link TaoistMarkers}. Pass `lunar` if already known. */
export function taoistMarkers(
  dayNumber: number,
  lunar: LunarDate = lunarFromDayNumber(dayNumber),
): TaoistMarkers {
  const md = lunar.leap ? 0 : lunar.month * 100 + lunar.day;
  const cycle = dayCycle(dayNumber);
  return {
    sanHui: md === 107 || md === 707 || md === 1015,
    sanYuan: md === 115 || md === 715 || md === 1015,
    wuLa: md === 101 || md === 505 || md === 707 || md === 1001 || md === 1208,
    baJie: BA_JIE[termIndexOnDay(dayNumber)] !== undefined,
    baHui: BA_HUI[cycle] !== undefined,
    mingWu: cycle % 10 === 4,
    anWu: cycle % 12 === AN_WU[lunar.month - 1],
  };
}
