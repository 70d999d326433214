/**
 * The entered holiday table as each API process holds it. While the change notices are live
 * (shared/cache-bus.ts) the table is trusted until a `holidays` notice says it changed — a day saved
 * on any node shows everywhere as it commits — or `liveMs` passed. Otherwise calendar answers ask the
 * database for the table's version (one row) at most once a second, and reload the table only when
 * the version moved: a day saved in another process shows within a second, one saved in this process
 * at once (its writes force the check, holiday-writes.ts). The answers themselves are the engine's, a
 * few microseconds each, so one round trip per request would be most of their cost. They must not
 * depend on the database being up either: when the version cannot be read in time they use the last
 * table this process knew, or the built-in plans alone.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CacheBus, TOPICS } from '../../shared/cache-bus.ts';
import type { Clock } from '../../shared/clock.ts';
import { holidayWrites } from './holiday-writes.ts';
import { type HolidayState, readHolidayState } from './holidays.ts';
import { holidayVersion } from './schema.ts';

/** The process's view of the entered table. */
export interface HolidayCache {
  /** The current table; throws when the database cannot be asked. */
  current(): Promise<HolidayState>;
  /**
   * The current table, or — when the database does not answer within the time-out or fails — the
   * last table known here (null before the first load), with `fresh` false.
   */
  forAnswers(): Promise<{ state: HolidayState | null; fresh: boolean }>;
  /** Stops hearing change notices (the app closes). */
  dispose(): void;
}

/** Options of {@link createHolidayCache}. */
export interface HolidayCacheOptions {
  /** How long a version read is trusted; default 1000 ms (0 = ask on every answer). */
  ttlMs?: number;
  /** How long {@link HolidayCache.forAnswers} waits for the database; default 1000 ms. */
  timeoutMs?: number;
  /** Told about each failure behind a fallback answer (the routes log it, at most once a minute). */
  onError?: (error: unknown) => void;
  /** Change notices; while live the table is read again only after a `holidays` notice. */
  bus?: CacheBus;
  /** How long a table is trusted while the notices are live; default 0 (the version is checked as above). */
  liveMs?: number;
}

/** A cache of the entered table over `db`, one per app; `clock` times the version reads. */
export function createHolidayCache(db: Db, clock: Clock, options: HolidayCacheOptions = {}): HolidayCache {
  const timeoutMs = options.timeoutMs ?? 1000;
  const { bus, liveMs = 0 } = options;
  // A notice (or a bus that came back) sends the next answer to the database.
  let noticed = 0;
  const unsubscribe = bus?.onChange((topic) => {
    if (topic === TOPICS.holidays) noticed++;
  });
  const unreset = bus?.onReset(() => {
    noticed++;
  });
  let seenNotices = noticed;
  const ttlOf = () => (bus?.isLive() && liveMs > 0 ? liveMs : (options.ttlMs ?? 1000));
  let known: HolidayState | null = null;
  let loading: Promise<HolidayState> | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  // The last failed read: for a second after it answers fall back at once instead of waiting again.
  let failedAt = Number.NEGATIVE_INFINITY;
  let seenWrites = holidayWrites();
  // Until then every answer reads the version: a write of this process may still be committing.
  let checkUntil = Number.NEGATIVE_INFINITY;

  async function current(): Promise<HolidayState> {
    const now = clock.now();
    const ttlMs = ttlOf();
    if (holidayWrites() !== seenWrites) {
      seenWrites = holidayWrites();
      checkUntil = now + 1000;
    }
    if (noticed !== seenNotices) {
      seenNotices = noticed;
      checkedAt = Number.NEGATIVE_INFINITY;
    }
    const trusted = now >= checkUntil;
    if (known && now < checkedAt + ttlMs && trusted) return known;
    if (now < failedAt + (options.ttlMs ?? 1000) && trusted)
      throw new Error('holiday table unavailable a moment ago');
    const notices = noticed;
    const [row] = await db
      .select({ version: holidayVersion.version })
      .from(holidayVersion)
      .where(eq(holidayVersion.id, 1));
    const version = row?.version ?? 0;
    // A notice that came in meanwhile may be about a version this read did not see.
    if (notices === noticed) checkedAt = now;
    if (known && known.version === version) return known;
    // Concurrent requests share one reload.
    loading ??= readHolidayState(db)
      .then((state) => {
        known = state;
        return state;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  async function forAnswers(): Promise<{ state: HolidayState | null; fresh: boolean }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`holiday version took over ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return { state: await Promise.race([current(), timeout]), fresh: true };
    } catch (error) {
      options.onError?.(error);
      failedAt = clock.now();
      return { state: known, fresh: false };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    current,
    forAnswers,
    dispose() {
      unsubscribe?.();
      unreset?.();
    },
  };
}
