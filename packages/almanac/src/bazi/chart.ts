/**
 * The bazi chart (PRODUCT.md#bazi): every field the original app's chart answer had, under its name there,
 * plus 大运, 流年, 流月, 神煞, relations, the 口径 line and boundary warnings. One call, pure, no `Date`.
 *
 * ```ts
 * baziChart({ born: '公 1990-05-10 08:00', sex: '男' }).sizhu // { year: '庚午', month: '辛巳', day: '乙亥', hour: '庚辰' }
 * ```
 */

import { constellation } from '../constellation.ts';
import { AlmanacError } from '../errors.ts';
import { ANIMALS, BRANCH_ELEMENTS, BRANCHES, nayin, STEM_ELEMENTS, xunkong } from '../ganzhi.ts';
import { lunarDayName, lunarMonthName, lunarYearName } from '../lunar.ts';
import { solarFromDayNumber } from '../solarDate.ts';
import { TERM_NAMES, termIndexOnDay } from '../solarTerm.ts';
import { jieAround, termsOfYear } from '../solarTermTime.ts';
import { type BirthMoment, birthMoment } from './birthMoment.ts';
import { formatBirthText, parseBirthText } from './birthText.ts';
import {
  type BoundaryWarning,
  boundaryWarnings,
  type DayWarning,
  DEFAULT_WARN_MINUTES,
  hourUnknownWarnings,
} from './boundaryWarnings.ts';
import { countElements, type ElementCounts, elementRatios } from './fiveElements.ts';
import { type FourPillars, pillarsAt, sizhuOf, type ZiSchool } from './fourPillars.ts';
import { hiddenStemNames } from './hiddenStems.ts';
import { koujing } from './koujing.ts';
import { lifeStage } from './lifeStages.ts';
import { type DaYun, dayun, formatWall, type QiYun, qiyun, type YunSchool } from './luckCycles.ts';
import { type Palace, type Palaces, palaces } from './palaces.ts';
import { type PillarRelation, pillarRelations } from './relations.ts';
import { parseSex, type Sex } from './sex.ts';
import { type ShenshaHit, shensha } from './shensha.ts';
import { branchTenGods, tenGod } from './tenGods.ts';
import { type Xiyong, xiyong } from './xiyong.ts';
import { type LiuNian, type LiuYue, liunian, liuyue } from './yearlyLuck.ts';

/** Input of {@link baziChart}. */
export interface BaziInput {
  /** Birth text, see birthText.ts (e.g. '公 1990-05-10 08:00', '农 2023-02(闰)-15 08:00'). */
  born: string;
  sex: Sex;
  /** 子时 school: 'late' (default; day changes at 00:00, lunar-typescript sect 2) or 'early' (23:00, sect 1). */
  zi?: ZiSchool;
  /** Birthplace longitude (degrees east, west negative): enables true solar time. */
  longitude?: number;
  /** Birthplace zone: IANA id from timeZones.ts or a fixed offset ('UTC+8'); default Asia/Shanghai. */
  timeZone?: string;
  /** 起运 school: 2 (default, to the minute) or 1 (days and 时辰). */
  yunSchool?: YunSchool;
  /** Number of 流年 (default 80, 0–200). */
  liunianCount?: number;
  /** The year whose 12 流月 are listed (default: the birth year). */
  liuyueYear?: number;
  /** Report boundaries within this many minutes (default 15, 0–180). */
  warnMinutes?: number;
  /** A known hour (the default); `true` asks for a three-pillar chart ({@link HourUnknownInput}). */
  hourUnknown?: false;
}

/**
 * Input of a chart whose birth hour is unknown: the date alone counts (a time in `born` is not used),
 * the chart has three pillars and is worked at noon of that date ({@link HourUnknownChart}).
 */
export interface HourUnknownInput extends Omit<BaziInput, 'hourUnknown'> {
  hourUnknown: true;
}

/**
 * Per-pillar values; the hour's are `H` (null in a chart whose hour is unknown). A type rather than an
 * interface so that `Object.values` of one reads as the values' type.
 */
export type ByPillar<T, H = T> = {
  year: T;
  month: T;
  day: T;
  hour: H;
};

/** `T` in a chart with a known hour, null in one without. */
type IfHour<Known extends boolean, T> = Known extends true ? T : null;

/** A date with its clock time, in numbers; the time is null when the hour is unknown. */
interface DateAndClock<Known extends boolean> {
  year: number;
  month: number;
  day: number;
  hour: IfHour<Known, number>;
  minute: IfHour<Known, number>;
  second: IfHour<Known, number>;
}

/**
 * The chart JSON. Field names follow PRODUCT.md#bazi. `Known` is false for a chart whose hour is unknown:
 * every value that comes from the hour pillar is then null (see {@link HourUnknownChart}).
 */
export interface BaziChartOf<Known extends boolean> {
  /** Epoch seconds (UTC) of the birth; with the hour unknown, of noon on the birth date (the moment worked). */
  stamp: number;
  /** Civil date and time on the birthplace clock, as entered (or converted from the lunar date). */
  gongli: DateAndClock<Known> & {
    /** 'YYYY-MM-DD HH:mm:ss', or 'YYYY-MM-DD 时辰不详'. */
    text: string;
  };
  /** Lunar date of that civil date; the clock time. */
  nongli: DateAndClock<Known> & { leap: boolean };
  /** Chinese forms: '一九九〇', '四月', '十六', '辰时' (the chart's hour branch; '不详' without one). */
  nongli_zh: { year: string; month: string; day: string; hour: string; text: string };
  is_leap: boolean;
  /** The 节气 period the birth falls in: the last of the 24 terms at or before the birth. */
  jieqi: string;
  /** The term falling on the birth date (Beijing date), or null. */
  term: { name: string; date: string } | null;
  /** The 节 before and after the birth (Beijing time 'YYYY-MM-DD HH:mm:ss'). */
  prev_term: { name: string; date: string };
  next_term: { name: string; date: string };
  sizhu: ByPillar<string, IfHour<Known, string>>;
  /** 十二长生 of the day master on each branch. */
  dishi: ByPillar<string, IfHour<Known, string>>;
  /** Ten gods: of each stem (day: '日主') and of each branch's hidden stems. */
  shishen: ByPillar<{ gan: string; zhi: string[] }, IfHour<Known, { gan: string; zhi: string[] }>>;
  canggan: ByPillar<string[], IfHour<Known, string[]>>;
  /** 五行 of stem and branch, e.g. '金土'. */
  wuxing: ByPillar<string, IfHour<Known, string>>;
  /** Counts of the eight characters (six without the hour) and their hidden stems. */
  wxtongji: ElementCounts;
  wxbili: ElementCounts;
  nayin: ByPillar<string, IfHour<Known, string>>;
  xunkong: ByPillar<string, IfHour<Known, string>>;
  qiyun: QiYun;
  /** 星座 of the civil birth date. */
  zodiac: string;
  /** 生肖 of the year pillar (turns at 立春). */
  animal: string;
  sex: Sex;
  /** 胎元, 胎息, 命宫, 身宫; 命宫 and 身宫 are counted from the hour branch. */
  mingxiang: Omit<Palaces, 'minggong' | 'shengong'> & {
    minggong: IfHour<Known, Palace>;
    shengong: IfHour<Known, Palace>;
  };
  dayun: DaYun[];
  liunian: LiuNian[];
  liuyue: LiuYue[];
  /** 神煞 of each pillar (none is looked up from the hour, so the others stand without it). */
  shensha: ByPillar<ShenshaHit[], IfHour<Known, ShenshaHit[]>>;
  /** Relations between pillars (without the hour: between the three). */
  relations: PillarRelation[];
  /** 喜用神: the day master's strength, the phases that help and hurt, and why. */
  xiyong: Xiyong;
  /** The conventions used, one line. */
  koujing: string;
  warnings: Known extends true ? BoundaryWarning[] : DayWarning[];
  /** True for a chart whose hour is unknown. */
  hourUnknown: Known extends true ? false : true;
  /** What the reader must know about how the chart was worked (empty for a chart with its hour). */
  notes: string[];
  /** Clock time, standard time, true solar time and the time the chart used. */
  time: {
    clock: string;
    zone: string;
    offset: string;
    dst: boolean;
    standard: string;
    trueSolar: {
      longitude: number;
      meridian: number;
      longitudeMinutes: number;
      eotMinutes: number;
      time: string;
    } | null;
    used: string;
  };
  /** The options in force (defaults filled in). */
  options: {
    zi: ZiSchool;
    timeZone: string;
    longitude: number | null;
    yunSchool: YunSchool;
    liunianCount: number;
    liuyueYear: number;
    warnMinutes: number;
  };
}

/** A chart with its hour: four pillars. */
export type BaziChart = BaziChartOf<true>;

/**
 * A chart whose hour is unknown: three pillars. Null: `sizhu.hour` and the hour of `dishi`, `shishen`,
 * `canggan`, `wuxing`, `nayin`, `xunkong` and `shensha`; `gongli`/`nongli` hour, minute and second;
 * `mingxiang.minggong` and `shengong`. '不详': `nongli_zh.hour`. Worked at noon of the birth date: the
 * year and month pillars (a 节 on that day is a warning), `stamp`, `time`, `jieqi` and 起运 (a note says
 * so). 胎元 and 胎息 need no hour and stay.
 */
export type HourUnknownChart = BaziChartOf<false>;

/** Either kind of chart. */
export type AnyBaziChart = BaziChart | HourUnknownChart;

function option<T>(value: T | undefined, fallback: T, ok: (v: T) => boolean, name: string): T {
  if (value === undefined || value === null) return fallback;
  if (!ok(value))
    throw new AlmanacError(
      name === 'liunianCount' ? 'WRONG_COUNT' : 'WRONG_OPTION',
      name === 'liunianCount' ? undefined : `wrong option: ${name}`,
    );
  return value;
}

function offsetText(seconds: number): string {
  const a = Math.abs(seconds);
  return `${seconds < 0 ? '-' : '+'}${String(Math.floor(a / 3600)).padStart(2, '0')}:${String(Math.floor(a / 60) % 60).padStart(2, '0')}`;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** The 节气 period (last of the 24 terms at or before the instant). */
function currentTerm(beijing: number): string {
  const y = solarFromDayNumber(Math.floor(beijing / 86400)).year;
  let name = '';
  for (const yy of [y - 1, y]) for (const t of termsOfYear(yy)) if (t.time <= beijing) name = t.name;
  return name;
}

/** The options of a chart, checked, defaults filled in (everything but the birth itself). */
function chartOptions(input: BaziInput | HourUnknownInput) {
  const hourUnknown = option<boolean>(input.hourUnknown, false, (v) => typeof v === 'boolean', 'hourUnknown');
  return {
    sex: parseSex(input.sex),
    zi: option<ZiSchool>(input.zi, 'late', (v) => v === 'early' || v === 'late', 'zi'),
    yunSchool: option<YunSchool>(input.yunSchool, 2, (v) => v === 1 || v === 2, 'yunSchool'),
    liunianCount: option(
      input.liunianCount,
      80,
      (v) => Number.isInteger(v) && v >= 0 && v <= 200,
      'liunianCount',
    ),
    warnMinutes: option(
      input.warnMinutes,
      DEFAULT_WARN_MINUTES,
      (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 180,
      'warnMinutes',
    ),
    hourUnknown,
  };
}

/** The birth text a chart works from: as given, or noon of its date when the hour is unknown. */
function workedBirthText(born: unknown, hourUnknown: boolean): { born: unknown; givenTime: string | null } {
  if (!hourUnknown) return { born, givenTime: null };
  const text = parseBirthText(born);
  const given = text.hasTime ? formatBirthText(text).split(' ')[2] : null;
  return {
    born: formatBirthText({ ...text, hour: 12, minute: 0, second: 0, hasTime: true }),
    givenTime: given,
  };
}

/** The notes of a chart whose hour is unknown. */
function hourUnknownNotes(givenTime: string | null): string[] {
  const notes = [
    '时辰不详：只排年、月、日三柱；时柱及由时柱而来的十神、藏干、地势、纳音、旬空、神煞与命宫、身宫从缺，五行只计六字。',
    '大运起运按出生当日正午（12:00）推算；实际出生时刻可早可晚半日，起运时间因此可差约两个月。',
  ];
  if (givenTime) notes.push(`所填时刻 ${givenTime} 按时辰不详处理，未用于排盘。`);
  return notes;
}

/** `f` of each pillar; the hour's is null when `hour` is (a chart whose hour is unknown). */
function byPillar<T>(p: FourPillars, known: boolean, f: (index: number, key: keyof FourPillars) => T) {
  return {
    year: f(p.year, 'year'),
    month: f(p.month, 'month'),
    day: f(p.day, 'day'),
    hour: known ? f(p.hour, 'hour') : null,
  };
}

/** The per-pillar blocks of a chart: pillars, ten gods, hidden stems, phases, 纳音, 旬空, 长生. */
function pillarBlocks(p: FourPillars, known: boolean) {
  const dayStem = p.day % 10;
  const sizhu = sizhuOf(p);
  return {
    sizhu: { year: sizhu.year, month: sizhu.month, day: sizhu.day, hour: known ? sizhu.hour : null },
    dishi: byPillar(p, known, (i) => lifeStage(dayStem, i % 12)),
    shishen: byPillar(p, known, (i, k) => ({
      gan: k === 'day' ? '日主' : tenGod(dayStem, i % 10),
      zhi: branchTenGods(dayStem, i % 12),
    })),
    canggan: byPillar(p, known, (i) => hiddenStemNames(i % 12)),
    wuxing: byPillar(p, known, (i) => STEM_ELEMENTS[i % 10] + BRANCH_ELEMENTS[i % 12]),
    nayin: byPillar(p, known, (i) => nayin(i)),
    xunkong: byPillar(p, known, (i) => xunkong(i)),
  };
}

/** gongli, nongli and their Chinese forms. */
function dateBlocks(m: BirthMoment, hourBranch: number, known: boolean) {
  const n = Math.floor(m.clock / 86400);
  const clockTime = m.clock - n * 86400;
  const hour = known ? Math.floor(clockTime / 3600) : null;
  const minute = known ? Math.floor(clockTime / 60) % 60 : null;
  const second = known ? clockTime % 60 : null;
  const hourName = known ? `${BRANCHES[hourBranch]}时` : '不详';
  const lunarText = `${lunarYearName(m.lunar.year)}年${lunarMonthName(m.lunar.month, m.lunar.leap)}${lunarDayName(m.lunar.day)}`;
  return {
    gongli: {
      year: m.date.year,
      month: m.date.month,
      day: m.date.day,
      hour,
      minute,
      second,
      text: known ? formatWall(m.clock, true) : `${formatWall(m.clock).slice(0, 10)} 时辰不详`,
    },
    nongli: {
      year: m.lunar.year,
      month: m.lunar.month,
      day: m.lunar.day,
      hour,
      minute,
      second,
      leap: m.lunar.leap,
    },
    nongli_zh: {
      year: lunarYearName(m.lunar.year),
      month: lunarMonthName(m.lunar.month, m.lunar.leap),
      day: lunarDayName(m.lunar.day),
      hour: hourName,
      text: `${lunarText} ${known ? hourName : '时辰不详'}`,
    },
  };
}

/** The terms around the birth: its 节气 period, the term of its date, the 节 before and after. */
function termBlocks(m: BirthMoment) {
  const termIndex = termIndexOnDay(Math.floor(m.clock / 86400));
  const { prev, next } = jieAround(m.beijing);
  return {
    is_leap: m.lunar.leap,
    jieqi: currentTerm(m.beijing),
    term:
      termIndex < 0
        ? null
        : { name: TERM_NAMES[termIndex], date: formatWall(termsOfYear(m.date.year)[termIndex].time, true) },
    prev_term: { name: prev.name, date: formatWall(prev.time, true) },
    next_term: { name: next.name, date: formatWall(next.time, true) },
  };
}

/** The time block: clock, zone, standard and true solar time, and the time the chart used. */
function timeBlock(m: BirthMoment) {
  return {
    clock: formatWall(m.clock, true),
    zone: m.zone.id,
    offset: offsetText(m.resolution.offset),
    dst: m.resolution.dst > 0,
    standard: formatWall(m.standard, true),
    trueSolar: m.trueSolar
      ? {
          longitude: m.trueSolar.longitude,
          meridian: m.trueSolar.meridian,
          longitudeMinutes: round1(m.trueSolar.longitudeSeconds / 60),
          eotMinutes: round1(m.trueSolar.eotSeconds / 60),
          time: formatWall(m.trueSolar.local, true),
        }
      : null,
    used: formatWall(m.local, true),
  };
}

/**
 * Builds a chart; throws AlmanacError (WRONG_BIRTH_TEXT, WRONG_SEX, WRONG_OPTION, …) for bad input.
 * With `hourUnknown: true` the chart has three pillars ({@link HourUnknownChart}).
 */
export function baziChart(input: HourUnknownInput): HourUnknownChart;
export function baziChart(input: BaziInput): BaziChart;
export function baziChart(input: BaziInput | HourUnknownInput): AnyBaziChart;
export function baziChart(input: BaziInput | HourUnknownInput): AnyBaziChart {
  if (typeof input !== 'object' || input === null) throw new AlmanacError('WRONG_BIRTH_TEXT');
  const o = chartOptions(input);
  const known = !o.hourUnknown;
  const worked = workedBirthText(input.born, o.hourUnknown);
  const m: BirthMoment = birthMoment(worked.born, { timeZone: input.timeZone, longitude: input.longitude });
  const liuyueYear = option(
    input.liuyueYear,
    m.date.year,
    (v) => Number.isInteger(v) && v >= 1900 && v <= 2100,
    'liuyueYear',
  );
  const p = pillarsAt(m.beijing, m.local, o.zi);
  const dayStem = p.day % 10;
  const pillars = known ? [p.year, p.month, p.day, p.hour] : [p.year, p.month, p.day];
  const counts = countElements(pillars);
  const yun = qiyun(m.beijing, m.clock, p.year % 10, o.sex, o.yunSchool);
  const blocks = pillarBlocks(p, known);
  const palace = palaces(p.year, p.month, p.day, p.hour);
  const stars = shensha(pillars, { sex: o.sex });
  return {
    stamp: m.utc,
    ...dateBlocks(m, p.hour % 12, known),
    ...termBlocks(m),
    ...blocks,
    wxtongji: counts,
    wxbili: elementRatios(counts),
    qiyun: yun,
    zodiac: constellation(m.date.month, m.date.day),
    animal: ANIMALS[p.year % 12],
    sex: o.sex,
    mingxiang: known ? palace : { ...palace, minggong: null, shengong: null },
    dayun: dayun(p.month, yun.forward, m.date.year, Number(yun.date.slice(0, 4)), dayStem, 10),
    liunian: liunian(m.date.year, dayStem, o.liunianCount),
    liuyue: liuyue(liuyueYear, dayStem),
    shensha: { ...stars, hour: known ? stars.hour : null },
    relations: pillarRelations(pillars),
    xiyong: xiyong({ sizhu: blocks.sizhu }),
    koujing: koujing(m, o.zi, o.yunSchool, !known),
    warnings: known ? boundaryWarnings(m, p, o.zi, o.warnMinutes) : hourUnknownWarnings(m, p, o.zi),
    hourUnknown: !known,
    notes: known ? [] : hourUnknownNotes(worked.givenTime),
    time: timeBlock(m),
    options: {
      zi: o.zi,
      timeZone: m.zone.id,
      longitude: m.trueSolar ? m.trueSolar.longitude : null,
      yunSchool: o.yunSchool,
      liunianCount: o.liunianCount,
      liuyueYear,
      warnMinutes: o.warnMinutes,
    },
  } as AnyBaziChart;
}
