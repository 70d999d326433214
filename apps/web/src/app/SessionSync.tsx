import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Keeps the logged-in user's profile and courses current (SPEC §4: fetched at launch and whenever the
 * login flag changes, never for a visitor) and sends the reader to the login page when the server ends
 * the session. Mounted once by the root layout. It ships with every route, the calendar included, so
 * it holds nothing but a lazy import: the work (the session store, the API client, the member calls)
 * is in ./session-sync.ts, loaded once the browser is idle after the first page.
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
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    idle(() => void start());
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  return null;
}
