/**
 * Instants as the providers want them, in Beijing time (UTC+8, no daylight saving): WeChat Pay's
 * RFC 3339 `2026-01-15T12:15:00+08:00` and Alipay's `2026-01-15 12:15:00`.
 */
import { beijingSeconds, formatBeijingDateTime, instantOfBeijingSeconds } from '@xuanli/almanac/beijingTime';

/** RFC 3339 with the +08:00 offset, to the second (WeChat Pay `time_expire`). */
export function rfc3339Beijing(at: Date): string {
  return `${formatBeijingDateTime(at.getTime()).replace(' ', 'T')}+08:00`;
}

/** 'yyyy-MM-dd HH:mm:ss' in Beijing time (Alipay `timestamp`, `time_expire`). */
export function alipayTime(at: Date): string {
  return formatBeijingDateTime(at.getTime());
}

/** The instant an Alipay 'yyyy-MM-dd HH:mm:ss' (Beijing) names, or null when it is not one. */
export function parseAlipayTime(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  try {
    const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
    return new Date(instantOfBeijingSeconds(beijingSeconds(year, month, day, hour, minute, second)));
  } catch {
    // Not a day or not a time of day (the engine says which part; the caller only needs "not one").
    return null;
  }
}
