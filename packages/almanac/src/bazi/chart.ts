/**
 * The bazi chart (SPEC.md §3 birth-chart result, issue 4): every SPEC field under its SPEC name, plus
 * 大运, 流年, 流月, 神煞, relations, the 口径 line and boundary warnings. One call, pure, no `Date`.
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
import { type BoundaryWarning, boundaryWarnings, DEFAULT_WARN_MINUTES } from './boundaryWarnings.ts';
import { countElements, type ElementCounts, elementRatios } from './fiveElements.ts';
import { type FourPillars, pillarsAt, type Sizhu, sizhuOf, type ZiSchool } from './fourPillars.ts';
import { hiddenStemNames } from './hiddenStems.ts';
import { koujing } from './koujing.ts';
import { lifeStage } from './lifeStages.ts';
import { type DaYun, dayun, formatWall, type QiYun, qiyun, type YunSchool } from './luckCycles.ts';
import { type Palaces, palaces } from './palaces.ts';
import { type PillarRelation, pillarRelations } from './relations.ts';
import { parseSex, type Sex } from './sex.ts';
import { type ShenshaByPillar, shensha } from './shensha.ts';
import { branchTenGods, tenGod } from './tenGods.ts';
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
}

/** Per-pillar values. */
export interface ByPillar<T> {
  year: T;
  month: T;
  day: T;
  hour: T;
}

/** The chart JSON. Field names follow SPEC.md §3. */
export interface BaziChart {
  /** Epoch seconds (UTC) of the birth. */
  stamp: number;
  /** Civil date and time on the birthplace clock, as entered (or converted from the lunar date). */
  gongli: {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
    text: string;
  };
  /** Lunar date of that civil date; the clock time. */
  nongli: {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
    leap: boolean;
  };
  /** Chinese forms: '一九九〇', '四月', '十六', '辰时' (the chart's hour branch). */
  nongli_zh: { year: string; month: string; day: string; hour: string; text: string };
  is_leap: boolean;
  /** The 节气 period the birth falls in: the last of the 24 terms at or before the birth. */
  jieqi: string;
  /** The term falling on the birth date (Beijing date), or null. */
  term: { name: string; date: string } | null;
  /** The 节 before and after the birth (Beijing time 'YYYY-MM-DD HH:mm:ss'). */
  prev_term: { name: string; date: string };
  next_term: { name: string; date: string };
  sizhu: Sizhu;
  /** 十二长生 of the day master on each branch. */
  dishi: ByPillar<string>;
  /** Ten gods: of each stem (day: '日主') and of each branch's hidden stems. */
  shishen: ByPillar<{ gan: string; zhi: string[] }>;
  canggan: ByPillar<string[]>;
  /** 五行 of stem and branch, e.g. '金土'. */
  wuxing: ByPillar<string>;
  wxtongji: ElementCounts;
  wxbili: ElementCounts;
  nayin: ByPillar<string>;
  xunkong: ByPillar<string>;
  qiyun: QiYun;
  /** 星座 of the civil birth date. */
  zodiac: string;
  /** 生肖 of the year pillar (turns at 立春). */
  animal: string;
  sex: Sex;
  mingxiang: Palaces;
  dayun: DaYun[];
  liunian: LiuNian[];
  liuyue: LiuYue[];
  shensha: ShenshaByPillar;
  relations: PillarRelation[];
  /** The conventions used, one line. */
  koujing: string;
  warnings: BoundaryWarning[];
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

function byPillar<T>(p: FourPillars, f: (index: number, key: keyof FourPillars) => T): ByPillar<T> {
  return {
    year: f(p.year, 'year'),
    month: f(p.month, 'month'),
    day: f(p.day, 'day'),
    hour: f(p.hour, 'hour'),
  };
}

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

/** Builds a chart; throws AlmanacError (WRONG_BIRTH_TEXT, WRONG_SEX, WRONG_OPTION, …) for bad input. */
export function baziChart(input: BaziInput): BaziChart {
  if (typeof input !== 'object' || input === null) throw new AlmanacError('WRONG_BIRTH_TEXT');
  const sex = parseSex(input.sex);
  const zi = option<ZiSchool>(input.zi, 'late', (v) => v === 'early' || v === 'late', 'zi');
  const yunSchool = option<YunSchool>(input.yunSchool, 2, (v) => v === 1 || v === 2, 'yunSchool');
  const liunianCount = option(
    input.liunianCount,
    80,
    (v) => Number.isInteger(v) && v >= 0 && v <= 200,
    'liunianCount',
  );
  const warnMinutes = option(
    input.warnMinutes,
    DEFAULT_WARN_MINUTES,
    (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 180,
    'warnMinutes',
  );
  const m: BirthMoment = birthMoment(input.born, { timeZone: input.timeZone, longitude: input.longitude });
  const liuyueYear = option(
    input.liuyueYear,
    m.date.year,
    (v) => Number.isInteger(v) && v >= 1900 && v <= 2100,
    'liuyueYear',
  );

  const p = pillarsAt(m.beijing, m.local, zi);
  const sizhu = sizhuOf(p);
  const dayStem = p.day % 10;
  const pillars = [p.year, p.month, p.day, p.hour];
  const counts = countElements(pillars);
  const yun = qiyun(m.beijing, m.clock, p.year % 10, sex, yunSchool);
  const startYear = Number(yun.date.slice(0, 4));
  const { prev, next } = jieAround(m.beijing);
  const n = Math.floor(m.clock / 86400);
  const termIndex = termIndexOnDay(n);
  const clockTime = m.clock - n * 86400;
  const hourBranchName = BRANCHES[p.hour % 12];

  return {
    stamp: m.utc,
    gongli: {
      year: m.date.year,
      month: m.date.month,
      day: m.date.day,
      hour: Math.floor(clockTime / 3600),
      minute: Math.floor(clockTime / 60) % 60,
      second: clockTime % 60,
      text: formatWall(m.clock, true),
    },
    nongli: {
      year: m.lunar.year,
      month: m.lunar.month,
      day: m.lunar.day,
      hour: Math.floor(clockTime / 3600),
      minute: Math.floor(clockTime / 60) % 60,
      second: clockTime % 60,
      leap: m.lunar.leap,
    },
    nongli_zh: {
      year: lunarYearName(m.lunar.year),
      month: lunarMonthName(m.lunar.month, m.lunar.leap),
      day: lunarDayName(m.lunar.day),
      hour: `${hourBranchName}时`,
      text: `${lunarYearName(m.lunar.year)}年${lunarMonthName(m.lunar.month, m.lunar.leap)}${lunarDayName(m.lunar.day)} ${hourBranchName}时`,
    },
    is_leap: m.lunar.leap,
    jieqi: currentTerm(m.beijing),
    term:
      termIndex < 0
        ? null
        : { name: TERM_NAMES[termIndex], date: formatWall(termsOfYear(m.date.year)[termIndex].time, true) },
    prev_term: { name: prev.name, date: formatWall(prev.time, true) },
    next_term: { name: next.name, date: formatWall(next.time, true) },
    sizhu,
    dishi: byPillar(p, (i) => lifeStage(dayStem, i % 12)),
    shishen: byPillar(p, (i, k) => ({
      gan: k === 'day' ? '日主' : tenGod(dayStem, i % 10),
      zhi: branchTenGods(dayStem, i % 12),
    })),
    canggan: byPillar(p, (i) => hiddenStemNames(i % 12)),
    wuxing: byPillar(p, (i) => STEM_ELEMENTS[i % 10] + BRANCH_ELEMENTS[i % 12]),
    wxtongji: counts,
    wxbili: elementRatios(counts),
    nayin: byPillar(p, (i) => nayin(i)),
    xunkong: byPillar(p, (i) => xunkong(i)),
    qiyun: yun,
    zodiac: constellation(m.date.month, m.date.day),
    animal: ANIMALS[p.year % 12],
    sex,
    mingxiang: palaces(p.year, p.month, p.day, p.hour),
    dayun: dayun(p.month, yun.forward, m.date.year, startYear, dayStem, 10),
    liunian: liunian(m.date.year, dayStem, liunianCount),
    liuyue: liuyue(liuyueYear, dayStem),
    shensha: shensha(pillars, { sex }),
    relations: pillarRelations(pillars),
    koujing: koujing(m, zi, yunSchool),
    warnings: boundaryWarnings(m, p, zi, warnMinutes),
    time: {
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
    },
    options: {
      zi,
      timeZone: m.zone.id,
      longitude: m.trueSolar ? m.trueSolar.longitude : null,
      yunSchool,
      liunianCount,
      liuyueYear,
      warnMinutes,
    },
  };
}
