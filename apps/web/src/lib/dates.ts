import { beijingToday as beijingTodayAt } from '@xuanli/almanac/beijingTime';
import { parseSolarDate, type SolarDate } from '@xuanli/almanac/solarDate';

/**
 * The years the pickers and navigation allow: the engine's lunar tables cover 1900–2100
 * (PRODUCT.md#input-rules).
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

/** 星期 names indexed by weekday (0 = Sunday), as the engine numbers them. */
export const WEEKDAY_NAMES = ['日', '一', '二', '三', '四', '五', '六'] as const;

/**
 * Today's date in Beijing (UTC+8) as 'YYYY-MM-DD'. The almanac day is a Beijing day wherever the phone
 * is, so this reads the instant from `Date.now()` and never the device's time zone.
 */
export function beijingToday(nowMs: number = Date.now()): string {
  return beijingTodayAt(nowMs);
}

/**
 * Reads a `date=YYYY-MM-DD` query value, falling back when it is missing, malformed or outside
 * 1900–2100 — a bad link should still open a usable almanac rather than an error.
 */
export function parseDateParam(text: string | null | undefined, fallback: string): SolarDate {
  if (text) {
    try {
      const date = parseSolarDate(text);
      if (date.year >= MIN_YEAR && date.year <= MAX_YEAR) return date;
    } catch {
      // fall through to the fallback date
    }
  }
  return parseSolarDate(fallback);
}

/** Moves a year/month by `delta` months, clamped to the supported years. */
export function addMonths(year: number, month: number, delta: number): { year: number; month: number } {
  const index = Math.min(Math.max(year * 12 + (month - 1) + delta, MIN_YEAR * 12), MAX_YEAR * 12 + 11);
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** '2026年11月22日' for a date. */
export function chineseDate(date: SolarDate): string {
  return `${date.year}年${date.month}月${date.day}日`;
}

/** '星期日' for a weekday number (0 = Sunday). */
export function weekdayName(weekday: number): string {
  return `星期${WEEKDAY_NAMES[weekday]}`;
}
