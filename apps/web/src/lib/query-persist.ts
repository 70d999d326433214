/**
 * The server answers the reading pages last showed, kept in local storage so that offline — or while
 * our server is down — 课堂, 商城 and 定制 open with what they showed last time, marked as such
 * (components/ConnectionNotice.tsx), and refresh by themselves once the server answers again.
 *
 * Serialised with TanStack Query's own `dehydrate`/`hydrate`. Its ready-made persister
 * (@tanstack/query-persist-client-core) is not used: the published versions pin an older query-core
 * exactly, so every page reading server state would download a second copy of the query library
 * (about 13 KB gzip) for what is this file's worth of glue.
 *
 * What is kept: the GET answers of the classroom, the shop's catalogue and cart, 定制 and its profile,
 * the contact cards and articles — never a signed media URL, an order or an address. The record names
 * the account it was kept for; another account (or a visitor) never gets it, and the session store
 * removes it when the account leaves the phone (src/stores/session.ts), which this layer follows.
 */
import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { QUERY_CACHE_STORAGE_KEY } from '@/config/account-keys';
import { readStorage, writeStorage } from '@/lib/storage';
import { useSession } from '@/stores/session';

/** Answers older than this are not shown as "what you saw last time" any more. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** Most characters of JSON kept (local storage holds about 5 MB for the whole app). */
export const PERSIST_MAX_CHARS = 800_000;
/** Saving waits this long after an answer, so a page's burst of answers is written once. */
const SAVE_DELAY_MS = 800;
/** Format of the record; another one is dropped. */
const FORMAT = 1;

/** The stored record. */
interface PersistedQueries {
  v: number;
  /** The user id of the account the answers were kept for; null for a visitor. */
  owner: number | null;
  state: DehydratedState;
}

/** Whether the answer of `key` is kept across visits. */
export function isPersistedQuery(key: QueryKey): boolean {
  const [root, kind] = key;
  switch (root) {
    case 'ketang':
      // A lesson's play URL is signed and expires; everything else of the classroom is kept.
      return kind !== 'play';
    case 'shop':
      return kind === 'categories' || kind === 'products' || kind === 'product' || kind === 'cart';
    case 'dingzhi':
    case 'dingzhi-profile':
    case 'kefu':
    case 'dashi':
    case 'articles':
    case 'article':
      return true;
    default:
      return false;
  }
}

/** The signed-in user's id, or null for a visitor. */
function currentOwner(): number | null {
  return useSession.getState().user?.id ?? null;
}

/**
 * Puts the answers kept for the current account into `client`: none when they were kept for another
 * account, and none older than {@link PERSIST_MAX_AGE_MS}. They are marked stale whatever their age, so
 * a page shows them at once and asks the server again as soon as it can (at once online, when the
 * network returns offline).
 */
export function restoreQueries(client: QueryClient, now: number = Date.now()): void {
  const stored = readStorage<PersistedQueries | null>(QUERY_CACHE_STORAGE_KEY, null);
  if (!stored || stored.v !== FORMAT || !stored.state || !Array.isArray(stored.state.queries)) return;
  if (stored.owner !== currentOwner()) {
    writeStorage(QUERY_CACHE_STORAGE_KEY, undefined);
    return;
  }
  const queries = stored.state.queries.filter(
    (query) => isPersistedQuery(query.queryKey) && now - query.state.dataUpdatedAt < PERSIST_MAX_AGE_MS,
  );
  try {
    hydrate(client, { mutations: [], queries });
    const restored = new Set(queries.map((query) => query.queryHash));
    void client.invalidateQueries({
      predicate: (query) => restored.has(query.queryHash),
      refetchType: 'none',
    });
  } catch {
    // A record from an older build the library cannot read: start without it.
    writeStorage(QUERY_CACHE_STORAGE_KEY, undefined);
  }
}

/** Writes the kept answers of `client`, newest first, as many as {@link PERSIST_MAX_CHARS} allow. */
export function saveQueries(client: QueryClient, now: number = Date.now()): void {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' &&
      query.state.data !== undefined &&
      isPersistedQuery(query.queryKey) &&
      now - query.state.dataUpdatedAt < PERSIST_MAX_AGE_MS,
  });
  const queries = [...state.queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  let chars = 0;
  const kept = queries.filter((query) => {
    chars += JSON.stringify(query).length;
    return chars <= PERSIST_MAX_CHARS;
  });
  const record: PersistedQueries = {
    v: FORMAT,
    owner: currentOwner(),
    state: { mutations: [], queries: kept },
  };
  writeStorage(QUERY_CACHE_STORAGE_KEY, record);
}

/**
 * Keeps `client`'s answers across visits: restores them now, saves shortly after each new kept answer
 * and when the page is hidden (a phone may end a hidden page without warning), and drops them — in
 * memory and on disk — when the account leaves the phone (the session store's user goes or changes).
 * Answers the stop function.
 */
export function keepQueriesAcrossVisits(client: QueryClient): () => void {
  restoreQueries(client);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    saveQueries(client);
  };
  const stopCache = client.getQueryCache().subscribe((event) => {
    if (!isPersistedQuery(event.query.queryKey)) return;
    const changed = (event.type === 'updated' && event.action.type === 'success') || event.type === 'removed';
    if (changed && timer === undefined) timer = setTimeout(save, SAVE_DELAY_MS);
  });
  const onHide = () => {
    if (timer !== undefined && document.visibilityState === 'hidden') save();
  };
  const onPageHide = () => {
    if (timer !== undefined) save();
  };
  const stopSession = useSession.subscribe((state, previous) => {
    if (!previous.user || state.user?.id === previous.user.id) return;
    clearTimeout(timer);
    timer = undefined;
    // Queries only: a mutation that ended the session (account deletion) is still finishing.
    client.removeQueries();
    writeStorage(QUERY_CACHE_STORAGE_KEY, undefined);
  });
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    stopCache();
    stopSession();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onPageHide);
  };
}
