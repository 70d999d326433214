/**
 * TanStack Query set-up for server state. Each API call later gets its own module next to its
 * feature, in the bulletproof-react shape: a fetcher, a `queryOptions` factory and a hook, e.g.
 *
 * ```ts
 * export const getProfile = () => api.get<User>('/crm/member/profile');
 * export const profileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });
 * export const useProfile = () => useQuery(profileQueryOptions());
 * ```
 *
 * The provider is not app-wide: `src/app/server-state.tsx`, a lazily loaded chunk, wraps every route
 * except the `localPages` of `src/app/routes.tsx` (calendar and 老黄历), so the calendar route never
 * downloads TanStack Query. A page that starts using queries must not be listed there.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError, ClientErrorCode } from '@/lib/api';

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
      },
      mutations: { retry: false },
    },
  });
}

/** The app's query client. */
export const queryClient: QueryClient = createQueryClient();
