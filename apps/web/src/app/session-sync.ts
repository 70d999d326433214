/**
 * The work of `SessionSync` (./SessionSync.tsx), loaded lazily so that none of it ships with the
 * calendar route: SPEC §4 — while logged in, the profile and the purchased courses are fetched at
 * launch and whenever the login flag changes; for a visitor nothing is fetched. A member call the
 * reader made that the server answers 401 has already cleared the user (`memberRequest`); here the
 * reader is then sent to the login page, which brings them back afterwards.
 */
import { paths } from '@/config/paths';
import { syncMyOrders } from '@/features/user/api/get-myorder';
import { syncProfile } from '@/features/user/api/get-profile';
import { onSessionExpired, useSession } from '@/stores/session';

/**
 * Starts the sync: fetches now when logged in, again on every change of the login flag, and opens the
 * login page (with `redirect` back to `currentPath()`) when the session expires. Returns the stop function.
 */
export function startSessionSync(navigate: (to: string) => void, currentPath: () => string): () => void {
  let controller: AbortController | null = null;
  const stopFetching = () => {
    controller?.abort();
    controller = null;
  };
  const fetchAll = () => {
    stopFetching();
    controller = new AbortController();
    const { signal } = controller;
    // Failures are left alone: the pages keep showing the stored user and courses until the next try.
    syncProfile(signal).catch(() => undefined);
    syncMyOrders(signal).catch(() => undefined);
  };

  if (useSession.getState().isLogin) fetchAll();
  const unsubscribe = useSession.subscribe((state, previous) => {
    if (state.isLogin === previous.isLogin) return;
    if (state.isLogin) fetchAll();
    else stopFetching();
  });
  const stopExpired = onSessionExpired(() => {
    const here = currentPath();
    if (!here.startsWith(paths.login.path)) navigate(paths.login.getHref({ redirect: here }));
  });
  return () => {
    unsubscribe();
    stopExpired();
    stopFetching();
  };
}
