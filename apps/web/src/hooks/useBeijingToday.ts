import { useContext, useEffect, useState } from 'react';
import { beijingToday } from '@/lib/dates';
import { ServerViewContext } from './server-view';

/**
 * Today's Beijing date, re-read whenever the page becomes visible again: many readers leave the
 * almanac open overnight and look at it the next morning, when "today" must have moved on. Rendered on
 * the server, the server's day.
 */
export function useBeijingToday(): string {
  const server = useContext(ServerViewContext);
  const [today, setToday] = useState(() => server?.today ?? beijingToday());
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') setToday(beijingToday());
    };
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('focus', refresh);
    };
  }, []);
  return today;
}
