/**
 * The server's clock as the phone can tell it. A buyer's phone may be set minutes or years wrong,
 * while the times the server sends (an unpaid order's `payDeadline`) are read on the server's clock:
 * a countdown against the phone's own clock would show nonsense — hundreds of thousands of minutes,
 * or 已超时 for an order the server still takes payment for. Every API answer carries the server's
 * time in its HTTP `Date` header (RFC 9110, whole seconds); the client notes how far the phone's
 * clock is from it, and `now()` is the phone's clock corrected by that much.
 */

/** The `Date` header counts whole seconds. */
const HEADER_RESOLUTION_MS = 1000;

/**
 * Differences up to this are left alone: the header cannot measure them, and a countdown that jumped
 * by a second at each answer would look broken while the phone's own clock ticks smoothly.
 */
const TRUSTED_SKEW_MS = 2000;

/** A server clock; see {@link createServerClock}. */
export interface ServerClock {
  /** Notes the `Date` header of an answer that has just arrived (null or unreadable: nothing changes). */
  note(dateHeader: string | null): void;
  /** The server's time in epoch ms, as well as it is known. */
  now(): number;
}

/** A server clock over the phone's clock `phoneNow` (Date.now in the app, a fixed time in tests). */
export function createServerClock(phoneNow: () => number): ServerClock {
  let offsetMs = 0;
  return {
    note(dateHeader) {
      const sent = dateHeader ? Date.parse(dateHeader) : Number.NaN;
      if (!Number.isFinite(sent)) return;
      // The header is cut to the second: the server read its clock somewhere in the second that follows.
      const skew = sent + HEADER_RESOLUTION_MS / 2 - phoneNow();
      offsetMs = Math.abs(skew) <= TRUSTED_SKEW_MS ? 0 : skew;
    },
    now: () => phoneNow() + offsetMs,
  };
}
