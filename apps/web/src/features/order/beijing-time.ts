/**
 * Order times on screen. The wire sends instants as ISO 8601 (UTC); a buyer in China reads them in
 * Beijing time whatever the phone's zone, the same way the order number's digits are written.
 */

import { formatBeijingDateTime } from '@xuanli/almanac/beijingTime';

/** `2026-05-01 18:30:05` (Beijing) for an ISO instant; '' when it cannot be read. */
export function beijingDateTime(iso: string | null | undefined): string {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  if (!Number.isFinite(ms)) return '';
  return formatBeijingDateTime(ms);
}

/** `mm:ss` of a number of seconds (never negative), e.g. `14:59`. */
export function minutesSeconds(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
