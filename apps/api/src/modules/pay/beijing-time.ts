/**
 * Instants as the providers want them, in Beijing time (UTC+8, no daylight saving): WeChat Pay's
 * RFC 3339 `2026-01-15T12:15:00+08:00` and Alipay's `2026-01-15 12:15:00`.
 */

const BEIJING_OFFSET_MS = 8 * 3600_000;

function beijingParts(at: Date): string {
  // The ISO form of the Beijing wall-clock time, e.g. '2026-01-15T12:15:00'.
  return new Date(at.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19);
}

/** RFC 3339 with the +08:00 offset, to the second (WeChat Pay `time_expire`). */
export function rfc3339Beijing(at: Date): string {
  return `${beijingParts(at)}+08:00`;
}

/** 'yyyy-MM-dd HH:mm:ss' in Beijing time (Alipay `timestamp`, `time_expire`). */
export function alipayTime(at: Date): string {
  return beijingParts(at).replace('T', ' ');
}

/** The instant an Alipay 'yyyy-MM-dd HH:mm:ss' (Beijing) names, or null when it is not one. */
export function parseAlipayTime(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const at = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}
