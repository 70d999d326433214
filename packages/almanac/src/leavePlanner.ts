/**
 * 拼假: the longest continuous breaks a few days of annual leave buy around each holiday and weekend of
 * a year, from the holiday plan (the built-in State Council plans and the operators' entered days).
 *
 * Rules:
 * - A day is a **rest day** when the plan makes it a day off (休), or when it is a Saturday or Sunday the
 *   plan does not make a 调休 workday (班). Every other day is a **workday**, 班 days included: bridging
 *   across a 班 day costs a day of leave like any other workday.
 * - Leave is taken on workdays of the asked `year` only (annual leave is counted per year); the rest days
 *   of the neighbouring year still lengthen a break at either end when that year's plan is known, so the
 *   元旦 break that starts in December is whole. A year whose plan is unknown ends the search at its edge.
 * - For each run of rest days (a festival break or a weekend, also one of the neighbouring year that the
 *   year's leave can reach, such as the next 元旦) the plan is the longest window holding it in which
 *   every workday is leave and there are 1 … `leave` of them; among equally
 *   long windows the one with fewer leave days, then the earlier one. The window is maximal: the days
 *   just outside it are workdays (or the end of what is known). Plans shared by several runs (a week of
 *   leave joins two weekends) are listed once.
 * - Plans are ordered by days of break per day of leave (best first), then longer first, then earlier.
 */
import { AlmanacError } from './errors.ts';
import { hasHolidayData, holidayOn } from './holiday.ts';
import type { HolidayTable } from './holidayTable.ts';
import { dayNumber, formatSolarDate, solarFromDayNumber, weekday } from './solarDate.ts';

/** Input of {@link bridgeLeave}. */
export interface LeaveInput {
  /** Gregorian year with a known holiday plan (built-in or entered). */
  year: number;
  /** Days of leave to spend, 1–5. */
  leave: number;
  /** Holiday days entered since the build (holidayTable.ts), over the built-in plans. */
  holidayTable?: HolidayTable;
}

/** One break. Dates are 'YYYY-MM-DD'. */
export interface LeavePlan {
  from: string;
  to: string;
  /** Length of the break in days (leave + rest). */
  days: number;
  /** The workdays to take as leave, in order. */
  leave: string[];
  /** The rest days of the break, in order. */
  rest: string[];
  /** Names of the holidays whose days off the break holds, e.g. ['国庆节']; [] for weekends only. */
  holidays: string[];
  /** days ÷ leave, two decimals. */
  ratio: number;
}

/** Most days of leave one plan may spend. */
export const MAX_LEAVE_DAYS = 5;

/** Neighbouring days looked at on each side of the year (longer than any run of rest days). */
const MARGIN = 31;

/** The days of a search: day numbers, rest flags, and which workdays may be taken as leave. */
interface Calendar {
  first: number;
  rest: boolean[];
  leaveable: boolean[];
}

/** Rest day: a 休 day, or a weekend day the plan does not make a 班 day. */
export function isRestDay(n: number, table?: HolidayTable): boolean {
  const holiday = holidayOn(n, table);
  if (holiday) return holiday.offDay;
  const w = weekday(n);
  return w === 0 || w === 6;
}

function calendarOf(year: number, table: HolidayTable | undefined): Calendar {
  const start = dayNumber(year, 1, 1);
  const end = dayNumber(year, 12, 31);
  const first = hasHolidayData(year - 1, table) ? start - MARGIN : start;
  const last = hasHolidayData(year + 1, table) ? end + MARGIN : end;
  const rest: boolean[] = [];
  const leaveable: boolean[] = [];
  for (let n = first; n <= last; n++) {
    const isRest = isRestDay(n, table);
    rest.push(isRest);
    leaveable.push(!isRest && n >= start && n <= end);
  }
  return { first, rest, leaveable };
}

/**
 * How far a window can reach from index `edge` (exclusive) in direction `step` (−1 or +1) spending up
 * to `budget` leave days: for each spend 0 … budget, the farthest index reached and the leave it took.
 */
function reaches(cal: Calendar, edge: number, step: number, budget: number): { at: number; used: number }[] {
  const out: { at: number; used: number }[] = [];
  let i = edge;
  let used = 0;
  for (let spend = 0; spend <= budget; spend++) {
    // Take every rest day; a workday only while the spend allows and it may be taken as leave.
    for (;;) {
      const next = i + step;
      if (next < 0 || next >= cal.rest.length) break;
      if (cal.rest[next]) i = next;
      else if (used < spend && cal.leaveable[next]) {
        used++;
        i = next;
      } else break;
    }
    out.push({ at: i, used });
  }
  return out;
}

/** The best window holding the rest run [a, b] (indices), or null when no leave can lengthen it. */
function bestWindow(cal: Calendar, a: number, b: number, budget: number): [number, number, number] | null {
  const left = reaches(cal, a, -1, budget);
  const right = reaches(cal, b, 1, budget);
  let best: [number, number, number] | null = null;
  for (let l = 0; l <= budget; l++) {
    for (let r = 0; l + r <= budget; r++) {
      const used = left[l].used + right[r].used;
      if (used === 0) continue;
      const candidate: [number, number, number] = [left[l].at, right[r].at, used];
      if (best === null || better(candidate, best)) best = candidate;
    }
  }
  return best;
}

/** Longer first, then fewer leave days, then earlier. */
function better([s, e, used]: [number, number, number], [bs, be, bused]: [number, number, number]): boolean {
  if (e - s !== be - bs) return e - s > be - bs;
  if (used !== bused) return used < bused;
  return s < bs;
}

function planOf(cal: Calendar, [s, e, used]: [number, number, number], table?: HolidayTable): LeavePlan {
  const leave: string[] = [];
  const rest: string[] = [];
  const holidays: string[] = [];
  for (let i = s; i <= e; i++) {
    const n = cal.first + i;
    const date = formatSolarDate(solarFromDayNumber(n));
    if (!cal.rest[i]) {
      leave.push(date);
      continue;
    }
    rest.push(date);
    const holiday = holidayOn(n, table);
    if (holiday && !holidays.includes(holiday.name)) holidays.push(holiday.name);
  }
  const days = e - s + 1;
  return {
    from: formatSolarDate(solarFromDayNumber(cal.first + s)),
    to: formatSolarDate(solarFromDayNumber(cal.first + e)),
    days,
    leave,
    rest,
    holidays,
    ratio: Math.round((days / used) * 100) / 100,
  };
}

/**
 * The breaks `leave` days of leave buy in `year` (see the module comment), best first. Throws
 * AlmanacError: a year that is not an integer in 1900–2100 (WRONG_SOLAR_YEAR), a year whose holiday plan
 * is not known (OUT_OF_RANGE), leave that is not a whole number from 1 to 5 (WRONG_COUNT).
 */
export function bridgeLeave(input: LeaveInput): LeavePlan[] {
  const { year, leave, holidayTable } = input ?? ({} as LeaveInput);
  if (!Number.isInteger(year) || year < 1900 || year > 2100) throw new AlmanacError('WRONG_SOLAR_YEAR');
  if (!Number.isInteger(leave) || leave < 1 || leave > MAX_LEAVE_DAYS)
    throw new AlmanacError('WRONG_COUNT', `请假天数为 1 到 ${MAX_LEAVE_DAYS} 天`);
  if (!hasHolidayData(year, holidayTable))
    throw new AlmanacError('OUT_OF_RANGE', `${year} 年的放假安排还没有公布`);
  const cal = calendarOf(year, holidayTable);
  const seen = new Set<string>();
  const plans: LeavePlan[] = [];
  for (let i = 0; i < cal.rest.length; i++) {
    if (!cal.rest[i] || (i > 0 && cal.rest[i - 1])) continue;
    let j = i;
    while (j + 1 < cal.rest.length && cal.rest[j + 1]) j++;
    const window = bestWindow(cal, i, j, leave);
    if (window === null || seen.has(`${window[0]}-${window[1]}`)) continue;
    seen.add(`${window[0]}-${window[1]}`);
    plans.push(planOf(cal, window, holidayTable));
  }
  return plans.sort(
    (a, b) =>
      b.days / b.leave.length - a.days / a.leave.length || b.days - a.days || (a.from < b.from ? -1 : 1),
  );
}
