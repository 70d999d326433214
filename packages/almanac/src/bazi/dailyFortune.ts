/**
 * The personal fortune of a day (定制, PRODUCT.md#dingzhi: a VIP's fortune by their saved birth
 * profile and fortune type). Pure and deterministic: the same person, date and type always give the
 * same answer, in every time zone (dates are Beijing civil dates, no `Date`).
 *
 * The rule (our design on the tables of PRODUCT.md#constants; documented in the package README):
 *
 * 1. **Relation.** The day's branch (流日支) against the person's day branch (日支, the seat of the day
 *    master), by compatibility.ts `branchRelation` (first match of 六合 → 三合 → 合 → 冲 → 刑 → 害 → 破 →
 *    生 → 助 → 克, rules of 《三命通会》).
 * 2. **Base score** = the score PRODUCT.md#constants gives that relation: the wealth column for 财运, 事业, 健康
 *    and 学业, the peach-blossom column for 感情 (三合 88/80, 六合 95/83, 合 95/90, 生 75/65, 助 70/66, 克 52/45, 冲
 *    30/32, 刑 45/35, 害 42/55, 破 25/25).
 * 3. **Focus.** The ten god of the day's stem seen from the day master (tenGods.ts) adds the points of
 *    {@link TEN_GOD_POINTS} for the fortune type: 财运 正财/偏财, 事业 正官/七杀, 感情 正财 for a man and
 *    正官 for a woman (the spouse stars: 男以财为妻，女以官为夫, 《渊海子平》), 学业 正印/偏印/食神, 健康 what helps or
 *    strains the day master — 印 and 比劫 help one that does not command the season (不得令), 食伤 relieve
 *    one that does (得令, luckyElement.ts), 七杀 strains both. Stars add {@link STAR_POINTS}: 感情 the
 *    person's 桃花 (咸池) on the day's branch, 事业 天乙贵人, 学业 文昌 (looked up by shensha.ts exactly as
 *    for a chart's own pillars); 健康 loses {@link STEM_CLASH_POINTS} when the day's stem clashes the day
 *    master (甲庚 乙辛 丙壬 丁癸).
 * 4. **Score** `fen` = base + focus, clamped to 0–100.
 * 5. **Grade** `jx` = the best of the luck grades (PRODUCT.md#constants) whose score `fen` reaches (大吉 ≥
 *    89/88, 中吉 ≥ 75/78, 小吉 ≥ 61/68, 中平 ≥ 53/55, 小凶 ≥ 42/46, 中凶 ≥ 31/37, else 大凶). PRODUCT.md#constants heads
 *    that table "(yin/yang)": the first score of each entry is the yin column, the second the yang column.
 *    The column is the day master's polarity (阳干 甲丙戊庚壬 → yang), so one person's week is graded on one scale.
 * 6. **Text** `desc`: 2–4 sentences from fortuneTexts.ts — the relation and what it suggests for the type,
 *    then the day's ten god and the star when they scored, then advice for the grade.
 * 7. **Lucky**: the direction of the day's 财神 (财运), 喜神 (感情) or 福神 (others) by directions.ts; two or
 *    three of the day's 黄道 hours (doubleHours.ts), leaving out those that 冲/刑/害/破 the person's day
 *    branch, taking waking hours (卯 … 戌, 05:00–20:59) when two or more remain there, and preferring
 *    those that 合 it (the same relation scores), listed in the day's order (子 first); the
 *    colour and number of the element the person favours (luckyElement.ts), shaded by the day's stem.
 */
import { hourGod } from '../almanac/dayGod.ts';
import { caiShen, fuShen, xiShen } from '../almanac/directions.ts';
import { doubleHour } from '../almanac/doubleHours.ts';
import { AlmanacError } from '../errors.ts';
import { BRANCHES, parseSexagenary, STEMS, sexagenaryName } from '../ganzhi.ts';
import { ganzhiOfDay } from '../pillars.ts';
import {
  assertSolarDate,
  dayNumber,
  formatSolarDate,
  parseSolarDate,
  type SolarDate,
  solarFromDayNumber,
  weekday,
} from '../solarDate.ts';
import { birthMoment } from './birthMoment.ts';
import { branchRelation, type CompatRelation, LUCK_GRADES, RELATION_SCORES } from './compatibility.ts';
import {
  type FortuneFocus,
  GRADE_ADVICE,
  RELATION_TEXTS,
  RELATION_WORDS,
  STAR_TEXTS,
  STEM_CLASH_TEXT,
  TEN_GOD_TEXTS,
} from './fortuneTexts.ts';
import { type FourPillars, pillarsAt, type ZiSchool } from './fourPillars.ts';
import { commandsSeason, elementTokens, favouredElement } from './luckyElement.ts';
import { stemsClash } from './relations.ts';
import { parseSex, type Sex } from './sex.ts';
import { shensha } from './shensha.ts';
import { type TenGod, tenGod } from './tenGods.ts';
import { isYunType, type YunType } from './yunType.ts';

/** The person a fortune is read for: the four pillars of their birth and their sex. */
export interface FortunePerson {
  pillars: FourPillars;
  sex: Sex;
}

/** One day's fortune: the `FortuneDay` of the 定制 wire. */
export interface FortuneDay {
  /** 'YYYY-MM-DD', a Beijing civil date. */
  date: string;
  yunType: YunType;
  /** Score 0–100. */
  fen: number;
  /** Luck grade 大吉 … 大凶 (PRODUCT.md#constants). */
  jx: LuckGrade;
  /** 2–4 Chinese sentences. */
  desc: string;
  /** The day's 干支, e.g. '丙午'. */
  dayGanzhi: string;
  /** Relation of the day's branch to the person's day branch, e.g. '六合'. */
  relation: CompatRelation;
  lucky: {
    /** The god and its direction, e.g. ['财神 东北']. */
    directions: string[];
    /** Two or three 黄道 hours, e.g. ['子时 23:00–00:59']. */
    hours: string[];
    colour: string;
    number: number;
  };
}

/** The luck grade names of PRODUCT.md#constants, best first (the names of compatibility.ts `LUCK_GRADES`). */
export const FORTUNE_GRADES = ['大吉', '中吉', '小吉', '中平', '小凶', '中凶', '大凶'] as const;

/** A luck grade. */
export type LuckGrade = (typeof FORTUNE_GRADES)[number];

/** Points the day stem's ten god adds, per focus (rule 3); gods not listed add nothing. */
export const TEN_GOD_POINTS: Record<FortuneFocus, Partial<Record<TenGod, number>>> = {
  // 财 is the object of wealth; 食伤 generate it (食伤生财); 比劫 share and rob it (比劫夺财).
  caiyun: { 正财: 8, 偏财: 8, 食神: 3, 伤官: 3, 比肩: -3, 劫财: -6 },
  // 官杀 are rank and authority; 财 generates them (财生官); 伤官 wounds the officer (伤官见官).
  shiye: { 正官: 8, 七杀: 6, 正财: 3, 偏财: 3, 伤官: -6 },
  // A man's spouse star is 财 (正财 the wife, 偏财 admirers), which 比劫 contend for.
  ganqingMale: { 正财: 8, 偏财: 5, 比肩: -3, 劫财: -6 },
  // A woman's spouse star is 官 (正官 the husband, 七杀 a strong attraction), which 伤官 strikes.
  ganqingFemale: { 正官: 8, 七杀: 5, 伤官: -6 },
  // A day master that commands the season wants relief (食伤) and suffers from more weight (偏印 夺食).
  jiankangStrong: { 食神: 6, 伤官: 3, 七杀: -3, 偏印: -3 },
  // One that does not wants support (印, 比劫) and is strained by 七杀 and drained by 伤官.
  jiankangWeak: { 正印: 8, 偏印: 6, 比肩: 6, 劫财: 4, 七杀: -8, 伤官: -4 },
  // 印 is learning and teachers, 食神 understanding; 财 destroys 印 (财坏印).
  xueye: { 正印: 8, 偏印: 6, 食神: 6, 正财: -4, 偏财: -4 },
};

/** The star each fortune type looks for on the day's branch and the points it adds (rule 3). */
export const STAR_POINTS: Record<YunType, { star: keyof typeof STAR_TEXTS; points: number } | null> = {
  caiyun: null,
  shiye: { star: '天乙贵人', points: 5 },
  ganqing: { star: '桃花', points: 6 },
  jiankang: null,
  xueye: { star: '文昌贵人', points: 6 },
};

/** 健康: points lost when the day's stem clashes the day master (rule 3). */
export const STEM_CLASH_POINTS = -5;

/** The god whose direction each fortune type shows (rule 7). */
export const DIRECTION_GODS: Record<YunType, '财神' | '喜神' | '福神'> = {
  caiyun: '财神',
  shiye: '福神',
  ganqing: '喜神',
  jiankang: '福神',
  xueye: '福神',
};

/** The double-hours people are awake in, 卯 … 戌 (05:00–20:59): offered first among the lucky hours. */
const WAKING_HOURS = [3, 10] as const;

/** Relations that keep an hour out of the lucky hours (rule 7). */
const AVOIDED_HOURS: ReadonlySet<CompatRelation> = new Set(['冲', '刑', '害', '破']);

/** First and last date a fortune may be asked for (the years a chart accepts, birthMoment.ts). */
const FIRST_DAY = dayNumber(1900, 1, 1);
const LAST_DAY = dayNumber(2100, 12, 31);

/** A birth profile as the 定制 form holds it (PRODUCT.md#dingzhi), with the chart's optional clock options. */
export interface FortuneProfile {
  born: unknown;
  sex: unknown;
  zi?: ZiSchool;
  timeZone?: string;
  longitude?: number;
}

/**
 * The person of a birth profile: pillars exactly as bazi/chart.ts computes them. A wrong sex throws
 * WRONG_SEX (checked first, as the chart does), a wrong birth text WRONG_BIRTH_TEXT or the calendar's
 * own code.
 */
export function fortunePerson(profile: FortuneProfile): FortunePerson {
  const sex = parseSex(profile.sex);
  const zi = profile.zi ?? 'late';
  if (zi !== 'late' && zi !== 'early') throw new AlmanacError('WRONG_OPTION', 'wrong option: zi');
  const m = birthMoment(profile.born, { timeZone: profile.timeZone, longitude: profile.longitude });
  return { pillars: pillarsAt(m.beijing, m.local, zi), sex };
}

/** The person of an already built chart (its `sizhu` and `sex`), e.g. the 排盘 page's. */
export function fortunePersonOfChart(chart: {
  sizhu: { year: string; month: string; day: string; hour: string };
  sex: Sex;
}): FortunePerson {
  const index = (name: string): number => {
    const i = parseSexagenary(name);
    if (i < 0) throw new AlmanacError('WRONG_OPTION', 'wrong option: sizhu');
    return i;
  };
  const { sizhu } = chart;
  return {
    pillars: {
      year: index(sizhu.year),
      month: index(sizhu.month),
      day: index(sizhu.day),
      hour: index(sizhu.hour),
    },
    sex: parseSex(chart.sex),
  };
}

/** The grade of a score in the day master's column (rule 5): yin = first score, yang = second. */
export function fortuneGrade(fen: number, yangDayMaster: boolean): LuckGrade {
  for (const [name, yin, yang] of LUCK_GRADES)
    if (fen >= (yangDayMaster ? yang : yin)) return name as LuckGrade;
  return '大凶';
}

function focusOf(yunType: YunType, person: FortunePerson): FortuneFocus {
  const dayStem = person.pillars.day % 10;
  if (yunType === 'ganqing') return person.sex === '男' ? 'ganqingMale' : 'ganqingFemale';
  if (yunType === 'jiankang')
    return commandsSeason(dayStem, person.pillars.month % 12) ? 'jiankangStrong' : 'jiankangWeak';
  return yunType;
}

/** Whether the star falls on the day's branch for this person (shensha.ts rules, day as a fifth pillar). */
function starOnDay(person: FortunePerson, dayPillar: number, star: keyof typeof STAR_TEXTS): boolean {
  const { year, month, day } = person.pillars;
  // shensha() marks stars on the pillars of a chart; the day takes the hour's place, so it is looked
  // up from the year and day branches (桃花) and the day stem (贵人, 文昌) like any pillar of the chart.
  const hits = shensha([year, month, day, dayPillar]).hour;
  const bases = star === '桃花' ? ['年支', '日支'] : ['日干'];
  return hits.some((h) => h.name === star && h.by.some((b) => bases.includes(b)));
}

/**
 * The relation of every pair of branches (person's day branch, day's or hour's branch), looked up by
 * fortuneOn and luckyHours seven and twelve times a request: branchRelation also writes a reading of
 * the pair, which a fortune does not use.
 */
const RELATIONS: readonly (readonly CompatRelation[])[] = BRANCHES.map((_, a) =>
  BRANCHES.map((__, b) => branchRelation(a, b).relation),
);

/** '子时 23:00–00:59' … '亥时 21:00–22:59': a double-hour's name and span depend on its branch only. */
const HOUR_LABELS: readonly string[] = BRANCHES.map((_, branch) => {
  const hour = doubleHour(0, branch);
  return `${hour.name} ${hour.start}–${hour.end}`;
});

/** The two or three best 黄道 hours of a day for a person, before {@link LUCKY_HOURS} keeps them. */
function rankLuckyHours(dayBranch: number, personBranch: number, column: 0 | 1): readonly string[] {
  const all: { branch: number; score: number; avoided: boolean }[] = [];
  for (let b = 0; b < 12; b++) {
    if (hourGod(dayBranch, b).luck !== '吉') continue;
    const relation = RELATIONS[personBranch][b];
    all.push({ branch: b, score: RELATION_SCORES[relation][column], avoided: AVOIDED_HOURS.has(relation) });
  }
  const kept = all.filter((h) => !h.avoided);
  const waking = kept.filter((h) => h.branch >= WAKING_HOURS[0] && h.branch <= WAKING_HOURS[1]);
  return (waking.length >= 2 ? waking : kept.length >= 2 ? kept : all)
    .sort((a, b) => b.score - a.score || a.branch - b.branch)
    .slice(0, 3)
    .sort((a, b) => a.branch - b.branch)
    .map((h) => HOUR_LABELS[h.branch]);
}

/**
 * The lucky hours depend on the day's branch, the person's day branch and the score column only: 288
 * answers, each ranked once when first asked for (a 定制 request asks for seven, a week view for more).
 */
const LUCKY_HOURS: (readonly string[] | undefined)[] = [];

function luckyHours(dayBranch: number, personBranch: number, column: 0 | 1): string[] {
  const key = (dayBranch * 12 + personBranch) * 2 + column;
  let hours = LUCKY_HOURS[key];
  if (hours === undefined) {
    hours = rankLuckyHours(dayBranch, personBranch, column);
    LUCKY_HOURS[key] = hours;
  }
  // A copy: the answer is the caller's to keep or change.
  return hours.slice();
}

/** '财神 东北' …: the direction god of a fortune type on a day stem, 5 × 10 texts built once each. */
const DIRECTIONS: Partial<Record<YunType, string[]>> = {};

function directionOf(yunType: YunType, dayStem: number): string {
  let texts = DIRECTIONS[yunType];
  if (texts === undefined) {
    texts = [];
    DIRECTIONS[yunType] = texts;
  }
  if (texts[dayStem] === undefined) {
    const god = DIRECTION_GODS[yunType];
    const at = god === '财神' ? caiShen(dayStem) : god === '喜神' ? xiShen(dayStem) : fuShen(dayStem);
    texts[dayStem] = `${god} ${at.direction}`;
  }
  return texts[dayStem];
}

/** What a person's fortunes of one type share whatever the day: worked out once for a week. */
interface FortuneBasis {
  person: FortunePerson;
  yunType: YunType;
  /** The day master (the day pillar's stem) and the person's day branch. */
  master: number;
  personBranch: number;
  /** RELATION_SCORES column: 感情 reads the second. */
  column: 0 | 1;
  focus: FortuneFocus;
  /** The favoured element's index, from the day master and the month branch (luckyElement.ts). */
  favoured: number;
  starRule: (typeof STAR_POINTS)[YunType];
}

function fortuneBasis(person: FortunePerson, yunType: YunType): FortuneBasis {
  const master = person.pillars.day % 10;
  return {
    person,
    yunType,
    master,
    personBranch: person.pillars.day % 12,
    column: yunType === 'ganqing' ? 1 : 0,
    focus: focusOf(yunType, person),
    favoured: favouredElement(master, person.pillars.month % 12),
    starRule: STAR_POINTS[yunType],
  };
}

/** The fortune of day number `n` (checked by the callers). */
function fortuneOn(basis: FortuneBasis, n: number): FortuneDay {
  const { person, yunType, master, personBranch, column, focus, starRule } = basis;
  const dayPillar = ganzhiOfDay(n).day;
  const dayStem = dayPillar % 10;
  const dayBranch = dayPillar % 12;

  const relation = RELATIONS[personBranch][dayBranch];
  const god = tenGod(master, dayStem);
  const godPoints = TEN_GOD_POINTS[focus][god] ?? 0;
  const star = starRule && starOnDay(person, dayPillar, starRule.star) ? starRule : null;
  const clash = yunType === 'jiankang' && stemsClash(master, dayStem);
  const raw =
    RELATION_SCORES[relation][column] + godPoints + (star?.points ?? 0) + (clash ? STEM_CLASH_POINTS : 0);
  const fen = Math.max(0, Math.min(100, raw));
  const jx = fortuneGrade(fen, master % 2 === 0);
  const dayGanzhi = sexagenaryName(dayPillar);

  const word = relation === '刑' && personBranch === dayBranch ? '自刑' : RELATION_WORDS[relation];
  let desc = `今日${dayGanzhi}，流日${BRANCHES[dayBranch]}与你的日支${BRANCHES[personBranch]}${word}，${RELATION_TEXTS[relation][yunType]}。`;
  if (godPoints !== 0) desc += `流日天干${STEMS[dayStem]}是你的${god}，${TEN_GOD_TEXTS[focus][god]}。`;
  if (star) desc += `${STAR_TEXTS[star.star]}。`;
  if (clash)
    desc += `${STEM_CLASH_TEXT.replace('{stem}', STEMS[dayStem]).replace('{master}', STEMS[master])}。`;
  desc += `${GRADE_ADVICE[yunType][jx]}。`;
  const tokens = elementTokens(basis.favoured, dayStem);

  return {
    date: formatSolarDate(solarFromDayNumber(n)),
    yunType,
    fen,
    jx,
    desc,
    dayGanzhi,
    relation,
    lucky: {
      directions: [directionOf(yunType, dayStem)],
      hours: luckyHours(dayBranch, personBranch, column),
      colour: tokens.colour,
      number: tokens.number,
    },
  };
}

/** Day number of a date given as 'YYYY-MM-DD' or a {@link SolarDate}, 1900-01-01 … 2100-12-31. */
function dayOf(date: string | SolarDate): number {
  const d = typeof date === 'string' ? parseSolarDate(date) : date;
  if (typeof date !== 'string') assertSolarDate(d.year, d.month, d.day);
  const n = dayNumber(d.year, d.month, d.day);
  if (n < FIRST_DAY || n > LAST_DAY) throw new AlmanacError('OUT_OF_RANGE');
  return n;
}

function checkYunType(yunType: unknown): YunType {
  if (!isYunType(yunType)) throw new AlmanacError('WRONG_OPTION', 'wrong option: yunType');
  return yunType;
}

/**
 * The fortune of `person` on `date` (Beijing civil date 'YYYY-MM-DD' or a {@link SolarDate},
 * 1900-01-01 … 2100-12-31) for `yunType`, by the rule in this module's comment. A wrong date throws the
 * engine's message (PRODUCT.md#input-rules), a date outside the range OUT_OF_RANGE, an unknown type
 * WRONG_OPTION.
 */
export function dailyFortune(person: FortunePerson, date: string | SolarDate, yunType: YunType): FortuneDay {
  const type = checkYunType(yunType);
  return fortuneOn(fortuneBasis(person, type), dayOf(date));
}

/**
 * The seven fortunes of the week holding `date`, Monday to Sunday (the Chinese week, GB/T 7408 / ISO
 * 8601). The week of a date at the range's ends may reach into 1899 or 2101, which the term tables hold.
 */
export function weekFortune(person: FortunePerson, date: string | SolarDate, yunType: YunType): FortuneDay[] {
  const type = checkYunType(yunType);
  const n = dayOf(date);
  const monday = n - ((weekday(n) + 6) % 7);
  const basis = fortuneBasis(person, type);
  const week: FortuneDay[] = [];
  for (let day = monday; day < monday + 7; day++) week.push(fortuneOn(basis, day));
  return week;
}
