import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TOKEN_STORAGE_KEY_NAME } from '@/config/storage-keys';
import { readStorage } from '@/lib/storage';
import { LOGIN_EVENT } from '@/stores/login-event';

/** Whether the stored token record holds a user (PRODUCT.md#account), read without the session store. */
function storedLogin(): boolean {
  return Boolean(readStorage<{ user?: unknown } | null>(TOKEN_STORAGE_KEY_NAME, null)?.user);
}

/**
 * Keeps the logged-in user's profile and courses current (PRODUCT.md#account: fetched at launch and whenever
 * the login flag changes, never for a visitor) and sends the reader to the login page when the server ends
 * the session. Mounted once by the root layout. It ships with every route, the calendar included, so it holds
 * nothing but a lazy import: the work (the session store, the API client, the member calls) is in
 * ./session-sync.ts, loaded once the browser is idle after the first page — for a logged-in reader; a
 * visitor's app loads it only when they log in (the store's login event).
 */
export function SessionSync() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const here = useRef('');
  here.current = pathname + search;
  const go = useRef(navigate);
  go.current = navigate;
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    const start = () =>
      import('./session-sync').then((sync) => {
        if (live)
          stop = sync.startSessionSync(
            (to) => go.current(to),
            () => here.current,
          );
      });
    let started = false;
    const startOnce = () => {
      if (started) return;
      started = true;
      void start();
    };
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    if (storedLogin()) idle(startOnce);
    window.addEventListener(LOGIN_EVENT, startOnce);
    return () => {
      live = false;
      window.removeEventListener(LOGIN_EVENT, startOnce);
      stop?.();
    };
  }, []);
  return null;
}
