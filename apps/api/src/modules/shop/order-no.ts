/**
 * Order numbers: 20 digits, the Beijing time of creation (yyyyMMddHHmmss) and 6 random digits, so a
 * buyer reading one to customer service also says when it was made, and nobody can guess another
 * buyer's number from their own.
 */
import { randomInt } from 'node:crypto';
import { formatBeijingDateTime } from '@xuanli/almanac/beijingTime';
import type { Clock } from '../../shared/clock.ts';

/** What every order number looks like. */
export const ORDER_NO_PATTERN = '^[0-9]{20}$';

/** A new order number for an order made at `clock`'s now (random part from `crypto.randomInt`). */
export function newOrderNo(clock: Clock): string {
  const stamp = formatBeijingDateTime(clock.now()).replace(/\D/g, ''); // 2026-01-15 12:00:00
  return stamp + String(randomInt(0, 1_000_000)).padStart(6, '0');
}
