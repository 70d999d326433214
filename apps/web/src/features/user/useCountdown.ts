import { useCallback, useEffect, useState } from 'react';

/**
 * A seconds countdown for the resend button: `start(60)` shows 60, 59, … 0. It counts against the
 * clock, not ticks, so a phone that paused the page (screen off) still shows the true time left.
 */
export function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState(0);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (endsAt === 0) return;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) setEndsAt(0);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => setEndsAt(Date.now() + Math.max(0, seconds) * 1000), []);
  return { left, start };
}
