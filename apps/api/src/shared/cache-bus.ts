/**
 * The change notices that keep every API node's caches exact. Several nodes behind one load balancer
 * each keep per-process caches (sessions, users, the catalogue, course lists, articles, the holiday
 * table); a write on one node must reach the others at once, not when their entries expire.
 *
 * The database itself announces changes: triggers on the cached tables (migration
 * `0020_cache_notices.sql`) call `pg_notify('xuanli_cache', topic)` in the writing transaction, which
 * PostgreSQL delivers at commit, and only then, to every session that listens on the channel — so a
 * write by any node, by the console, by `npm run admin` or by hand is announced, and a rolled-back
 * one never is. Each node listens (db/listener.ts on PostgreSQL; PGlite delivers its own notices in
 * process) and drops what a notice names.
 *
 * While a bus is live, an entry may live long: the notice drops it. When it is not (the listening
 * connection is lost), notices may be missed, so caches fall back to their short time-to-live, and
 * they are flushed when the bus comes back ({@link CacheBus.onReset}).
 */

/** The LISTEN/NOTIFY channel of the triggers. */
export const CHANGE_CHANNEL = 'xuanli_cache';

/**
 * The topics the triggers send. Row topics carry the row's id after a colon: `user:12` (a users row
 * changed or went: its cached row and its sessions), `session:<uuid>` (a session was ended, rotated or
 * logged in).
 */
export const TOPICS = {
  /** Categories, products, or a SKU's price, title, picture… (anything but its stock). */
  catalogue: 'catalogue',
  /** A SKU's stock (orders take it, cancellations give it back). */
  stock: 'stock',
  /** Courses, lessons, categories, reviews, grants, a first lesson watched (learner counts). */
  courses: 'courses',
  articles: 'articles',
  /** Label blocks and reading texts (the `content` table). */
  content: 'content',
  masters: 'masters',
  holidays: 'holidays',
  user: 'user',
  session: 'session',
} as const;

/** The id of a row topic (`user:12` → '12'), or undefined when `topic` is not of `kind`. */
export function rowOf(topic: string, kind: 'user' | 'session'): string | undefined {
  return topic.startsWith(`${kind}:`) ? topic.slice(kind.length + 1) : undefined;
}

/** Where a node hears of changes. */
export interface CacheBus {
  /** True while every committed change reaches this node within moments. */
  isLive(): boolean;
  /** Calls `listener` with the topic of each notice; answers the unsubscribe. */
  onChange(listener: (topic: string) => void): () => void;
  /** Calls `listener` when notices may have been missed (the bus came back): drop everything. */
  onReset(listener: () => void): () => void;
  /**
   * Resolves once every change committed before the call has been delivered to this node's
   * listeners (at once when the bus is not live; never later than about a second).
   */
  settled(): Promise<void>;
  /** Stops listening. */
  close(): Promise<void>;
}

/** A bus fed by hand: {@link LocalBus.publish} delivers a topic to the listeners there and then. */
export interface LocalBus extends CacheBus {
  publish(topic: string): void;
  /** Tells the reset listeners that notices may have been missed. */
  reset(): void;
}

/** Listener sets with error isolation: one failing listener never keeps a notice from the others. */
export function listenerSet<T extends unknown[]>() {
  const listeners = new Set<(...args: T) => void>();
  return {
    add(listener: (...args: T) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(...args: T): void {
      for (const listener of listeners) {
        try {
          listener(...args);
        } catch {
          // A cache's own bug must not stop the others from dropping their entries.
        }
      }
    },
  };
}

/**
 * An in-process bus, live while `live()` says so (always, by default). PGlite (one process) feeds it
 * from its own LISTEN (db/client.ts): its notices arrive when the writing statement returns.
 */
export function localBus(live: () => boolean = () => true): LocalBus {
  const changes = listenerSet<[string]>();
  const resets = listenerSet<[]>();
  return {
    isLive: live,
    onChange: changes.add,
    onReset: resets.add,
    publish: (topic) => changes.emit(topic),
    reset: () => resets.emit(),
    settled: async () => {},
    close: async () => {},
  };
}

/**
 * A bus that never hears anything: caches on it keep only their short time-to-live. The default of
 * an app built without one (a test that opens a second app on the same database by hand).
 */
export function silentBus(): CacheBus {
  return localBus(() => false);
}
