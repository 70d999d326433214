/**
 * Playback speeds the player offers (倍速) and the one the learner chose last, which the session store
 * keeps in `ketang.rate` (PRODUCT.md#screens, persisted locally) so every next lesson and launch plays at it.
 */
import type { KetangPrefs } from '@/stores/session';

/** The speeds offered, slowest first. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

/** Normal speed. */
export const NORMAL_RATE = 1;

/** The stored speed when it is one the player offers, else normal speed (a hand-edited or old value). */
export function preferredRate(prefs: KetangPrefs | null | undefined): number {
  const rate = prefs && typeof prefs === 'object' ? prefs.rate : undefined;
  return typeof rate === 'number' && (PLAYBACK_RATES as readonly number[]).includes(rate)
    ? rate
    : NORMAL_RATE;
}

/** How a speed is written on its button: `1.5×`. */
export function rateLabel(rate: number): string {
  return `${rate}×`;
}
