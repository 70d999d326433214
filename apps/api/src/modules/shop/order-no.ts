/**
 * Order numbers: 20 digits, the Beijing time of creation (yyyyMMddHHmmss) and 6 random digits, so a
 * buyer reading one to customer service also says when it was made, and nobody can guess another
 * buyer's number from their own.
 */
import { randomInt } from 'node:crypto';
import type { Clock } from '../../shared/clock.ts';

/** What every order number looks like. */
export const ORDER_NO_PATTERN = '^[0-9]{20}$';

const BEIJING_OFFSET_MS = 8 * 3600_000;

/** A new order number for an order made at `clock`'s now (random part from `crypto.randomInt`). */
export function newOrderNo(clock: Clock): string {
  const beijing = new Date(clock.now() + BEIJING_OFFSET_MS).toISOString(); // 2026-01-15T12:00:00.000Z
  const stamp = beijing.slice(0, 19).replace(/\D/g, '');
  return stamp + String(randomInt(0, 1_000_000)).padStart(6, '0');
}
