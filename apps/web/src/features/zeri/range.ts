/**
 * The range a 择日 looks at: from a start day (today, or the 老黄历 day the reader came from) to the end
 * of that month, three months or a year on, or two days the reader picks — at most a year, as the
 * engine and the API take it.
 */
import {
  dayNumber,
  daysInSolarMonth,
  formatSolarDate,
  parseSolarDate,
  solarFromDayNumber,
} from '@xuanli/almanac/solarDate';
import { ZERI_MAX_DAYS } from '@xuanli/contracts/zeri-labels';
import { MAX_YEAR } from '@/lib/dates';

/** The reader's choice of range. */
export type RangeChoice = 'month' | 'quarter' | 'year' | 'custom';

/** The choices in the order the page offers them, with their words. */
export const RANGE_CHOICES: readonly (readonly [RangeChoice, string])[] = [
  ['month', '本月'],
  ['quarter', '三个月'],
  ['year', '一年'],
  ['custom', '自定义'],
];

/** Whether `value` names a range choice (a link's `range=`). */
export function isRangeChoice(value: unknown): value is RangeChoice {
  return RANGE_CHOICES.some(([choice]) => choice === value);
}

/** A range, both days 'YYYY-MM-DD' and included. */
export interface DayRange {
  from: string;
  to: string;
}

const dayOf = (text: string) => {
  const d = parseSolarDate(text);
  return dayNumber(d.year, d.month, d.day);
};
/** The last day of the engine's tables: a range is cut there. */
const LAST_DAY = dayNumber(MAX_YEAR, 12, 31);

/**
 * The day before the same day `months` months after `start` ('2026-01-15' + 3 → '2026-04-14'; a day
 * the month lacks is its last day), cut at the end of 2100.
 */
function monthsOn(start: string, months: number): string {
  const d = parseSolarDate(start);
  const index = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  if (year > MAX_YEAR) return formatSolarDate(solarFromDayNumber(LAST_DAY));
  const day = Math.min(d.day, daysInSolarMonth(year, month));
  return formatSolarDate(solarFromDayNumber(dayNumber(year, month, day) - 1));
}

/** The range of a preset choice from `start`: to the month's last day, or three or twelve months on. */
export function presetRange(choice: Exclude<RangeChoice, 'custom'>, start: string): DayRange {
  if (choice === 'month') {
    const d = parseSolarDate(start);
    return { from: start, to: formatSolarDate({ ...d, day: daysInSolarMonth(d.year, d.month) }) };
  }
  return { from: start, to: monthsOn(start, choice === 'quarter' ? 3 : 12) };
}

/** Days in a range, both ends included. */
export function rangeDays(range: DayRange): number {
  return dayOf(range.to) - dayOf(range.from) + 1;
}

/**
 * What is wrong with a range the reader picked, in Chinese, or null when the engine will take it: the
 * end before the start, or more than {@link ZERI_MAX_DAYS} days.
 */
export function rangeProblem(range: DayRange): string | null {
  const days = rangeDays(range);
  if (days < 1) return '结束日期不能早于开始日期';
  if (days > ZERI_MAX_DAYS) return `最多选择一年（${ZERI_MAX_DAYS} 天），请缩短范围`;
  return null;
}

/** '2026年3月1日 至 2026年5月31日（92 天）'. */
export function rangeText(range: DayRange): string {
  const words = (text: string) => {
    const d = parseSolarDate(text);
    return `${d.year}年${d.month}月${d.day}日`;
  };
  return `${words(range.from)} 至 ${words(range.to)}（${rangeDays(range)} 天）`;
}
