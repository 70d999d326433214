/**
 * Where a lesson starts when it is opened again: at the saved position, unless that is within the
 * last {@link RESUME_END_MARGIN_S} seconds — a lesson watched to its end starts over from the beginning.
 */

/** A saved position this close to the end counts as finished. */
export const RESUME_END_MARGIN_S = 5;

/** The second to start lesson of `duration` seconds at, given the `saved` position (0: the start). */
export function resumePosition(saved: number, duration: number): number {
  if (!Number.isFinite(saved) || saved <= 0) return 0;
  if (Number.isFinite(duration) && duration > 0 && saved >= duration - RESUME_END_MARGIN_S) return 0;
  return saved;
}
