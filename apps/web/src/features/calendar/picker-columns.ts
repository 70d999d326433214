import { AlmanacError } from '@xuanli/almanac/errors';
import {
  dayNumberFromLunar,
  leapMonth,
  lunarDayName,
  lunarFromDayNumber,
  lunarMonthDays,
  lunarMonthName,
} from '@xuanli/almanac/lunar';
import { dayNumber, daysInSolarMonth, type SolarDate, solarFromDayNumber } from '@xuanli/almanac/solarDate';
import { MAX_YEAR, MIN_YEAR } from '@/lib/dates';

/** One wheel item, the shape antd-mobile's PickerView takes. */
export interface WheelItem {
  label: string;
  value: string;
}

/** The three wheels' current values: year, month and day, each as the item's value string. */
export type WheelValue = [string, string, string];

/**
 * A lunar month as a wheel value: '2' for 二月 and '2L' for 闰二月. Strings because the wheel values
 * must be unique and the leap month shares its number with the month before it.
 */
function lunarMonthValue(month: number, leap: boolean): string {
  return leap ? `${month}L` : String(month);
}

function readLunarMonth(value: string): { month: number; leap: boolean } {
  return { month: Number.parseInt(value, 10), leap: value.endsWith('L') };
}

function yearItems(): WheelItem[] {
  const items: WheelItem[] = [];
  for (let year = MIN_YEAR; year <= MAX_YEAR; year++) items.push({ label: `${year}年`, value: String(year) });
  return items;
}

const YEARS = yearItems();

/** The solar wheels for a value: 1900–2100, 12 months, and the days of the chosen month. */
export function solarColumns(value: WheelValue): WheelItem[][] {
  const year = Number(value[0]);
  const month = Number(value[1]);
  const months = Array.from({ length: 12 }, (_, i) => ({ label: `${i + 1}月`, value: String(i + 1) }));
  const days = Array.from({ length: daysInSolarMonth(year, month) }, (_, i) => ({
    label: `${i + 1}日`,
    value: String(i + 1),
  }));
  return [YEARS, months, days];
}

/** The lunar months of a year in order, the leap month (闰X月) right after its namesake. */
export function lunarMonthItems(year: number): WheelItem[] {
  const leap = leapMonth(year);
  const items: WheelItem[] = [];
  for (let month = 1; month <= 12; month++) {
    items.push({ label: lunarMonthName(month, false), value: lunarMonthValue(month, false) });
    if (month === leap)
      items.push({ label: lunarMonthName(month, true), value: lunarMonthValue(month, true) });
  }
  return items;
}

/** The lunar wheels for a value: years, that year's months with any leap month, and 初一…廿九/三十. */
export function lunarColumns(value: WheelValue): WheelItem[][] {
  const year = Number(value[0]);
  const { month, leap } = readLunarMonth(value[1]);
  const days = Array.from({ length: lunarMonthDays(year, month, leap) }, (_, i) => ({
    label: lunarDayName(i + 1),
    value: String(i + 1),
  }));
  return [YEARS, lunarMonthItems(year), days];
}

/**
 * Repairs a wheel value after one wheel moved: a leap month the new year lacks becomes the plain
 * month, and a day past the month's end becomes its last day (30 → 29, 31 → 30).
 */
export function normalizeWheel(kind: 'solar' | 'lunar', value: WheelValue): WheelValue {
  const year = Number(value[0]);
  if (kind === 'solar') {
    const day = Math.min(Number(value[2]), daysInSolarMonth(year, Number(value[1])));
    return [value[0], value[1], String(day)];
  }
  let { month, leap } = readLunarMonth(value[1]);
  if (leap && leapMonth(year) !== month) leap = false;
  const day = Math.min(Number(value[2]), lunarMonthDays(year, month, leap));
  return [value[0], lunarMonthValue(month, leap), String(day)];
}

/** The wheel value showing a solar date, on the solar or on the lunar wheels. */
export function wheelFromSolar(kind: 'solar' | 'lunar', date: SolarDate): WheelValue {
  if (kind === 'solar') return [String(date.year), String(date.month), String(date.day)];
  let lunar: ReturnType<typeof lunarFromDayNumber>;
  try {
    lunar = lunarFromDayNumber(dayNumber(date.year, date.month, date.day));
  } catch {
    // 1900-01-01…30 fall in lunar 1899, before the tables and the year wheel.
    return [String(MIN_YEAR), '1', '1'];
  }
  return [String(lunar.year), lunarMonthValue(lunar.month, lunar.leap), String(lunar.day)];
}

/**
 * The solar date a wheel value stands for; lunar values go through the engine
 * (`dayNumberFromLunar` then `solarFromDayNumber`). Throws the engine's error for a lunar date past
 * the calendar's range (the last days of lunar 2100 fall in 2101).
 */
export function solarFromWheel(kind: 'solar' | 'lunar', value: WheelValue): SolarDate {
  const year = Number(value[0]);
  if (kind === 'solar') return { year, month: Number(value[1]), day: Number(value[2]) };
  const { month, leap } = readLunarMonth(value[1]);
  const date = solarFromDayNumber(dayNumberFromLunar(year, month, Number(value[2]), leap));
  if (date.year > MAX_YEAR) throw new AlmanacError('OUT_OF_RANGE');
  return date;
}
