/**
 * How the user centre words VIP (PRODUCT.md#vip: active only while `vip_expire` is later than now).
 */
import { formatBeijingDate } from '@xuanli/almanac/beijingTime';
import type { Profile } from '@xuanli/contracts/member';
import { isVip } from '@/stores/session';

/** The Beijing calendar date (`YYYY-MM-DD`) of an ISO date-time, e.g. the day VIP ends; null when unreadable. */
export function beijingDate(iso: string): string | null {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? formatBeijingDate(ms) : null;
}

/** What the VIP badge says: `VIP 至 2027-01-15` while active, else whether it ended or never began. */
export function vipStatus(
  user: Pick<Profile, 'vip_expire'>,
  nowMs: number = Date.now(),
): { active: true; until: string } | { active: false; expired: boolean } {
  const until = user.vip_expire ? beijingDate(user.vip_expire) : null;
  if (until && isVip(user, nowMs)) return { active: true, until };
  return { active: false, expired: until !== null };
}
