/**
 * 起运 and 大运. Direction: 阳年生男、阴年生女顺行 to the next 节; 阴男阳女逆行 back to the previous 节
 * (《渊海子平·论大运》/《三命通会·论大运》: "阳男阴女顺，阴男阳女逆"), 阴阳 by the year stem.
 *
 * Two 起运 schools (lunar-typescript `EightChar.getYun(gender, sect)`):
 * - school 2 (default, "精确到分"): the minutes between birth and 节, 3 days = 1 year, so 4320 min = 1 year,
 *   360 min = 1 month, 12 min = 1 day, 1 min = 2 hours. Minutes are counted clock-minute to
 *   clock-minute (seconds dropped), as lunar-typescript `Solar.subtractMinute`.
 * - school 1 ("按天和时辰"): whole days and 时辰 between the two dates: 1 day = 4 months, 1 时辰 = 10 days
 *   (23:xx counts as the date's last 时辰, as lunar-typescript does).
 * The 交运 date adds the years, months (day clamped to the month's end), days and hours to the birth
 * clock time, as lunar-typescript `Yun.getStartSolar`.
 *
 * 大运: the month pillar stepped forward or back once per cycle; cycle i (1-based) starts in the 交运 year
 * + 10(i − 1); the years before the first cycle (index 0) are dropped. `age` is the 虚岁 at the cycle's
 * first year (start − birth year + 1), as lunar-typescript `DaYun.getStartAge`.
 */
import { sexagenaryName } from '../ganzhi.ts';
import { dayNumber, daysInSolarMonth, solarFromDayNumber } from '../solarDate.ts';
import { jieAround } from '../solarTermTime.ts';
import type { Sex } from './sex.ts';
import { tenGod } from './tenGods.ts';

/** 起运 school: 2 = to the minute (3 days = 1 year …), 1 = by days and 时辰. */
export type YunSchool = 1 | 2;

/** PRODUCT.md#bazi `qiyun`: the age at which luck starts and the 交运 date. */
export interface QiYun {
  year: number;
  month: number;
  day: number;
  hour: number;
  /** 交运 moment on the birth clock, 'YYYY-MM-DD HH:mm'. */
  date: string;
  /** true = 顺行 (to the next 节). */
  forward: boolean;
  /** The 节 counted to (next when forward, previous otherwise): name and Beijing time. */
  jie: { name: string; date: string };
  school: YunSchool;
}

/** One 大运 (PRODUCT.md#bazi great-cycle item) plus the ten god of its stem. */
export interface DaYun {
  /** First and last Gregorian year of the cycle. */
  start: number;
  end: number;
  /** 虚岁 in the first year. */
  age: number;
  /** 1 … count. */
  index: number;
  ganzhi: string;
  /** 十神 of the cycle's stem, seen from the day master. */
  shishen: string;
}

/** 顺行 for 阳年男 and 阴年女. */
export function isForward(yearStem: number, sex: Sex): boolean {
  return (yearStem % 2 === 0) === (sex === '男');
}

// formatWall runs ~25 times per chart (流月 terms, dates, times); a table beats String + padStart.
const TWO_DIGITS = Array.from({ length: 100 }, (_, v) => String(v).padStart(2, '0'));
const two = (v: number) => TWO_DIGITS[v] ?? String(v).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm' of wall seconds. */
export function formatWall(seconds: number, withSeconds = false): string {
  const n = Math.floor(seconds / 86400);
  const rest = seconds - n * 86400;
  const d = solarFromDayNumber(n);
  const hm = `${two(Math.floor(rest / 3600))}:${two(Math.floor(rest / 60) % 60)}`;
  return `${String(d.year).padStart(4, '0')}-${two(d.month)}-${two(d.day)} ${hm}${withSeconds ? `:${two(Math.floor(rest % 60))}` : ''}`;
}

/** 时辰 number of an hour for school 1: 23:xx counts as the date's last (11), else 子 = 0, 丑 = 1 … */
function shichen(hour: number): number {
  return hour === 23 ? 11 : Math.floor((hour + 1) / 2) % 12;
}

/** Wall seconds plus years, months, days and hours, calendar-wise (Feb 29 and month ends clamped). */
export function addToWall(
  seconds: number,
  years: number,
  months: number,
  days: number,
  hours: number,
): number {
  const n = Math.floor(seconds / 86400);
  const rest = seconds - n * 86400;
  const d = solarFromDayNumber(n);
  let y = d.year + years;
  let m = d.month;
  let day = Math.min(d.day, daysInSolarMonth(y, m));
  const total = m - 1 + months;
  y += Math.floor(total / 12);
  m = (total % 12) + 1;
  day = Math.min(day, daysInSolarMonth(y, m));
  return (dayNumber(y, m, day) + days) * 86400 + rest + hours * 3600;
}

/**
 * 起运 of a birth: `beijing` = the birth instant in BeijingSeconds (节 are tabulated in Beijing time),
 * `clock` = the birth clock time (wall seconds) to which the 交运 date is added.
 */
export function qiyun(
  beijing: number,
  clock: number,
  yearStem: number,
  sex: Sex,
  school: YunSchool = 2,
): QiYun {
  const forward = isForward(yearStem, sex);
  const { prev, next } = jieAround(beijing);
  const jie = forward ? next : prev;
  const start = forward ? beijing : jie.time;
  const end = forward ? jie.time : beijing;
  let year: number;
  let month: number;
  let day: number;
  let hour = 0;
  if (school === 2) {
    let minutes = Math.floor(end / 60) - Math.floor(start / 60);
    year = Math.floor(minutes / 4320);
    minutes -= year * 4320;
    month = Math.floor(minutes / 360);
    minutes -= month * 360;
    day = Math.floor(minutes / 12);
    minutes -= day * 12;
    hour = minutes * 2;
  } else {
    const sd = Math.floor(start / 86400);
    const ed = Math.floor(end / 86400);
    let hourDiff =
      shichen(Math.floor((end - ed * 86400) / 3600)) - shichen(Math.floor((start - sd * 86400) / 3600));
    let dayDiff = ed - sd;
    if (hourDiff < 0) {
      hourDiff += 12;
      dayDiff--;
    }
    const monthDiff = Math.floor((hourDiff * 10) / 30);
    const months = dayDiff * 4 + monthDiff;
    day = hourDiff * 10 - monthDiff * 30;
    year = Math.floor(months / 12);
    month = months - year * 12;
  }
  return {
    year,
    month,
    day,
    hour,
    date: formatWall(addToWall(clock, year, month, day, hour)),
    forward,
    jie: { name: jie.name, date: formatWall(jie.time, true) },
    school,
  };
}

/**
 * The great cycles: `count` cycles after the dropped pre-luck entry. `startYear` = the 交运 year,
 * `birthYear` = the civil birth year (for 虚岁), `dayStem` for the ten gods.
 */
export function dayun(
  monthPillar: number,
  forward: boolean,
  birthYear: number,
  startYear: number,
  dayStem: number,
  count = 10,
): DaYun[] {
  const out: DaYun[] = [];
  for (let i = 1; i <= count; i++) {
    const start = startYear + (i - 1) * 10;
    const p = (((monthPillar + (forward ? i : -i)) % 60) + 60) % 60;
    out.push({
      start,
      end: start + 9,
      age: start - birthYear + 1,
      index: i,
      ganzhi: sexagenaryName(p),
      shishen: tenGod(dayStem, p % 10),
    });
  }
  return out;
}
