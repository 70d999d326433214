/**
 * TanStack Query set-up for server state. Each API call later gets its own module next to its
 * feature, in the bulletproof-react shape: a fetcher, a `queryOptions` factory and a hook, e.g.
 *
 * ```ts
 * export const getProfile = () => api.call(APP_ROUTES.member.getProfile);
 * export const profileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });
 * export const useProfile = () => useQuery(profileQueryOptions());
 * ```
 *
 * The provider is not app-wide: `src/app/server-state.tsx`, a lazily loaded chunk, wraps every route
 * except the `localPages` of `src/app/routes.tsx` (calendar and 老黄历), so the calendar route never
 * downloads TanStack Query. A page that starts using queries must not be listed there.
 *
 * Offline and outages: the query library is told the browser's real network state from the start
 * (its own guess is "online" until an event says otherwise, so a page opened offline would fail its
 * queries and never pick up again); offline, queries wait and resume by themselves when the network
 * returns. The answers the reading pages showed are kept across visits (./query-persist.ts).
 */
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError, browserOffline, ClientErrorCode } from '@/lib/api';
import { keepQueriesAcrossVisits } from '@/lib/query-persist';

/** Whether a failed query is worth one more try: network trouble and time-outs yes, answers no. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(error instanceof ApiError)) return failureCount < 1;
  if (error.code === ClientErrorCode.abort) return false;
  if (error.code === ClientErrorCode.network || error.code === ClientErrorCode.timeout) return true;
  return error.status !== undefined && error.status >= 500;
}

/** Creates the app's query client; tests create a fresh one each. */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        retry: shouldRetry,
        // On a phone, switching back to the browser should not refetch every visible query.
        refetchOnWindowFocus: false,
        // But a phone back online refetches what is on screen even when it is not stale yet: the page
        // showed it under a 离线 notice, and that notice goes once a fresh answer is in.
        refetchOnReconnect: 'always',
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Tells the query library the network state: now, and at every `online`/`offline` event. Answers the
 * stop function.
 */
export function followNetworkState(): () => void {
  let stop: () => void = () => {};
  onlineManager.setEventListener((setOnline) => {
    // Outside a browser (a test environment already torn down when a late import lands) there is nothing to follow.
    if (typeof window === 'undefined') return undefined;
    setOnline(!browserOffline());
    const online = () => setOnline(true);
    const offline = () => setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    stop = () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
    return stop;
  });
  return () => stop();
}

/** The app's query client. */
export const queryClient: QueryClient = createQueryClient();

if (typeof window !== 'undefined') {
  followNetworkState();
  keepQueriesAcrossVisits(queryClient);
}
