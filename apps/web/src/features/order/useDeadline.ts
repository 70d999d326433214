import { ORDER_PAY_MINUTES } from '@xuanli/contracts/shop-labels';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api';

/** No unpaid order has more time than this: the server gives {@link ORDER_PAY_MINUTES} from its creation. */
const MAX_SECONDS = ORDER_PAY_MINUTES * 60;

/**
 * Seconds from `nowMs` until the ISO instant `deadline` (0 once passed or unreadable), never more than
 * the 15 minutes an order is given. `nowMs` is the server's time as the API client knows it: the
 * deadline is on the server's clock, and a phone set wrong by minutes or years must still count down
 * the time the server gives.
 */
export function secondsUntil(deadline: string, nowMs: number = api.serverNow()): number {
  const ms = Date.parse(deadline);
  return Number.isFinite(ms) ? Math.min(MAX_SECONDS, Math.max(0, Math.ceil((ms - nowMs) / 1000))) : 0;
}

/**
 * Seconds left until `deadline` (an unpaid order's `payDeadline`), ticking each second while
 * `active`. It reads the clock on every tick rather than counting ticks, so a phone that slept
 * (screen off, app in the background) shows the true time left when it wakes; each answer of the
 * server (the order is looked at again every few seconds while unpaid) corrects that clock.
 */
export function useDeadline(deadline: string, active = true): number {
  const [left, setLeft] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    const tick = () => setLeft(secondsUntil(deadline));
    tick();
    if (!active) return;
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline, active]);
  return left;
}
