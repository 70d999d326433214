/**
 * The work of `SessionSync` (./SessionSync.tsx), loaded lazily so that none of it ships with the
 * calendar route: PRODUCT.md#account — while logged in, the profile and the purchased courses are fetched at
 * launch and whenever the login flag changes; for a visitor nothing is fetched. A member call the
 * reader made that the server answers 401 has already cleared the user (`memberRequest`); here the
 * reader is then sent to the login page, which brings them back afterwards.
 *
 * A membership granted while the app is open (a member who paid in WeChat, or whom an operator made
 * VIP after a chat with customer service) must show without a reload: the profile is fetched again
 * whenever the app comes back to the foreground (at most every {@link FOREGROUND_REFRESH_GAP_MS}) and
 * whenever a page asks (`requestProfileRefresh`: the 定制 tab when it opens).
 */
import { paths } from '@/config/paths';
import { syncMyOrders } from '@/features/user/api/get-myorder';
import { syncProfile } from '@/features/user/api/get-profile';
import { startCaseBookSync } from '@/stores/profiles-sync';
import { onSessionExpired, PROFILE_REFRESH_EVENT, useSession } from '@/stores/session';

/** The least time between two fetches caused by the app coming back to the foreground. */
export const FOREGROUND_REFRESH_GAP_MS = 10_000;

/** The least time between two fetches a page asked for (two tabs opened in a row ask once). */
export const PAGE_REFRESH_GAP_MS = 1000;

/**
 * Starts the sync: fetches now when logged in, again on every change of the login flag, when the app
 * returns to the foreground and when a page asks, and opens the login page (with `redirect` back to
 * `currentPath()`) when the session expires. Returns the stop function.
 */
export function startSessionSync(navigate: (to: string) => void, currentPath: () => string): () => void {
  let controller: AbortController | null = null;
  let lastFetch = Number.NEGATIVE_INFINITY;
  const stopFetching = () => {
    controller?.abort();
    controller = null;
  };
  const fetchAll = () => {
    stopFetching();
    controller = new AbortController();
    const { signal } = controller;
    // The monotonic clock: a phone's wall clock may jump (or stand still, in tests of other things).
    lastFetch = performance.now();
    // Failures are left alone: the pages keep showing the stored user and courses until the next try.
    syncProfile(signal).catch(() => undefined);
    syncMyOrders(signal).catch(() => undefined);
  };
  /** Fetches unless logged out or the last fetch is less than `gapMs` old. */
  const refresh = (gapMs: number) => {
    if (useSession.getState().isLogin && performance.now() - lastFetch >= gapMs) fetchAll();
  };
  const onForeground = () => {
    if (document.visibilityState === 'visible') refresh(FOREGROUND_REFRESH_GAP_MS);
  };
  const onPageAsks = () => refresh(PAGE_REFRESH_GAP_MS);

  if (useSession.getState().isLogin) fetchAll();
  // The saved profiles (命例) follow the account too: synced now, at each login and back online.
  const stopCaseBook = startCaseBookSync();
  const unsubscribe = useSession.subscribe((state, previous) => {
    if (state.isLogin === previous.isLogin) return;
    if (state.isLogin) fetchAll();
    else stopFetching();
  });
  const stopExpired = onSessionExpired(() => {
    const here = currentPath();
    if (!here.startsWith(paths.login.path)) navigate(paths.login.getHref({ redirect: here }));
  });
  // visibilitychange when the reader switches back from another app or tab; focus for a desktop
  // window and for WebViews that never hide the page.
  document.addEventListener('visibilitychange', onForeground);
  window.addEventListener('focus', onForeground);
  window.addEventListener('pageshow', onForeground);
  window.addEventListener(PROFILE_REFRESH_EVENT, onPageAsks);
  return () => {
    unsubscribe();
    stopCaseBook();
    stopExpired();
    stopFetching();
    document.removeEventListener('visibilitychange', onForeground);
    window.removeEventListener('focus', onForeground);
    window.removeEventListener('pageshow', onForeground);
    window.removeEventListener(PROFILE_REFRESH_EVENT, onPageAsks);
  };
}
