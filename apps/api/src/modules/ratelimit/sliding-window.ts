/**
 * The sliding window every rate budget counts in: "at most `max` requests in any interval of
 * `window` ms", with no edge where a budget starts afresh.
 *
 * Fixed windows (the count of the current clock minute or hour) let a client spend a whole budget in
 * the last seconds of one window and another in the first seconds of the next: twice the budget in a
 * moment. An exact sliding log would keep every admitted request's time (up to 3,000 per key); a token
 * bucket refills while a burst is spent, so it too admits up to twice its size within one window.
 * Instead each key keeps the admitted requests of its last {@link SLOTS} + 1 slots of `window / SLOTS`
 * ms (the current slot included), and a request is admitted only while their sum is below `max`.
 * Those slots always cover the whole window behind the request, so no interval of `window` ms ever
 * holds more than `max` admitted requests; the price is that a request is remembered up to one slot
 * (1/{@link SLOTS} of the window) longer than the window. Refused requests are not counted: a client
 * that waits as long as `Retry-After` says is admitted.
 *
 * The memory store runs this module's functions; the database store runs the same rule in one SQL
 * statement (store.ts), and both pass the same tests.
 */

/** Slots per window: a request is remembered at most one slot (1/30 of the window) too long. */
export const SLOTS = 30;

/** Slots kept per key: a whole window's worth plus the current, partly elapsed one. */
export const KEPT_SLOTS = SLOTS + 1;

/** What a budget answers for one request. */
export interface WindowAnswer {
  admitted: boolean;
  /** Requests counted against the budget now, this one included when admitted. */
  used: number;
  /**
   * Ms until the budget admits one more: for a refused request, until a retry would be admitted (when
   * nothing else is sent meanwhile); for an admitted one, until the oldest counted request stops
   * counting.
   */
  retryMs: number;
}

/** A key's counts: admitted requests per slot, oldest first, the last being slot `slot`. */
export interface SlotCounts {
  slot: number;
  counts: number[];
}

/** The length of one slot of a `windowMs` window, whole ms. */
export function slotLength(windowMs: number): number {
  return Math.max(1, Math.ceil(Math.max(1, windowMs) / SLOTS));
}

/** `state` moved on to slot `slot` (never backwards: a process whose clock is behind joins the newest). */
export function shiftTo(state: SlotCounts | undefined, slot: number): SlotCounts {
  if (!state) return { slot, counts: new Array<number>(KEPT_SLOTS).fill(0) };
  const gap = slot - state.slot;
  if (gap <= 0) return { slot: state.slot, counts: [...state.counts] };
  if (gap >= KEPT_SLOTS) return { slot, counts: new Array<number>(KEPT_SLOTS).fill(0) };
  return { slot, counts: [...state.counts.slice(gap), ...new Array<number>(gap).fill(0)] };
}

/**
 * Ms from `now` until the counted requests drop to `max - 1` or fewer (at least 1): the oldest slots
 * leave one by one, slot `i` of `counts` when slot `slot + i + 1` begins.
 */
export function msUntilBelow(state: SlotCounts, max: number, now: number, slotMs: number): number {
  const total = state.counts.reduce((sum, count) => sum + count, 0);
  const mustLeave = Math.max(1, total - max + 1);
  let left = 0;
  for (let i = 0; i < state.counts.length; i++) {
    left += state.counts[i];
    if (left >= mustLeave) return Math.max(1, (state.slot + i + 1) * slotMs - now);
  }
  return Math.max(1, (state.slot + state.counts.length) * slotMs - now);
}

/**
 * One request against a key whose counts are `state` (undefined: none yet), at `now`: the new counts
 * and the answer. Pure; the memory store keeps what it returns.
 */
export function takeFromWindow(
  state: SlotCounts | undefined,
  now: number,
  windowMs: number,
  max: number,
): { state: SlotCounts; answer: WindowAnswer } {
  const slotMs = slotLength(windowMs);
  const next = shiftTo(state, Math.floor(now / slotMs));
  const used = next.counts.reduce((sum, count) => sum + count, 0);
  const admitted = used < max;
  if (admitted) next.counts[next.counts.length - 1] += 1;
  return { state: next, answer: answerOf(next, admitted, now, windowMs, max) };
}

/** The answer for counts `state` after a request that was (or was not) admitted. */
export function answerOf(
  state: SlotCounts,
  admitted: boolean,
  now: number,
  windowMs: number,
  max: number,
): WindowAnswer {
  const slotMs = slotLength(windowMs);
  const used = state.counts.reduce((sum, count) => sum + count, 0);
  // Admitted: until the budget grows again, i.e. until the oldest counted request leaves.
  const retryMs = msUntilBelow(state, admitted ? Math.min(max, used) : max, now, slotMs);
  return { admitted, used, retryMs };
}

/** When every request counted in `state` has left the window (epoch ms): its row may then go. */
export function expiresAt(state: SlotCounts, windowMs: number): number {
  return (state.slot + KEPT_SLOTS) * slotLength(windowMs);
}
