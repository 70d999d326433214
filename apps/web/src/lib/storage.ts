/**
 * Typed access to `localStorage`. Values are stored as JSON. Reads never throw: private browsing,
 * a full quota or a hand-edited value fall back to the given default, because a broken cache must
 * never stop the almanac from opening.
 */

/** Reads and parses `key`; returns `fallback` when absent or unreadable. */
export function readStorage<T>(key: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return fallback;
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** Stores `value` as JSON under `key`; `undefined` or `null` removes the key. Failures are ignored. */
export function writeStorage(key: string, value: unknown): void {
  try {
    if (value === undefined || value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: the value simply is not kept across visits.
  }
}
