/**
 * The 节 and the lunar date over 1800–2100, for 四柱反查 ({@link ./datesOfPillars.ts}), whose search
 * reaches back to 1801 while the rest of the engine starts in 1900. From 1899 (节) and 1900-01-31
 * (lunar) this is the main tables' answer; before, the small table src/data/earlyCalendar.gen.ts,
 * computed by scripts/gen-astro.ts with the same astronomy and the same GB/T 33661-2017 rules (its
 * comment says how the Qing almanacs of those years may differ). Only the reverse lookup imports this
 * module, so no calendar page carries the early table.
 */
import {
  EARLY_JIE,
  EARLY_JIE_BASE,
  EARLY_JIE_FIRST_YEAR,
  EARLY_JIE_STEP,
  EARLY_JIE_WIDTH,
  EARLY_LUNAR_FIRST_YEAR,
  EARLY_LUNAR_YEARS,
} from '../data/earlyCalendar.gen.ts';
import { AlmanacError } from '../errors.ts';
import { type LunarDate, lunarFromDayNumber } from '../lunar.ts';
import { dayNumber } from '../solarDate.ts';
import { termTime } from '../solarTermTime.ts';

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** First and last Gregorian year whose 节 {@link jieTime} knows. */
export const FIRST_JIE_YEAR = EARLY_JIE_FIRST_YEAR;
export const LAST_JIE_YEAR = 2101;
/** First day (1800-01-01) whose lunar date {@link lunarOfDay} knows; the main table ends on 2101-01-28. */
export const FIRST_LUNAR_DAY = dayNumber(1800, 1, 1);

const EARLY_JIE_COUNT = EARLY_JIE.length / EARLY_JIE_WIDTH;
let jieTable: Float64Array | undefined;

function digits(text: string, offset: number, width: number): number {
  let v = 0;
  for (let j = 0; j < width; j++) v = v * 64 + DIGITS.indexOf(text[offset + j]);
  return v;
}

function earlyJie(): Float64Array {
  if (!jieTable) {
    const bias = 64 ** EARLY_JIE_WIDTH / 2;
    jieTable = new Float64Array(EARLY_JIE_COUNT);
    for (let k = 0; k < EARLY_JIE_COUNT; k++) {
      const j = k % 12;
      const v = digits(EARLY_JIE, k * EARLY_JIE_WIDTH, EARLY_JIE_WIDTH);
      jieTable[k] = EARLY_JIE_BASE[j] + EARLY_JIE_STEP[j] * ((k - j) / 12) + v - bias;
    }
  }
  return jieTable;
}

/**
 * Beijing seconds of 节 `j` (0 = 小寒, 1 = 立春 … 11 = 大雪, i.e. term index 2j) of Gregorian `year`,
 * 1799–2101; other years → OUT_OF_RANGE.
 */
export function jieTime(year: number, j: number): number {
  if (!Number.isInteger(j) || j < 0 || j > 11) throw new AlmanacError('WRONG_OPTION');
  if (Number.isInteger(year) && year >= FIRST_JIE_YEAR && year < FIRST_JIE_YEAR + EARLY_JIE_COUNT / 12) {
    return earlyJie()[(year - FIRST_JIE_YEAR) * 12 + j];
  }
  return termTime(year, 2 * j);
}

/** Early lunar years: 正月初一 (day number; one extra entry for the year after), leap month, 30-day bits. */
interface EarlyYears {
  newYears: Int32Array;
  leaps: Uint8Array;
  bigMonths: Uint16Array;
}
let earlyYears: EarlyYears | undefined;

// Decoded here rather than through lunar.ts, which keeps its one table private and ships in the
// calendar pages; the packing is the same as lunarYears.gen.ts.
function decodeEarlyYears(): EarlyYears {
  if (!earlyYears) {
    const count = EARLY_LUNAR_YEARS.length / 4;
    const newYears = new Int32Array(count + 1);
    const leaps = new Uint8Array(count);
    const bigMonths = new Uint16Array(count);
    for (let i = 0; i < count; i++) {
      const v = digits(EARLY_LUNAR_YEARS, i * 4, 4);
      newYears[i] = dayNumber(EARLY_LUNAR_FIRST_YEAR + i, 1, 21) + (v >> 19);
      leaps[i] = (v >> 15) & 15;
      bigMonths[i] = v & 0x1fff;
    }
    // The year after the last early one is the main table's first, 1900 (正月初一 1900-01-31).
    newYears[count] = dayNumber(1900, 1, 31);
    earlyYears = { newYears, leaps, bigMonths };
  }
  return earlyYears;
}

/** The lunar date of a day number from 1800-01-01 to 2101-01-28; other days → OUT_OF_RANGE. */
export function lunarOfDay(n: number): LunarDate {
  const { newYears, leaps, bigMonths } = decodeEarlyYears();
  const count = leaps.length;
  if (!Number.isInteger(n) || n < FIRST_LUNAR_DAY) throw new AlmanacError('OUT_OF_RANGE');
  if (n >= newYears[count]) return lunarFromDayNumber(n);
  let y = count - 1;
  while (newYears[y] > n) y--;
  let day = n - newYears[y];
  const l = leaps[y];
  let i = 0;
  for (; i < (l ? 12 : 11); i++) {
    const length = (bigMonths[y] >> (12 - i)) & 1 ? 30 : 29;
    if (day < length) break;
    day -= length;
  }
  return {
    year: EARLY_LUNAR_FIRST_YEAR + y,
    month: l !== 0 && i >= l ? i : i + 1,
    day: day + 1,
    leap: l !== 0 && i === l,
  };
}
