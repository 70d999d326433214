/**
 * 四柱反查: every moment whose four pillars are the given ones, in a range of years (1801–2099 by
 * default, 1800–2100 at most). The search follows the cycles instead of the clock: the year pillar
 * repeats every 60 years, so each of its 干支 years (about five in the range) is one candidate; the
 * month branch names the 节 that opens the month in that year; the day pillar repeats every 60 days, so
 * a month of 29–32 days holds it at most once; the hour branch names one 时辰 of that day. A search is
 * a few dozen table reads whatever the range.
 *
 * ```ts
 * datesOfPillars({ year: '庚午', month: '辛巳', day: '乙亥', hour: '庚辰' })[0].born // '公 1990-05-10 07:00'
 * ```
 *
 * Times are Beijing standard time (UTC+8; China's clocks of 1986–1991 summers ran an hour ahead, which
 * a result's note gives). Each result is one 时辰 (or, where a 节 cuts it, the part of it that has these
 * pillars): `born` is its first moment in the birth-text grammar of birthText.ts and `input` the chart
 * options that reproduce the pillars (`timeZone: 'UTC+8'`, the same 子时 school).
 *
 * 子时 schools (fourPillars.ts): under `'late'` (晚子时不换日) the day turns at 00:00, so a 子 hour
 * pillar is either the day's own 早子时 (00:00–00:59, 五鼠遁 from the day stem) or its 晚子时
 * (23:00–23:59, whose stem is the next day's 子 hour); under `'early'` (子时换日) the 子时 of a day
 * runs from 23:00 the evening before to 00:59.
 */
import { formatBeijing } from '../beijingTime.ts';
import { AlmanacError } from '../errors.ts';
import {
  BRANCHES,
  dayPillar,
  hourPillar,
  monthPillar,
  parseSexagenary,
  STEMS,
  sexagenaryName,
  yearPillar,
} from '../ganzhi.ts';
import { lunarDayName, lunarMonthName, lunarYearName } from '../lunar.ts';
import { dayNumber, solarFromDayNumber } from '../solarDate.ts';
import { LAST_BIRTH_YEAR } from './birthMoment.ts';
import { formatBirthText } from './birthText.ts';
import { jieTime, lunarOfDay } from './earlyCalendar.ts';
import type { Sizhu, ZiSchool } from './fourPillars.ts';
import { offsetAt, resolveZone } from './timeZones.ts';

/** Default and widest year range of {@link datesOfPillars}. */
export const PILLAR_SEARCH_DEFAULT = { from: 1801, to: 2099 } as const;
export const PILLAR_SEARCH_LIMITS = { from: 1800, to: 2100 } as const;

/** Options of {@link datesOfPillars}. */
export interface PillarSearchOptions {
  /** First and last Gregorian year of the moments (default 1801 and 2099, within 1800–2100). */
  from?: number;
  to?: number;
  /** 子时 school, as the chart option (default 'late'). */
  zi?: ZiSchool;
}

/** One moment (a 时辰, or the part of it a 节 leaves) with the four pillars. */
export interface PillarDate {
  /** Its first moment as a birth text, Beijing standard time: '公 1990-05-10 07:00' (seconds when a 节 starts it). */
  born: string;
  /** Chart options that reproduce these pillars (add `sex`). */
  input: { born: string; timeZone: 'UTC+8'; zi: ZiSchool };
  /** Whether the chart accepts the date (its range is 1900-01-31 to 2100-12-31). */
  chartable: boolean;
  /** First and last second with these pillars, Beijing time 'YYYY-MM-DD HH:mm:ss'. */
  start: string;
  end: string;
  /** 公历 text of the span: '1990年5月10日 07:00–08:59'. */
  gongli: string;
  /** 农历 text of its first moment: '一九九〇年四月十六 辰时'. */
  nongli: string;
  /** False when a 节 (or 立春) falls inside the 时辰 and only part of it has these pillars. */
  whole: boolean;
  /** What the reader should know: 晚子时, the 节 that cuts the 时辰, the summer time of 1986–1991. */
  notes: string[];
}

const LABELS = { year: '年柱', month: '月柱', day: '日柱', hour: '时柱' } as const;
const JIE_NAMES = [
  '小寒',
  '立春',
  '惊蛰',
  '清明',
  '立夏',
  '芒种',
  '小暑',
  '立秋',
  '白露',
  '寒露',
  '立冬',
  '大雪',
];
const DAY = 86400;
const HOUR = 3600;
const SHANGHAI = resolveZone('Asia/Shanghai');
/** The chart's first day: 1900 正月初一 (1900-01-31), where its lunar table starts. */
const FIRST_CHARTABLE_DAY = dayNumber(1900, 1, 31);

function wrong(message: string): never {
  throw new AlmanacError('WRONG_OPTION', message);
}

function pillarIndex(pillars: unknown, key: keyof typeof LABELS): number {
  const text = (pillars as Record<string, unknown>)[key];
  const index = typeof text === 'string' ? parseSexagenary(text.trim()) : -1;
  if (index < 0) {
    const shown = typeof text === 'string' ? `「${text.slice(0, 8)}」` : '';
    wrong(`${LABELS[key]}${shown}不是六十甲子之一，请填写如“甲子”的两个字`);
  }
  return index;
}

/** The four pillars as sexagenary indices, checked against each other (五虎遁, 五鼠遁). */
function checkedPillars(pillars: unknown, zi: ZiSchool) {
  if (typeof pillars !== 'object' || pillars === null) wrong('请填写年、月、日、时四柱');
  const year = pillarIndex(pillars, 'year');
  const month = pillarIndex(pillars, 'month');
  const day = pillarIndex(pillars, 'day');
  const hour = pillarIndex(pillars, 'hour');
  const monthBranch = month % 12;
  const expectedMonth = monthPillar(year, monthBranch);
  if (month !== expectedMonth) {
    wrong(
      `月柱${sexagenaryName(month)}与年柱${sexagenaryName(year)}不相配：${STEMS[year % 10]}年的${BRANCHES[monthBranch]}月是${sexagenaryName(expectedMonth)}（五虎遁）`,
    );
  }
  const hourBranch = hour % 12;
  const own = hourPillar(day, hourBranch);
  const late = zi === 'late' && hourBranch === 0 ? hourPillar(day + 1, 0) : -1;
  if (hour !== own && hour !== late) {
    const alternative = late >= 0 ? `，晚子时是${sexagenaryName(late)}` : '';
    wrong(
      `时柱${sexagenaryName(hour)}与日柱${sexagenaryName(day)}不相配：${STEMS[day % 10]}日的${BRANCHES[hourBranch]}时是${sexagenaryName(own)}${alternative}（五鼠遁）`,
    );
  }
  return { year, month, day, hour, lateZi: hour === late };
}

function checkedRange(options: PillarSearchOptions): { from: number; to: number; zi: ZiSchool } {
  const zi = options.zi ?? 'late';
  if (zi !== 'early' && zi !== 'late') wrong('子时口径只能是 early（子时换日）或 late（晚子时不换日）');
  const from = options.from ?? PILLAR_SEARCH_DEFAULT.from;
  const to = options.to ?? PILLAR_SEARCH_DEFAULT.to;
  const { from: lo, to: hi } = PILLAR_SEARCH_LIMITS;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < lo || to > hi || from > to) {
    wrong(`反查的年份范围须是 ${lo} 至 ${hi} 年之间的整数，且起始年不晚于结束年`);
  }
  return { from, to, zi };
}

/** The 时辰 of day `n` with hour branch `branch` (wall = Beijing seconds): [start, end). */
function hourWindow(n: number, branch: number, zi: ZiSchool, lateZi: boolean): [number, number] {
  if (branch !== 0) return [n * DAY + (2 * branch - 1) * HOUR, n * DAY + (2 * branch + 1) * HOUR];
  if (zi === 'early') return [(n - 1) * DAY + 23 * HOUR, n * DAY + HOUR];
  return lateZi ? [n * DAY + 23 * HOUR, (n + 1) * DAY] : [n * DAY, n * DAY + HOUR];
}

const two = (v: number) => String(v).padStart(2, '0');

/** 'HH:mm' of a moment, after its date when `date` says so ('1990年5月10日 07:00', '5月11日 00:59'). */
function clockText(s: number, date: 'none' | 'monthDay' | 'full'): string {
  const n = Math.floor(s / DAY);
  const t = s - n * DAY;
  const d = solarFromDayNumber(n);
  const time = `${two(Math.floor(t / HOUR))}:${two(Math.floor(t / 60) % 60)}`;
  if (date === 'none') return time;
  return `${date === 'full' ? `${d.year}年` : ''}${d.month}月${d.day}日 ${time}`;
}

/** The result for the span [first, last] (seconds) of a 时辰 [windowStart, windowEnd). */
function pillarDate(
  first: number,
  last: number,
  window: [number, number],
  hourBranch: number,
  zi: ZiSchool,
  lateZi: boolean,
  cut: { before: number; after: number },
): PillarDate {
  const n = Math.floor(first / DAY);
  const t = first - n * DAY;
  const d = solarFromDayNumber(n);
  const born = formatBirthText({
    calendar: 'solar',
    year: d.year,
    month: d.month,
    day: d.day,
    leap: false,
    hour: Math.floor(t / HOUR),
    minute: Math.floor(t / 60) % 60,
    second: t % 60,
    hasTime: true,
  });
  const lunar = lunarOfDay(n);
  const notes: string[] = [];
  if (lateZi) notes.push('晚子时（23 点后）：日柱仍取当日，时柱取次日子时');
  if (first > window[0]) notes.push(jieNote(cut.before, first, '之前', '上'));
  if (last < window[1] - 1) notes.push(jieNote(cut.after, last + 1, '之后', '下'));
  const dst = offsetAt(SHANGHAI, first - 8 * HOUR).dst;
  if (dst > 0)
    notes.push(`当时实行夏令时，钟表时间比北京标准时间快 1 小时（为 ${clockText(first + dst, 'none')}）`);
  return {
    born,
    input: { born, timeZone: 'UTC+8', zi },
    chartable: n >= FIRST_CHARTABLE_DAY && d.year <= LAST_BIRTH_YEAR,
    start: formatBeijing(first),
    end: formatBeijing(last),
    gongli: `${clockText(first, 'full')}–${clockText(last, Math.floor(last / DAY) === n ? 'none' : 'monthDay')}`,
    nongli: `${lunarYearName(lunar.year)}年${lunarMonthName(lunar.month, lunar.leap)}${lunarDayName(lunar.day)} ${BRANCHES[hourBranch]}时`,
    whole: first === window[0] && last === window[1] - 1,
    notes,
  };
}

/** The note of a 时辰 that 节 `j` (0 小寒 … 11 大雪) cuts at `time`. */
function jieNote(j: number, time: number, side: '之前' | '之后', which: '上' | '下'): string {
  const pillars = j === 1 ? '年柱和月柱' : '月柱';
  return `${JIE_NAMES[j]}交节于 ${formatBeijing(time)}：此时辰在交节${side}的部分属${which}一个月，${pillars}不同`;
}

/**
 * Every moment from `from` to `to` (Gregorian years of the moment, Beijing time) whose year, month,
 * day and hour pillars are `pillars` under the 子时 school `zi`, in time order. Pillars that cannot
 * stand together — a month stem that does not follow the year stem (五虎遁), an hour stem that does
 * not follow the day stem (五鼠遁), a text that is not one of the sixty 干支 — and a bad range or
 * school are an AlmanacError (WRONG_OPTION) whose message says what is wrong, in Chinese.
 */
export function datesOfPillars(pillars: Sizhu, options: PillarSearchOptions = {}): PillarDate[] {
  const { from, to, zi } = checkedRange(options ?? {});
  const p = checkedPillars(pillars, zi);
  const monthBranch = p.month % 12;
  const hourBranch = p.hour % 12;
  // 节 j opens the month of branch j + 1: 小寒 丑, 立春 寅 … 大雪 子.
  const j = (monthBranch + 11) % 12;
  const out: PillarDate[] = [];
  // The 干支 year g runs from 立春 of g; a moment of year `from` may still be in 干支 year from − 1.
  let g = from - 1 + ((((p.year - yearPillar(from - 1)) % 60) + 60) % 60);
  for (; g <= to; g += 60) {
    const jieYear = j === 0 ? g + 1 : g;
    const monthStart = jieTime(jieYear, j);
    const monthEnd = j === 11 ? jieTime(jieYear + 1, 0) : jieTime(jieYear, j + 1);
    // Days that can hold a 时辰 of this month (the early school's 子时 starts the evening before).
    const firstDay = Math.floor(monthStart / DAY) - 1;
    const lastDay = Math.floor((monthEnd - 1) / DAY) + 1;
    for (let n = firstDay + ((((p.day - dayPillar(firstDay)) % 60) + 60) % 60); n <= lastDay; n += 60) {
      const window = hourWindow(n, hourBranch, zi, p.lateZi);
      const first = Math.max(window[0], monthStart);
      const last = Math.min(window[1], monthEnd) - 1;
      if (first > last) continue;
      const year = solarFromDayNumber(Math.floor(first / DAY)).year;
      if (year < from || year > to) continue;
      out.push(pillarDate(first, last, window, hourBranch, zi, p.lateZi, { before: j, after: (j + 1) % 12 }));
    }
  }
  return out;
}
